import type { MessageKey } from '../../../lib/i18n/i18n.ts';

/** The limits of the shared contract (packages/shared agent-bots.ts). */
export const NAME_MAX_LENGTH = 255;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const URL_MAX_LENGTH = 2048;

export type AgentBotDraft = { name: string; description: string; outgoing_url: string };
export type AgentBotField = keyof AgentBotDraft;
export type AgentBotErrors = Partial<Record<AgentBotField, MessageKey>>;

/** An absolute http(s) address, as the API accepts it. */
export function isHttpUrl(text: string): boolean {
  if (text.length > URL_MAX_LENGTH) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A name of 1–255 characters, a description of up to 2000, and an empty or http(s) webhook URL. */
export function validateAgentBot(draft: AgentBotDraft): AgentBotErrors {
  const errors: AgentBotErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'AGENT_BOTS.FORM.NAME.ERROR';
  else if (name.length > NAME_MAX_LENGTH) errors.name = 'AGENT_BOTS.FORM.NAME.TOO_LONG';
  if (draft.description.trim().length > DESCRIPTION_MAX_LENGTH) errors.description = 'AGENT_BOTS.FORM.DESCRIPTION.TOO_LONG';
  const url = draft.outgoing_url.trim();
  if (url && !isHttpUrl(url)) errors.outgoing_url = 'AGENT_BOTS.FORM.WEBHOOK.ERROR';
  return errors;
}

/** The JSON body of a create or update: trimmed, with empty optional fields as none. */
export const agentBotBody = (draft: AgentBotDraft) => ({
  name: draft.name.trim(),
  description: draft.description.trim() || null,
  outgoing_url: draft.outgoing_url.trim() || null,
});

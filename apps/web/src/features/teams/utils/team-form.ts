import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';

/** packages/shared teams.ts: a name of 1 to 255 characters, a description of at most 1000. */
export const TEAM_NAME_MAX = 255;
export const TEAM_DESCRIPTION_MAX = 1000;

export type TeamField = 'name' | 'description' | 'user_ids';
export type FieldErrors = Partial<Record<TeamField, string>>;

export function validateTeamName(name: string): FieldErrors {
  if (!name.trim()) return { name: t('TEAMS_SETTINGS.FORM.NAME.REQUIRED') };
  if (name.trim().length > TEAM_NAME_MAX) return { name: t('TEAMS_SETTINGS.FORM.NAME.TOO_LONG', { max: TEAM_NAME_MAX }) };
  return {};
}

export function validateTeamDescription(description: string): FieldErrors {
  return description.trim().length > TEAM_DESCRIPTION_MAX ? { description: t('TEAMS_SETTINGS.FORM.DESCRIPTION.TOO_LONG', { max: TEAM_DESCRIPTION_MAX }) } : {};
}

/** The team form: a name (required, at most 255 characters) and an optional description of at most 1000. */
export function validateTeam(input: { name: string; description: string }): FieldErrors {
  return { ...validateTeamName(input.name), ...validateTeamDescription(input.description) };
}

const FIELD_LABELS: Record<TeamField, MessageKey> = {
  name: 'TEAMS_SETTINGS.FORM.NAME.LABEL',
  description: 'TEAMS_SETTINGS.FORM.DESCRIPTION.LABEL',
  user_ids: 'TEAMS_SETTINGS.AGENTS.TITLE',
};

/** `team.name`, `user_ids.2`: the form field a server message belongs to. */
function fieldOf(key: string): TeamField | null {
  const name = key.split('.').find((part) => part !== 'team' && !/^\d+$/.test(part)) ?? '';
  return name in FIELD_LABELS ? (name as TeamField) : null;
}

/**
 * A failed save read for a form: a 422's messages under the form's fields ("Team name has already been
 * taken"), and one message for the rest (another field, a 404, a 500, no answer).
 */
export function readTeamError(error: unknown, fields: readonly TeamField[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError) || error.status === 0) return { fields: {}, message: t('TEAMS_SETTINGS.API_ERROR') };
  if (error.status !== 422) return { fields: {}, message: error.message || t('TEAMS_SETTINGS.API_ERROR') };
  const placed: FieldErrors = {};
  let unplaced = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(key);
    const text = messages[0];
    if (!text) continue;
    if (field && fields.includes(field)) placed[field] ??= `${t(FIELD_LABELS[field])} ${text}`;
    else unplaced = true;
  }
  return { fields: placed, message: unplaced || Object.keys(placed).length === 0 ? error.message || t('TEAMS_SETTINGS.API_ERROR') : null };
}

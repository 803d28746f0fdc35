import { z } from 'zod';
import { AGENT_BOT_TYPES } from './constants.ts';
import { requiredText, wrapped } from './common.ts';
import { AvatarFileSchema } from './profile.ts';

/** The agent bot object (Chatwoot's agent_bot partial). */
export const AgentBotSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  thumbnail: z.string().describe('Avatar URL, empty when the bot has none.'),
  outgoing_url: z.string().nullable().describe('Where the bot receives conversation events; null for bots that only use their API token.'),
  bot_type: z.enum(AGENT_BOT_TYPES),
  bot_config: z.record(z.string(), z.unknown()),
  account_id: z.number().int().nullable().describe('Null for system bots, which every account may use.'),
  access_token: z.string().optional().describe("The bot's API access token: account bots only, shown to administrators only."),
  system_bot: z.boolean(),
});
export type AgentBot = z.infer<typeof AgentBotSchema>;

export const AgentBotListSchema = z.array(AgentBotSchema);

const BOT_CONFIG_MAX_CHARS = 16_000;
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

// An empty text field (as forms send) means "none".
const outgoingUrl = z
  .union([z.literal(''), httpUrl])
  .nullable()
  .transform((v) => v || null);
// Chatwoot's enum is an integer on input (0 = webhook); multipart sends it as text.
const botType = z
  .union([z.enum(AGENT_BOT_TYPES), z.literal(0), z.literal('0')])
  .transform((v): (typeof AGENT_BOT_TYPES)[number] => (v === 0 || v === '0' ? 'webhook' : v));
const botConfig = z
  .record(z.string(), z.unknown())
  .refine((v) => JSON.stringify(v).length <= BOT_CONFIG_MAX_CHARS, { message: `is too large (maximum is ${BOT_CONFIG_MAX_CHARS} characters of JSON)` });
const description = z.string().trim().max(2000).nullable().optional();
// avatar_url is fetched by the server (public addresses only); an empty field means "no URL".
const avatarUrl = z
  .union([z.literal(''), httpUrl])
  .optional()
  .transform((v) => v || undefined);

const fields = {
  description,
  outgoing_url: outgoingUrl.optional(),
  bot_type: botType.optional(),
  bot_config: botConfig.optional(),
  avatar: AvatarFileSchema.optional().describe('Image file (multipart `agent_bot[avatar]`); PNG, JPEG, GIF or WebP by content, at most 4 MB.'),
  avatar_url: avatarUrl.describe('Public http(s) URL of an image the server downloads as the avatar (ignored when a file is sent).'),
};

/** POST agent_bots, as JSON (flat or under `agent_bot`) or multipart `agent_bot[...]`. */
export const CreateAgentBotBodySchema = wrapped('agent_bot', z.object({ name: requiredText(255), ...fields }));
export type CreateAgentBotBody = z.infer<typeof CreateAgentBotBodySchema>;

/** PATCH agent_bots/{id}: only the fields sent change. */
export const UpdateAgentBotBodySchema = wrapped('agent_bot', z.object({ name: requiredText(255).optional(), ...fields }));
export type UpdateAgentBotBody = z.infer<typeof UpdateAgentBotBodySchema>;

/** GET inboxes/{id}/agent_bot. */
export const InboxAgentBotSchema = z.object({ agent_bot: AgentBotSchema.nullable() });

/** POST inboxes/{id}/set_agent_bot: a bot id (the account's or a system bot), or null to disconnect. */
export const SetAgentBotBodySchema = z.object({
  agent_bot: z
    .union([z.null(), z.literal(''), z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,14}$/, 'must be an agent bot id')])
    .transform((v) => (v === null || v === '' ? null : Number(v)))
    .describe('Agent bot id; null disconnects the bot.'),
});
export type SetAgentBotBody = z.infer<typeof SetAgentBotBodySchema>;

import { z } from 'zod';
import { wrapped } from './common.ts';

/** Events an account webhook may subscribe to (Chatwoot's names). */
export const WEBHOOK_EVENTS = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'contact_created',
  'contact_updated',
  'conversation_typing_on',
  'conversation_typing_off',
  'webwidget_triggered',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WEBHOOK_DELIVERIES_PER_PAGE = 25;

export const WebhookSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  url: z.string(),
  account_id: z.number().int(),
  subscriptions: z.array(z.string()),
  inbox: z.object({ id: z.number().int(), name: z.string(), channel_type: z.string() }).optional(),
  secret: z.string().describe('Signs X-Chatwoot-Signature; shown to administrators only (Chatwoot 4.x).'),
});
export type Webhook = z.infer<typeof WebhookSchema>;

const url = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const parsed = new URL(v);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');
const subscriptions = z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'must not be empty').max(WEBHOOK_EVENTS.length).transform((list) => [...new Set(list)]);
const inboxId = z.coerce.number().int().positive().nullable().optional();

export const CreateWebhookBodySchema = wrapped(
  'webhook',
  z.object({ url, name: z.string().trim().max(255).nullable().optional(), subscriptions, inbox_id: inboxId }),
);
export const UpdateWebhookBodySchema = wrapped(
  'webhook',
  z.object({ url: url.optional(), name: z.string().trim().max(255).nullable().optional(), subscriptions: subscriptions.optional(), inbox_id: inboxId }),
);

export const WebhookListSchema = z.object({ payload: z.object({ webhooks: z.array(WebhookSchema) }) });
export const WebhookPayloadSchema = z.object({ payload: z.object({ webhook: WebhookSchema }) });

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int().nullable(),
  // the API inbox whose webhook_url it goes to (null for an account webhook)
  inbox_id: z.number().int().nullable(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempt_log: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({
  meta: z.object({ count: z.number().int(), current_page: z.number().int() }),
  payload: z.array(WebhookDeliverySchema),
});

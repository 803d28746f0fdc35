import { z } from 'zod';
import { wrapped } from './common.ts';

/**
 * Browser push registrations (000 section 3 "Push subscription", section 7 POST
 * /api/v1/notification_subscriptions; Chatwoot's notification_subscriptions). They belong to the user, not
 * to an account: one browser gets the pushes of every account its user works in.
 */
export const SUBSCRIPTION_TYPES = ['browser_push'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

/** Longest endpoint accepted: push services' URLs are a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** What PushSubscription.toJSON() gives a browser: the push service URL and the two base64url keys. */
export const BrowserPushAttributesSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(PUSH_ENDPOINT_MAX_LENGTH)
    .pipe(z.url({ protocol: /^https?$/, error: 'is not a valid http or https URL' })),
  p256dh: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'is not base64url'),
  auth: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(100)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'is not base64url'),
});
export type BrowserPushAttributes = z.infer<typeof BrowserPushAttributesSchema>;

/** POST body, flat or under `notification_subscription` (the dashboard wraps it). */
export const CreateNotificationSubscriptionBodySchema = wrapped(
  'notification_subscription',
  z.object({
    subscription_type: z.enum(SUBSCRIPTION_TYPES, { error: 'is not a supported subscription type' }),
    subscription_attributes: BrowserPushAttributesSchema,
  }),
);
export type CreateNotificationSubscriptionBody = z.infer<typeof CreateNotificationSubscriptionBodySchema>;

/** DELETE body: the endpoint of the browser that stops receiving pushes (`push_token` is Chatwoot's mobile name for it). */
export const DeleteNotificationSubscriptionBodySchema = wrapped(
  'notification_subscription',
  z
    .object({ endpoint: z.string().trim().min(1).max(PUSH_ENDPOINT_MAX_LENGTH).optional(), push_token: z.string().trim().min(1).max(PUSH_ENDPOINT_MAX_LENGTH).optional() })
    .refine((b) => b.endpoint !== undefined || b.push_token !== undefined, { message: 'must not be blank', path: ['endpoint'] }),
);
export type DeleteNotificationSubscriptionBody = z.infer<typeof DeleteNotificationSubscriptionBodySchema>;

/** One registration as the API answers it (Chatwoot renders the record's columns). */
export const NotificationSubscriptionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  subscription_type: z.enum(SUBSCRIPTION_TYPES),
  subscription_attributes: BrowserPushAttributesSchema,
  identifier: z.string().describe('The endpoint: a browser is registered once, for the user who registered it last.'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationSubscription = z.infer<typeof NotificationSubscriptionSchema>;

/**
 * What a push carries (Chatwoot's PushNotificationService): the title, a tag that lets a newer push of the
 * same notification replace the old one, and the conversation's address in the dashboard.
 */
export const PushMessageSchema = z.object({ title: z.string(), tag: z.string(), url: z.string() });
export type PushMessage = z.infer<typeof PushMessageSchema>;

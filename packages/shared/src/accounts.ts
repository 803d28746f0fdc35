import { z } from 'zod';
import { ACCOUNT_STATUSES, ALWAYS_ON_FEATURES, FEATURE_FLAGS, FEATURES_OFF_BY_DEFAULT, type FeatureFlag } from './constants.ts';
import { requiredText, wrapped } from './common.ts';
import { PasswordSchema } from './auth.ts';
import { isLanguageCode } from './languages.ts';

export const FeaturesSchema = z.partialRecord(z.enum(FEATURE_FLAGS), z.boolean());

export const CacheKeysSchema = z.object({ label: z.number(), inbox: z.number(), team: z.number() });

export const AccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  locale: z.string(),
  domain: z.string().nullable(),
  support_email: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  created_at: z.string(),
  features: z.record(z.string(), z.boolean()),
  custom_attributes: z.record(z.string(), z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  cache_keys: CacheKeysSchema,
  latest_chatwoot_version: z.string().describe('The newest product version known to this installation.'),
});
export type Account = z.infer<typeof AccountSchema>;

/**
 * Signed-in users send only account_name; with sign-up enabled a visitor also sends the
 * administrator's user_full_name, email and password.
 */
export const CreateAccountBodySchema = z.object({
  account_name: requiredText(255),
  user_full_name: z.string().trim().min(1).max(255).optional(),
  email: z.email().max(255).optional(),
  password: PasswordSchema.optional(),
  locale: z.string().trim().min(2).max(10).optional(),
});

const subscriptionStatus = z.string().max(64);
/** An account's locale is a language of the list (001 section 3), optionally with a region: `pt`, `pt_BR`. */
const accountLocale = z
  .string()
  .trim()
  .refine((code) => /^[a-z]{2}(?:[_-][A-Za-z]{2,4})?$/.test(code) && isLanguageCode(code.slice(0, 2)), 'is not a supported language');
export const UpdateAccountBodySchema = wrapped(
  'account',
  z.object({
    name: requiredText(255).optional(),
    locale: accountLocale.optional(),
    domain: z.string().trim().max(255).nullable().optional(),
    support_email: z.email().max(255).nullable().optional(),
    status: z.enum(ACCOUNT_STATUSES).optional(),
    features: FeaturesSchema.optional(),
    custom_attributes: z
      .looseObject({ subscription_status: subscriptionStatus.optional(), subscription_ends_on: z.string().nullable().optional() })
      .optional(),
    auto_resolve_after: z.number().int().min(10).max(1_439_856).nullable().optional(),
    auto_resolve_message: z.string().max(10_000).nullable().optional(),
    auto_resolve_ignore_waiting: z.boolean().optional(),
    timezone: z.string().max(64).optional(),
  }),
);

export const LimitEntrySchema = z.object({ allowed: z.number().int().nullable(), consumed: z.number().int() });
export const LimitsResponseSchema = z.object({
  id: z.number().int(),
  limits: z.object({ conversation: LimitEntrySchema, non_web_inboxes: LimitEntrySchema }),
});
export const CacheKeysResponseSchema = z.object({ cache_keys: CacheKeysSchema });

/** The effective flag map: defaults, then the account's stored choices, then the always-on flags. */
export function resolveFeatures(stored: Record<string, boolean>): Record<FeatureFlag, boolean> {
  const features = {} as Record<FeatureFlag, boolean>;
  for (const flag of FEATURE_FLAGS) {
    features[flag] = stored[flag] ?? !FEATURES_OFF_BY_DEFAULT.includes(flag);
  }
  for (const flag of ALWAYS_ON_FEATURES) features[flag] = true;
  return features;
}

import { z } from 'zod';

/** The closed set of error codes a service may throw; plugins/errors maps each to a status. */
export const ERROR_CODES = [
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'validation_failed',
  'conflict',
  'account_suspended',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'feature_disabled',
  'bad_request',
  /** The record's state does not allow the change (a payment status transition): 409. */
  'state_conflict',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  validation_failed: 422,
  conflict: 422,
  account_suspended: 403,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  feature_disabled: 403,
  bad_request: 400,
  state_conflict: 409,
};

export const NOT_FOUND_MESSAGE = 'Resource could not be found';
export const FORBIDDEN_MESSAGE = 'You are not authorized to do this action';

/** 422 body: Chatwoot's `{message, attributes}` plus per-field errors. */
export const ValidationErrorSchema = z.object({
  message: z.string(),
  attributes: z.array(z.string()),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ValidationError = z.infer<typeof ValidationErrorSchema>;

export const ErrorSchema = z.object({ error: z.string(), error_code: z.string().optional() });
export const UnauthorizedSchema = z.object({ success: z.literal(false).optional(), errors: z.array(z.string()) });

export const IdParamSchema = z.coerce.number().int().positive();
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * Chatwoot's controllers accept a body flat or wrapped under the model key (Rails ParamsWrapper):
 * `{name}` and `{agent: {name}}` mean the same. The wrapped form wins on conflicts.
 */
export function wrapped<T extends z.ZodType>(key: string, schema: T) {
  return z.preprocess((body) => {
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const inner = (body as Record<string, unknown>)[key];
      if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
        const { [key]: _dropped, ...rest } = body as Record<string, unknown>;
        return { ...rest, ...(inner as Record<string, unknown>) };
      }
    }
    return body;
  }, schema);
}

/** A trimmed, non-empty string. */
export const requiredText = (max = 255) => z.string().trim().min(1, 'must not be blank').max(max);
export const emailText = z.string().trim().toLowerCase().pipe(z.email('is not a valid email').max(255));

import { z } from 'zod';
import { wrapped } from './common.ts';

export const CannedResponseSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  short_code: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CannedResponse = z.infer<typeof CannedResponseSchema>;

export const ListCannedResponsesQuerySchema = z.object({
  search: z.string().trim().max(255).optional().describe('Matches short_code or content; short-code prefix matches come first'),
});

/** Typed after `/` in the editor, so a short code is one word. */
const shortCode = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(255)
  .regex(/^\S+$/, 'must not contain spaces');
// Content keeps its own whitespace (line breaks matter in a reply), but must say something.
const content = z
  .string()
  .max(10_000)
  .refine((text) => text.trim().length > 0, 'must not be blank');

export const CreateCannedResponseBodySchema = wrapped('canned_response', z.object({ short_code: shortCode, content }));
export const UpdateCannedResponseBodySchema = wrapped(
  'canned_response',
  z.object({ short_code: shortCode.optional(), content: content.optional() }),
);

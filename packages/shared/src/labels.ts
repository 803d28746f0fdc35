import { z } from 'zod';
import { wrapped } from './common.ts';

export const DEFAULT_LABEL_COLOR = '#1f93ff';

export const LabelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  show_on_sidebar: z.boolean(),
});
export type Label = z.infer<typeof LabelSchema>;

export const LabelListSchema = z.object({ payload: z.array(LabelSchema) });

/** Conversations and contacts reference labels by title, so titles are one lowercase word. */
const title = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(255)
  .regex(/^[\p{L}\p{N}_-]+$/u, 'may only contain letters, numbers, hyphens and underscores')
  .toLowerCase();
const description = z.string().trim().max(1000).nullable().optional();
const color = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1f93ff');
const showOnSidebar = z.boolean();

export const CreateLabelBodySchema = wrapped(
  'label',
  z.object({ title, description, color: color.default(DEFAULT_LABEL_COLOR), show_on_sidebar: showOnSidebar.default(true) }),
);
export const UpdateLabelBodySchema = wrapped(
  'label',
  z.object({ title: title.optional(), description, color: color.optional(), show_on_sidebar: showOnSidebar.optional() }),
);

import { z } from 'zod';
import { requiredText, wrapped } from './common.ts';

export * from './dashboard-apps-constants.ts';

/** An http(s) address a frame may load (Chatwoot's JSON schema: `format: uri`; here only web pages). */
export const frameUrl = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(2048)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return parsed.protocol === 'http:' || parsed.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

export const DashboardAppFrameSchema = z.object({ type: z.literal('frame'), url: z.string() });

export const DashboardAppSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.array(DashboardAppFrameSchema).describe('The frames the app shows, each loaded with the conversation context posted to it.'),
  created_at: z.string(),
});
export type DashboardApp = z.infer<typeof DashboardAppSchema>;

const content = z
  .array(z.object({ type: z.literal('frame', { error: 'must be frame' }), url: frameUrl }))
  .min(1, 'must not be empty')
  .max(5);

export const CreateDashboardAppBodySchema = wrapped('dashboard_app', z.object({ title: requiredText(255), content }));
export const UpdateDashboardAppBodySchema = wrapped('dashboard_app', z.object({ title: requiredText(255).optional(), content: content.optional() }));

/** GET dashboard_apps answers a bare array, as Chatwoot's index does. */
export const DashboardAppListSchema = z.array(DashboardAppSchema);


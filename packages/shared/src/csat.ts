import { z } from 'zod';
import { percent } from './reports.ts';

// Customer satisfaction (docs/csat.md): the survey a resolved conversation sends, the customer's answer on the
// public survey page, and the account's list, download and metrics.

/** 001 section 9: ratings are 1 to 5. */
export const CSAT_RATINGS = [1, 2, 3, 4, 5] as const;
/** Ratings that count as satisfied (001 section 9: the satisfaction score is the percent of 4 and 5). */
export const CSAT_SATISFIED_RATINGS = [4, 5] as const;
/** The customer may change their answer this long after the survey was sent; later the page shows it read-only. */
export const CSAT_RESPONSE_EDIT_WINDOW_DAYS = 14;
export const CSAT_FEEDBACK_MAX_LENGTH = 2_000;
export const CSAT_PAGE_SIZE = 25;
/** The public survey page's path in the web app; the survey message links to it on channels without a widget. */
export const csatSurveyPath = (conversationUuid: string): string => `/survey/responses/${conversationUuid}`;

const ids = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
  z.array(z.coerce.number().int().positive()).max(100).optional(),
);

/**
 * S1-7.100: GET csat_survey_responses, /download and /metrics take page, since, until (unix seconds), sort,
 * user_ids (the assigned agents), inbox_id, team_id and rating (one or more of 1-5). Arrays come as `user_ids[]=`
 * repeated or comma-separated.
 */
export const CsatQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  since: z.coerce.number().int().min(0).optional(),
  until: z.coerce.number().int().min(0).optional(),
  sort: z.enum(['created_at', '-created_at', 'rating', '-rating']).default('-created_at'),
  user_ids: ids,
  inbox_id: z.coerce.number().int().positive().optional(),
  team_id: z.coerce.number().int().positive().optional(),
  rating: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')),
    z.array(z.coerce.number().int().min(1, 'must be 1 to 5').max(5, 'must be 1 to 5')).max(5).optional(),
  ),
});
export type CsatQuery = z.infer<typeof CsatQuerySchema>;

const PersonSchema = z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() });

export const CsatResponseSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  feedback_message: z.string().nullable(),
  account_id: z.number().int(),
  message_id: z.number().int().nullable(),
  contact: PersonSchema.extend({ email: z.string().nullable(), phone_number: z.string().nullable() }).nullable(),
  conversation_id: z.number().int().describe('The display id, as in the conversation routes.'),
  assigned_agent: PersonSchema.extend({ email: z.string() }).nullable(),
  inbox: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type CsatResponse = z.infer<typeof CsatResponseSchema>;
/** GET csat_survey_responses: a page (CSAT_PAGE_SIZE) and how many match in all. */
export const CsatListSchema = z.object({ meta: z.object({ count: z.number().int(), current_page: z.number().int() }), payload: z.array(CsatResponseSchema) });

/** S1-3.32, S1-3.33: GET csat_survey_responses/metrics. */
export const CsatMetricsSchema = z.object({
  total_count: z.number().int(),
  ratings_count: z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int(), '4': z.number().int(), '5': z.number().int() }),
  total_sent_messages_count: z.number().int(),
});
export type CsatMetrics = z.infer<typeof CsatMetricsSchema>;

/** S1-9.12: percent of ratings that are 4 or 5, two decimals. */
export const satisfactionScore = (m: CsatMetrics): number => percent(m.ratings_count['4'] + m.ratings_count['5'], m.total_count);
/** 001 section 9: responses over surveys sent, percent with two decimals. */
export const responseRate = (m: CsatMetrics): number => percent(m.total_count, m.total_sent_messages_count);

/** GET /public/api/v1/csat_survey/{conversation uuid}: what the public page shows. */
export const PublicCsatSurveySchema = z.object({
  conversation_id: z.number().int(),
  inbox_name: z.string(),
  inbox_avatar_url: z.string().nullable(),
  locale: z.string(),
  csat_survey_response: z.object({ rating: z.number().int(), feedback_message: z.string().nullable() }).nullable(),
  /** False once CSAT_RESPONSE_EDIT_WINDOW_DAYS have passed since the survey was sent. */
  editable: z.boolean(),
});
export type PublicCsatSurvey = z.infer<typeof PublicCsatSurveySchema>;

/** PUT/PATCH /public/api/v1/csat_survey/{conversation uuid} (Chatwoot's body). */
export const PublicCsatAnswerSchema = z.object({
  message: z.object({
    submitted_values: z.object({
      csat_survey_response: z.object({
        rating: z.coerce.number({ error: 'must be 1 to 5' }).int('must be 1 to 5').min(1, 'must be 1 to 5').max(5, 'must be 1 to 5'),
        feedback_message: z.string().trim().max(CSAT_FEEDBACK_MAX_LENGTH, `is too long (maximum is ${CSAT_FEEDBACK_MAX_LENGTH} characters)`).nullish(),
      }),
    }),
  }),
});

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicCsatSurvey } from '@app/shared/csat';
import { api } from '../../lib/api-client.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';

const path = (uuid: string) => `/public/api/v1/csat_survey/${encodeURIComponent(uuid)}`;
const schema = () => import('@app/shared/csat').then((m) => m.PublicCsatSurveySchema);

export const surveyKey = (uuid: string) => ['csat-survey', uuid] as const;

/** GET the survey of a conversation (the uuid in the link is its only key; no session needed). */
export function useSurvey(uuid: string) {
  return useQuery({
    queryKey: surveyKey(uuid),
    queryFn: ({ signal }) => api<PublicCsatSurvey>(path(uuid), { schema, signal }),
    retry: retryUnlessClientError,
  });
}

export type SurveyAnswer = { rating: number; feedback: string };

/** PUT the answer (a first one or a change, while the survey is editable); the page shows what the server kept. */
export function useAnswerSurvey(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, feedback }: SurveyAnswer) =>
      api<PublicCsatSurvey>(path(uuid), {
        method: 'PUT',
        schema,
        body: { message: { submitted_values: { csat_survey_response: { rating, feedback_message: feedback.trim() || null } } } },
      }),
    onSuccess: (survey) => client.setQueryData(surveyKey(uuid), survey),
  });
}

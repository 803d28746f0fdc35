import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSAT_PAGE_SIZE, CsatListSchema, CsatMetricsSchema, CsatQuerySchema, PublicCsatAnswerSchema, PublicCsatSurveySchema } from '@app/shared/csat';
import { accountCtx, ctx } from '../../plugins/access.ts';
import { PUBLIC_API_RATE_LIMIT } from '../../lib/rate-limit-store.ts';
import { answerPublicSurvey, getPublicSurvey } from './answer.ts';
import { csatMetrics, downloadCsatResponses, listCsatResponses } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// the conversation's uuid is the survey's only key; anything else is simply not found
const surveyParams = z.object({ uuid: z.string().max(64) });
const base = '/api/v1/accounts/:accountId/csat_survey_responses';
const publicPath = '/public/api/v1/csat_survey/:uuid';
const tags = ['csat'];
const csv = 'text/csv; charset=utf-8';

/** Chatwoot's clients send `user_ids[]=` and `rating[]=`; CsatQuerySchema reads the plain names (repeated or comma-separated). */
async function foldArrayKeys(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  for (const key of ['user_ids', 'rating']) {
    const bracketed = query[`${key}[]`];
    if (bracketed === undefined) continue;
    query[key] = [query[key] ?? [], bracketed].flat();
    delete query[`${key}[]`];
  }
}

/** CSAT (docs/csat.md): the account's responses, their CSV and metrics, and the public survey page's API. */
export const csatModule: FastifyPluginAsyncZod = async (app) => {
  const read = { access: 'api:csat.index' } as const;
  const preValidation = foldArrayKeys;
  const filters = 'Filters: since/until (unix seconds, [since, until)), inbox_id, team_id, user_ids[] (assigned agents), rating[] (1-5). Agents see the responses of the conversations they may see.';

  app.get(
    base,
    { config: read, preValidation, schema: { tags, summary: `Survey responses, ${CSAT_PAGE_SIZE} a page`, description: filters, params, querystring: CsatQuerySchema, response: { 200: CsatListSchema } } },
    (request) => listCsatResponses(accountCtx(request), request.query),
  );
  app.get(
    `${base}/metrics`,
    {
      config: read,
      preValidation,
      schema: { tags, summary: 'Responses by rating and surveys sent', description: filters, params, querystring: CsatQuerySchema, response: { 200: CsatMetricsSchema } },
    },
    (request) => csatMetrics(accountCtx(request), request.query),
  );
  app.get(
    `${base}/download`,
    { config: read, preValidation, schema: { tags, summary: 'The responses as CSV (csat-report-dd-MM-yyyy.csv)', description: filters, params, querystring: CsatQuerySchema, produces: ['text/csv'] } },
    async (request, reply) => {
      const { fileName, body } = await downloadCsatResponses(accountCtx(request), request.query);
      return reply.header('Content-Type', csv).header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
    },
  );

  const config = {
    auth: 'none' as const,
    rateLimit: { max: PUBLIC_API_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => `public-api:${request.ip}` },
  };
  const publicTags = ['public'];
  app.get(
    publicPath,
    { config, schema: { tags: publicTags, summary: "A conversation's survey (the conversation uuid is the key)", params: surveyParams, response: { 200: PublicCsatSurveySchema } } },
    (request) => getPublicSurvey(ctx(request), request.params.uuid),
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: publicPath,
      config,
      schema: {
        tags: publicTags,
        summary: "Answer the conversation's survey, or change the answer while it is editable",
        params: surveyParams,
        body: PublicCsatAnswerSchema,
        response: { 200: PublicCsatSurveySchema },
      },
      handler: (request) => answerPublicSurvey(ctx(request), request.params.uuid, request.body.message.submitted_values.csat_survey_response),
    });
  }
};

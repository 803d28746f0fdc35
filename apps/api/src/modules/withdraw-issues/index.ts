import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wrapped } from '@app/shared/common';
import {
  CreateWithdrawIssueBodySchema,
  UpdateWithdrawIssueBodySchema,
  WithdrawIssueListQuerySchema,
  WithdrawIssueListSchema,
  WithdrawIssuePayloadSchema,
} from '@app/shared/payments';
import { accountCtx } from '../../plugins/access.ts';
import { errorTextOnFailure } from './error-text.ts';
import { createWithdrawIssue, listWithdrawIssues, updateWithdrawIssue } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['withdraw issues'];
const base = '/api/v1/accounts/:accountId/withdraw_issues';

/** Withdraw issues (docs/payments.md): raised from a conversation, listed and resolved in the checker view. */
export const withdrawIssuesModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    base,
    {
      config: { access: 'api:withdraw_issues.index' },
      schema: {
        tags,
        summary: 'List withdraw issues',
        description: 'Issues of the inboxes the caller sees (administrators: all), newest first, 25 a page. An `inbox_id` the caller does not see answers 404.',
        params,
        querystring: WithdrawIssueListQuerySchema,
        response: { 200: WithdrawIssueListSchema },
      },
    },
    (request) => listWithdrawIssues(accountCtx(request), request.query),
  );
  app.post(
    base,
    {
      config: { access: 'api:withdraw_issues.create' },
      onSend: errorTextOnFailure,
      schema: {
        tags,
        summary: 'Raise a withdraw issue from a conversation',
        description:
          'Body flat or under `withdraw_issue`. The conversation (display id) must be one the caller sees, of that inbox; the withdraw of that order id in that inbox is linked when there is one. One open issue per order and inbox: another answers 409. Every failure answers `{error}` with the text to show.',
        params,
        body: wrapped('withdraw_issue', CreateWithdrawIssueBodySchema),
        response: { 200: WithdrawIssuePayloadSchema },
      },
    },
    (request) => createWithdrawIssue(accountCtx(request), request.body),
  );
  app.patch(
    `${base}/:id`,
    {
      config: { access: 'api:withdraw_issues.manage' },
      schema: {
        tags,
        summary: 'Resolve or reopen a withdraw issue',
        description: '`status: resolved` (with an optional `resolution_note`) or `open`. The same status, or reopening while another issue of the order is open, answers 409.',
        params: idParams,
        body: wrapped('withdraw_issue', UpdateWithdrawIssueBodySchema),
        response: { 200: WithdrawIssuePayloadSchema },
      },
    },
    (request) => updateWithdrawIssue(accountCtx(request), request.params.id, request.body),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wrapped } from '@app/shared/common';
import {
  PaymentExportQuerySchema,
  PaymentImportJobPayloadSchema,
  PaymentImportRecordSchema,
  PaymentImportResultSchema,
  PaymentListSchema,
  PaymentRecordDetailSchema,
  PaymentRecordPayloadSchema,
  RechargeListQuerySchema,
  RechargeUpdateBodySchema,
  WithdrawListQuerySchema,
  WithdrawStatusUpdateBodySchema,
} from '@app/shared/payments';
import { PAYMENT_IMPORT_MAX_RECORDS, type PaymentKind } from '@app/shared/payments-constants';
import { UploadedFileSchema } from '@app/shared/profile';
import { invalid } from '../../lib/app-error.ts';
import { accountCtx } from '../../plugins/access.ts';
import { exportPaymentRecords } from './export.ts';
import { getImportJob, importErrorReport, startCsvImport } from './import-csv.ts';
import { importPaymentRecords } from './import-json.ts';
import { getPaymentRecord, listPaymentRecords } from './list.ts';
import { updateRechargeStatus, updateWithdrawStatus } from './status-updates.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['payments'];
const base = '/api/v1/accounts/:accountId';

const read = { access: 'api:payments.index' } as const;
const update = { access: 'api:payments.update' } as const;
const importing = { access: 'api:payments.import' } as const;

/**
 * JSON `{records}` (up to 1,000, all or nothing) or a multipart CSV `file` (a job): one body, so a 422 still
 * names `records.<i>.<field>`. The CSV's rows are checked by the job.
 */
const ImportBodySchema = z
  .object({
    records: z.array(PaymentImportRecordSchema).min(1).max(PAYMENT_IMPORT_MAX_RECORDS).optional().describe('JSON import: upserted by inbox and order id.'),
    file: UploadedFileSchema.optional().describe('Multipart CSV import: header row with order_id and amount (see docs/payments.md).'),
    inbox_id: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Multipart: the inbox of rows without an inbox_id column.'),
  })
  .describe('Either `records` (JSON) or `file` (multipart CSV).');

const exportQuery = (list: typeof WithdrawListQuerySchema) => z.intersection(list, PaymentExportQuerySchema);

const KINDS = {
  withdraw: { plural: 'withdraws', listQuery: WithdrawListQuerySchema },
  recharge: { plural: 'recharges', listQuery: RechargeListQuerySchema },
} as const;

export const paymentsModule: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['withdraw', 'recharge'] as const satisfies PaymentKind[]) {
    const { plural, listQuery } = KINDS[kind];
    const path = `${base}/${plural}`;

    app.get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary: `List ${plural}`,
          description: `Newest first. Administrators see every inbox, everyone else the inboxes they are members of; an inbox filter outside them is 404. meta.count is exact up to 10,000.`,
          params,
          querystring: listQuery,
          response: { 200: PaymentListSchema },
        },
      },
      (request) => listPaymentRecords(accountCtx(request), kind, request.query),
    );

    app.get(
      `${path}/export`,
      {
        config: read,
        schema: {
          tags,
          summary: `Export ${plural} as CSV`,
          description: `The list's filters; at most max_count rows (10,000), streamed as text/csv named ${plural}-YYYY-MM-DD.csv. Cells a spreadsheet would run as a formula get a leading apostrophe.`,
          params,
          querystring: exportQuery(listQuery),
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { max_count: maxCount, page: _page, per_page: _perPage, ...filters } = request.query;
        const { fileName, stream } = await exportPaymentRecords(accountCtx(request), kind, filters, maxCount);
        return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(stream);
      },
    );

    app.post(
      `${path}/import`,
      {
        config: importing,
        schema: {
          tags,
          summary: `Import ${plural}`,
          description:
            'JSON: upserts up to 1,000 records by (inbox_id, order_id), all or nothing; the same call twice changes nothing. Multipart: a CSV `file` imported by a job (202), with progress events (payment_import.progress) and an error report.',
          params,
          body: ImportBodySchema,
          response: { 200: PaymentImportResultSchema, 202: PaymentImportJobPayloadSchema },
        },
      },
      async (request, reply) => {
        const ctx = accountCtx(request);
        const { records, file, inbox_id: inboxId } = request.body;
        if (file) return reply.status(202).send(await startCsvImport(ctx, app.jobs, kind, file, inboxId));
        if (!records) throw invalid('records', "can't be blank");
        return importPaymentRecords(ctx, kind, { records });
      },
    );

    app.get(
      `${path}/:id`,
      {
        config: read,
        schema: { tags, summary: `Show a ${kind} with its status history`, params: idParams, response: { 200: PaymentRecordDetailSchema } },
      },
      (request) => getPaymentRecord(accountCtx(request), kind, request.params.id),
    );
  }

  app.patch(
    `${base}/withdraws/update_status_by_order_id_undelivered`,
    {
      config: update,
      schema: {
        tags,
        summary: 'Change the status of a withdraw by its order id',
        description:
          'Body flat or under `withdraw`. 404 when the order is not in that inbox (or the inbox is not yours), 409 when the withdraw cannot go from its status to the one given (docs/payments.md), 422 on bad input.',
        params,
        body: wrapped('withdraw', WithdrawStatusUpdateBodySchema),
        response: { 200: PaymentRecordPayloadSchema },
      },
    },
    (request) => updateWithdrawStatus(accountCtx(request), request.body),
  );

  app.patch(
    `${base}/recharges/update_by_utr_upi`,
    {
      config: update,
      schema: {
        tags,
        summary: 'Change the status of a recharge found by order id, UTR or UPI id',
        description:
          'Body flat or under `recharge`. Finds the recharge by order_id (with inbox), else utr, else upi_id among the open ones; none is 404, several 409 with `candidates`. A missing UTR or UPI id is filled in.',
        params,
        body: wrapped('recharge', RechargeUpdateBodySchema),
        response: { 200: PaymentRecordPayloadSchema },
      },
    },
    (request) => updateRechargeStatus(accountCtx(request), request.body),
  );

  app.get(
    `${base}/payment_imports/:id`,
    { config: importing, schema: { tags, summary: 'Show a CSV import job', params: idParams, response: { 200: PaymentImportJobPayloadSchema } } },
    (request) => getImportJob(accountCtx(request), request.params.id),
  );

  app.get(
    `${base}/payment_imports/:id/errors`,
    {
      config: importing,
      schema: { tags, summary: "A CSV import's failed rows, with the reasons", params: idParams, produces: ['text/csv'] },
    },
    async (request, reply) => {
      const { fileName, body } = await importErrorReport(accountCtx(request), request.params.id);
      return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
    },
  );
};

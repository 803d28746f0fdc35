import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactExportBodySchema, ContactExportJobPayloadSchema, ContactImportJobPayloadSchema } from '@app/shared/contact-jobs';
import { UploadedFileSchema } from '@app/shared/profile';
import { accountCtx } from '../../plugins/access.ts';
import { downloadContactExport, getContactExport, startContactExport } from './export.ts';
import { contactImportErrors, getContactImport, startContactImport } from './import.ts';

const params = z.object({ accountId: z.coerce.number().int() });
// A malformed id is simply not found (404), as any unknown id is.
const idParams = params.extend({ id: z.coerce.number().int().catch(0) });
const tags = ['contacts'];
const base = '/api/v1/accounts/:accountId/contacts';
const csv = 'text/csv; charset=utf-8';
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

const ImportBodySchema = z
  .object({ import_file: UploadedFileSchema.optional().describe('The CSV: a header row (name, email, phone_number, identifier, company, city, country, labels; other columns become custom attributes).') })
  .optional();

/** Contact import and export jobs (docs/contacts-import-export.md). Static paths win over contacts/:id. */
export const contactJobsModule: FastifyPluginAsyncZod = async (app) => {
  const importing = { access: 'api:contacts.import' } as const;
  const exporting = { access: 'api:contacts.export' } as const;

  app.post(
    `${base}/import`,
    {
      config: importing,
      schema: {
        tags,
        summary: 'Import contacts from a CSV file (a job)',
        description:
          'Multipart `import_file`. 202 with the job; progress arrives as contact_import.progress. Rows are upserted by email, else phone_number, else identifier; refused rows go to the error report. A malformed file fails the job and imports nothing.',
        params,
        body: ImportBodySchema,
        response: { 202: ContactImportJobPayloadSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startContactImport(accountCtx(request), app.jobs, request.body?.import_file)),
  );

  app.get(
    `${base}/imports/:id`,
    { config: importing, schema: { tags, summary: 'Show a contact import job', params: idParams, response: { 200: ContactImportJobPayloadSchema } } },
    (request) => getContactImport(accountCtx(request), request.params.id),
  );

  app.get(
    `${base}/imports/:id/errors`,
    { config: importing, schema: { tags, summary: "A contact import's refused rows with the reasons (CSV)", params: idParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const { fileName, body } = await contactImportErrors(accountCtx(request), request.params.id);
      return reply.header('Content-Type', csv).header('Content-Disposition', attachment(fileName)).send(body);
    },
  );

  app.post(
    `${base}/export`,
    {
      config: exporting,
      schema: {
        tags,
        summary: 'Export contacts as CSV (a job)',
        description: 'Every contact, or those of the filter rows (payload), a label or a search (q). 202 with the job; contact_export.ready and a mail bring the download link.',
        params,
        body: ContactExportBodySchema.optional(),
        response: { 202: ContactExportJobPayloadSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await startContactExport(accountCtx(request), app.jobs, request.body ?? {})),
  );

  app.get(
    `${base}/exports/:id`,
    { config: exporting, schema: { tags, summary: 'Show a contact export job', params: idParams, response: { 200: ContactExportJobPayloadSchema } } },
    (request) => getContactExport(accountCtx(request), request.params.id),
  );

  app.get(
    `${base}/exports/:id/download`,
    { config: exporting, schema: { tags, summary: 'Download a finished contact export (contacts-YYYY-MM-DD.csv)', params: idParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const { fileName, stream } = await downloadContactExport(accountCtx(request), request.params.id);
      return reply.header('Content-Type', csv).header('Content-Disposition', attachment(fileName)).send(stream);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '@app/shared/common';
import { OcrRequestBodySchema, OcrResultPayloadSchema } from '@app/shared/payments';
import { accountCtx } from '../../plugins/access.ts';
import { createScreenshotReader, OcrBusyError, OcrClosedError, OcrTimeoutError } from '../../lib/ocr/screenshot-reader.ts';
import { readWithdrawScreenshot } from './service.ts';

const params = z.object({ accountId: z.coerce.number().int() });
const tags = ['ocr'];

/**
 * POST ocr/withdraw_button (001 section 7). One screenshot reader (a bounded tesseract pool) per app,
 * stopped with it. A full queue answers 503 with Retry-After; an image that takes longer than the per-image
 * timeout, 503 without it (the machine is overloaded or the image is pathological).
 */
export const ocrModule: FastifyPluginAsyncZod = async (app) => {
  const reader = createScreenshotReader({ ...app.config.ocr, size: app.config.ocr.workers });
  app.addHook('onClose', () => reader.close());

  app.post(
    '/api/v1/accounts/:accountId/ocr/withdraw_button',
    {
      config: { access: 'api:ocr.create' },
      schema: {
        tags,
        summary: 'Read a payment screenshot',
        description:
          'Reads an image attachment of a message (message_id) or an image of this installation (file_url) offline, extracts UTR, amount, UPI id, date, time and status, and lists the matching withdraws and recharges of the caller\'s inboxes. Repeat reads of the same image come from a cache (cached: true).',
        params,
        body: OcrRequestBodySchema,
        response: { 200: OcrResultPayloadSchema, 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        return await readWithdrawScreenshot(accountCtx(request), reader, request.body);
      } catch (error) {
        if (error instanceof OcrBusyError) return reply.status(503).header('Retry-After', String(error.retryAfterSeconds)).send({ error: error.message });
        if (error instanceof OcrTimeoutError || error instanceof OcrClosedError) return reply.status(503).send({ error: error.message });
        throw error;
      }
    },
  );
};

import type { z } from 'zod';
import type { OcrFields, OcrRequestBodySchema, OcrResult } from '@app/shared/payments';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { INLINE_TYPES } from '../../lib/storage.ts';
import { ENGINE_VERSION, OcrImageError, type ScreenshotReader } from '../../lib/ocr/screenshot-reader.ts';
import { loadConversation } from '../conversations/service.ts';
import { paymentInboxIds } from '../payments/visibility.ts';
import { findPaymentMatches } from '../payments/matches.ts';
import { findMessage, findOcrResult, firstStoredImageKey, insertOcrResult } from './queries.ts';

type OcrRequest = z.infer<typeof OcrRequestBodySchema>;

/** The image a request names: its storage key, and the message it came from. */
type Source = { fileKey: string; messageId: number | null; field: 'message_id' | 'file_url' };

/** message_id: a message of a conversation the caller can see (else 404) with a stored image (else 422). */
async function messageSource(ctx: AccountCtx, messageId: number): Promise<Source> {
  const message = await findMessage(ctx.db, ctx.accountId, messageId);
  if (!message) throw notFound();
  // the conversation scope of the caller's role: another inbox, or a conversation a narrow role may not open, is 404
  await loadConversation(ctx, message.conversationDisplayId);
  const fileKey = await firstStoredImageKey(ctx.db, ctx.accountId, messageId);
  if (!fileKey) throw invalid('message_id', 'has no image attachment');
  return { fileKey, messageId, field: 'message_id' };
}

/**
 * file_url: a file of this installation's storage, as `/uploads/<key>` or its full URL at this
 * installation's address. Anything else is refused, never fetched: the server must not be made to call out.
 */
function fileUrlSource(ctx: AccountCtx, fileUrl: string): Source {
  let url: URL;
  try {
    url = new URL(fileUrl, ctx.config.frontendUrl);
  } catch {
    throw invalid('file_url', 'is not a file of this installation');
  }
  const own = url.origin === new URL(ctx.config.frontendUrl).origin && url.pathname.startsWith('/uploads/');
  const fileKey = own ? decodeURIComponent(url.pathname.slice('/uploads/'.length)) : '';
  if (!own || !INLINE_TYPES[fileKey.slice(fileKey.lastIndexOf('.') + 1)]) throw invalid('file_url', 'is not an image of this installation');
  return { fileKey, messageId: null, field: 'file_url' };
}

type Reading = { text: string; confidence: number; fields: OcrFields; durationMs: number; cached: boolean };

/** A cached read of this image by this engine version, else a fresh one (kept for the next click). */
async function readSource(ctx: AccountCtx, reader: ScreenshotReader, source: Source): Promise<Reading> {
  const cached = await findOcrResult(ctx.db, ctx.accountId, source.fileKey, ENGINE_VERSION);
  if (cached) {
    return { text: cached.text, confidence: cached.confidence, fields: cached.fields as OcrFields, durationMs: cached.durationMs, cached: true };
  }
  const image = await ctx.storage.read(source.fileKey);
  if (!image) throw invalid(source.field, source.field === 'file_url' ? 'is not an image of this installation' : 'has no image attachment');
  const reading = await reader.read(image).catch((error: unknown) => {
    if (error instanceof OcrImageError) throw invalid(source.field, error.message);
    throw error;
  });
  await insertOcrResult(ctx.db, {
    accountId: ctx.accountId,
    messageId: source.messageId,
    fileKey: source.fileKey,
    engine: ENGINE_VERSION,
    text: reading.text,
    confidence: reading.confidence,
    fields: reading.fields,
    durationMs: reading.durationMs,
  });
  return { ...reading, cached: false };
}

/**
 * POST ocr/withdraw_button: reads a payment screenshot (a message's image or an uploaded file) and answers
 * its fields with the withdraws and recharges of the caller's inboxes that match them (by UTR, or UPI id and
 * amount). Matches are looked up on every call, cached read or not: records change, the image does not.
 */
export async function readWithdrawScreenshot(ctx: AccountCtx, reader: ScreenshotReader, input: OcrRequest): Promise<{ payload: OcrResult }> {
  const source = input.message_id ? await messageSource(ctx, input.message_id) : fileUrlSource(ctx, input.file_url!);
  const reading = await readSource(ctx, reader, source);
  const { fields } = reading;
  const matches = await findPaymentMatches(ctx.db, {
    accountId: ctx.accountId,
    inboxIds: await paymentInboxIds(ctx),
    utr: fields.utr,
    upiId: fields.upi_id,
    amount: fields.amount,
  });
  return {
    payload: {
      message_id: source.messageId,
      file_url: ctx.storage.url(source.fileKey),
      text: reading.text,
      confidence: reading.confidence,
      fields,
      matches,
      duration_ms: reading.durationMs,
      cached: reading.cached,
    },
  };
}

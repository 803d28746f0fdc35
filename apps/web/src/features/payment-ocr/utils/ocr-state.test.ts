import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { addMessages } from '../../../lib/i18n/i18n.ts';
import { en } from '../../../lib/i18n/locales/en.ts';
import { paymentOcrEn } from '../../../lib/i18n/locales/en-payment-ocr.ts';
import { makeOcrResult } from '../testing/fixtures.ts';
import { ocrErrorText, ocrStateOf } from './ocr-state.ts';
import { withdrawIssueErrorText } from './withdraw-issue-error.ts';

addMessages('en', paymentOcrEn);

describe('the OCR state of a message', () => {
  it('S1-3.39 has results, isProcessing, error, message_id and file_url through processing, results and failure', () => {
    const processing = ocrStateOf({ data: undefined, error: null, isFetching: true }, 42, '/uploads/a.png');
    expect(processing).toEqual({ results: null, isProcessing: true, error: null, message_id: 42, file_url: '/uploads/a.png' });

    const result = makeOcrResult(42, { file_url: '/uploads/screens/42.png' });
    const done = ocrStateOf({ data: result, error: null, isFetching: false }, 42, '/uploads/a.png');
    expect(done).toEqual({ results: result, isProcessing: false, error: null, message_id: 42, file_url: '/uploads/screens/42.png' });

    const busy = ocrStateOf({ data: undefined, error: new ApiError(503, { error: 'OCR queue is full' }), isFetching: false }, 42, '/uploads/a.png');
    expect(busy).toEqual({ results: null, isProcessing: false, error: 'OCR is busy, try again in a few seconds', message_id: 42, file_url: '/uploads/a.png' });

    // a retry after a failure is processing again, the old error gone
    expect(ocrStateOf({ data: undefined, error: new ApiError(503, {}), isFetching: true }, 42, null)).toMatchObject({ isProcessing: true, error: null, results: null });
  });

  it('says what went wrong: busy, an unreadable image with the server\'s reason, a message gone, no connection', () => {
    expect(ocrErrorText(new ApiError(503, {}))).toBe('OCR is busy, try again in a few seconds');
    expect(ocrErrorText(new ApiError(429, {}))).toBe('OCR is busy, try again in a few seconds');
    expect(ocrErrorText(new ApiError(422, { error: 'The message has no image attachment' }))).toBe('This image could not be read. The message has no image attachment');
    expect(ocrErrorText(new ApiError(422, { message: 'Message id has no image attachment', errors: { message_id: ['has no image attachment'] } }))).toBe(
      'This image could not be read. Message id has no image attachment',
    );
    expect(ocrErrorText(new ApiError(422, { errors: { file_url: ['is not a file of this installation'] } }))).toBe('This image could not be read. is not a file of this installation');
    expect(ocrErrorText(new ApiError(422, {}))).toBe('This image could not be read.');
    expect(ocrErrorText(new ApiError(404, { error: 'Resource could not be found' }))).toBe('This message or its image is no longer available.');
    expect(ocrErrorText(new ApiError(0, { error: 'network' }))).toBe('Could not reach the server. Check your connection and try again.');
    expect(ocrErrorText(new ApiError(500, {}))).toBe('The screenshot could not be read. Try again.');
    expect(ocrErrorText(new Error('boom'))).toBe('The screenshot could not be read. Try again.');
  });
});

describe('a failed withdraw issue creation', () => {
  it('S1-8.25 answers the server\'s error text', () => {
    expect(withdrawIssueErrorText(new ApiError(409, { error: 'An open issue already exists for order W-1' }))).toBe('An open issue already exists for order W-1');
    expect(withdrawIssueErrorText(new ApiError(422, { error: "Order id can't be blank" }))).toBe("Order id can't be blank");
  });

  it("S1-8.26 answers 'An unknown error occurred' without an error text", () => {
    for (const error of [new ApiError(500, {}), new ApiError(502, { error: '<html>Bad gateway</html>' }), new ApiError(422, { error: '  ' }), new ApiError(0, { error: 'network' }), new Error('x')]) {
      expect(withdrawIssueErrorText(error)).toBe('An unknown error occurred');
    }
  });
});

describe('payment OCR strings', () => {
  it('are not in the entry dictionary: they load with the panel', () => {
    const eager = new Set(Object.keys(en));
    expect(Object.keys(paymentOcrEn).filter((key) => eager.has(key))).toEqual([]);
  });
});

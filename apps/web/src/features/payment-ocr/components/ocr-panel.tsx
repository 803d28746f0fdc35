import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addMessages, t } from '../../../lib/i18n/i18n.ts';
import { paymentOcrEn } from '../../../lib/i18n/locales/en-payment-ocr.ts';
import { useMessageOcr } from '../api.ts';
import { LOW_CONFIDENCE, nothingRead } from '../utils/ocr-fields.ts';
import { ocrStateOf, type MessageOcrState } from '../utils/ocr-state.ts';
import type { IssueConversation } from '../types.ts';
import { OcrFieldsList } from './ocr-fields-list.tsx';
import { OcrMatches } from './ocr-matches.tsx';
import { WithdrawIssueDialog } from './withdraw-issue-dialog.tsx';
import '../payment-ocr.css';

// The panel's strings come with its chunk (lib/i18n/locales/en-payment-ocr.ts).
addMessages('en', paymentOcrEn);

export type OcrPanelProps = {
  accountId: number;
  messageId: number;
  /** The image's address, kept in the OCR state (001 section 3) beside the message id. */
  fileUrl: string | null;
  conversation: IssueConversation;
  canRaiseIssue: boolean;
  onClose: () => void;
};

/** A read that may go better a second time: not an image the server refused (422) or a message gone (404). */
const retryable = (error: unknown) => !(error instanceof ApiError && (error.status === 422 || error.status === 404));

/**
 * The OCR of one image message (POST ocr/withdraw_button): processing, then the payment details read with copy
 * buttons and the matching records (a withdraw among them can become a withdraw issue), or what went wrong with
 * a retry. A lazy chunk: the conversation workspace only holds the button that opens it.
 */
export function OcrPanel({ accountId, messageId, fileUrl, conversation, canRaiseIssue, onClose }: OcrPanelProps) {
  const query = useMessageOcr(accountId, messageId);
  const state = ocrStateOf(query, messageId, fileUrl);
  const [issueOrderId, setIssueOrderId] = useState<string | null>(null);
  return (
    <section className="ocr-panel" aria-label={t('PAYMENT_OCR.REGION')} aria-busy={state.isProcessing || undefined} data-ocr-state={phaseOf(state)}>
      <header className="ocr-panel__header">
        <h3 className="ocr-panel__title">{t('PAYMENT_OCR.TITLE')}</h3>
        {state.results ? <span className="ocr-panel__confidence">{t('PAYMENT_OCR.CONFIDENCE', { percent: Math.round(state.results.confidence) })}</span> : null}
        <button type="button" className="ocr-panel__close" aria-label={t('PAYMENT_OCR.CLOSE')} title={t('PAYMENT_OCR.CLOSE')} onClick={onClose}>
          ×
        </button>
      </header>
      {state.isProcessing ? (
        <p className="ocr-panel__processing" role="status">
          <Spinner size="small" />
          {t('PAYMENT_OCR.PROCESSING')}
        </p>
      ) : null}
      {state.error ? (
        <div className="ocr-panel__error" role="alert">
          <p>{state.error}</p>
          {retryable(query.error) ? (
            <Button size="small" onClick={() => void query.refetch()}>
              {t('PAYMENT_OCR.RETRY')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.results ? (
        <>
          {state.results.confidence < LOW_CONFIDENCE ? <p className="ocr-panel__warning">{t('PAYMENT_OCR.LOW_CONFIDENCE')}</p> : null}
          {nothingRead(state.results.fields) ? <p className="ocr-panel__warning">{t('PAYMENT_OCR.NOTHING_READ')}</p> : <OcrFieldsList fields={state.results.fields} />}
          <OcrMatches matches={state.results.matches} onRaiseIssue={canRaiseIssue ? setIssueOrderId : null} />
        </>
      ) : null}
      {issueOrderId !== null ? (
        <WithdrawIssueDialog accountId={accountId} conversation={conversation} defaultOrderId={issueOrderId} onClose={() => setIssueOrderId(null)} />
      ) : null}
    </section>
  );
}

/** The state machine's phase, for styling and for tests that watch it. */
const phaseOf = (state: MessageOcrState) => (state.isProcessing ? 'processing' : state.error ? 'error' : state.results ? 'results' : 'idle');

import { Suspense, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { LazyOcrPanel } from '../../payment-ocr/index.ts';
import { usePaymentTools } from '../hooks/use-payment-tools.ts';
import type { ViewMessage } from '../utils/messages-cache.ts';
import { Icon } from './icon.tsx';

/**
 * The OCR button of a message with an image (a payment screenshot), for those who may call OCR; it opens the OCR
 * panel, a lazy chunk, under the message. The message's OCR state lives in that panel (and its answer in the
 * query cache, so the panel opened again shows it at once).
 */
export function MessageOcr({ message }: { message: ViewMessage }) {
  const tools = usePaymentTools();
  const [open, setOpen] = useState(false);
  const image = message.attachments?.find((attachment) => attachment.file_type === 'image' && attachment.data_url);
  // a message still being sent has no id the server knows
  if (!tools?.canOcr || !image || message.id < 0) return null;
  if (!open) {
    return (
      <button type="button" className="cw-ocr-button" onClick={() => setOpen(true)}>
        <Icon name="scan" size={14} />
        {t('CONVERSATION.OCR.BUTTON')}
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="cw-ocr-loading" role="status">
          <Spinner size="small" />
          {t('CONVERSATION.OCR.LOADING')}
        </p>
      }
    >
      <LazyOcrPanel
        accountId={tools.accountId}
        messageId={message.id}
        fileUrl={image.data_url}
        conversation={tools.conversation}
        canRaiseIssue={tools.canRaiseIssue}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );
}

import { t } from '../../../../lib/i18n/i18n.ts';

/** The signature that will follow the reply, shown as written (it is markdown, sent as such). */
export function SignaturePreview({ signature }: { signature: string }) {
  return (
    <section className="reply-editor__signature" aria-label={t('REPLY_EDITOR.SIGNATURE')}>
      <span className="reply-editor__signature-title">
        {t('REPLY_EDITOR.SIGNATURE')} <span className="reply-editor__signature-hint">· {t('REPLY_EDITOR.SIGNATURE_HINT')}</span>
      </span>
      <p className="reply-editor__signature-text">{signature}</p>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { copyText } from '../../../lib/clipboard.ts';
import { t } from '../../../lib/i18n/i18n.ts';

const SHOWN_MS = 2000;

/** Copies one value, says so for a moment (in words for screen readers too), or says that it could not. */
export function CopyButton({ value, field }: { value: string; field: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={`ocr-copy${state === 'copied' ? ' ocr-copy--done' : ''}`}
        aria-label={t('PAYMENT_OCR.COPY', { field })}
        title={t('PAYMENT_OCR.COPY', { field })}
        onClick={async () => setState((await copyText(value)) ? 'copied' : 'failed')}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d={state === 'copied' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M9 9h11v11H9zM5 15H4V4h11v1'} />
        </svg>
      </button>
      <span className="ocr-copy__status" role="status">
        {state === 'copied' ? t('PAYMENT_OCR.COPIED', { field }) : state === 'failed' ? t('PAYMENT_OCR.COPY_FAILED') : ''}
      </span>
    </>
  );
}

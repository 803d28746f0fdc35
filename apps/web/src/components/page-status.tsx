import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

type PageStatusProps = { kind: 'loading' | 'error'; message: string; action?: ReactNode };

/** A whole-page loading or error state, centred, announced to screen readers. */
export function PageStatus({ kind, message, action }: PageStatusProps) {
  return (
    <div className={`page-status page-status--${kind}`} role={kind === 'error' ? 'alert' : 'status'} aria-live="polite">
      {kind === 'loading' ? <Spinner /> : <span className="page-status__icon" aria-hidden="true">!</span>}
      <p>{message}</p>
      {action}
    </div>
  );
}

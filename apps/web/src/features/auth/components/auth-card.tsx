import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n.ts';

/** The centred card every signed-out screen uses. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <div className="brand">
          <img src="/app/favicon.svg" alt="" width={36} height={36} />
          <span>{t('APP.NAME')}</span>
        </div>
        <h1>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
        {children}
      </div>
    </main>
  );
}

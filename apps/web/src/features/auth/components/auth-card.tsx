import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n/i18n.ts';

type AuthCardProps = { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode };

/** The centred card of every signed-out (and stand-alone) screen. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <main className="auth-screen">
      <div className="auth-card">
        <div className="brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          <span>{t('APP.NAME')}</span>
        </div>
        <h1>{title}</h1>
        {subtitle ? <p className="muted auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </div>
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </main>
  );
}

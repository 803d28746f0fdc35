import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button.tsx';
import { PageStatus } from './page-status.tsx';
import { t } from '../lib/i18n/i18n.ts';
import './settings.css';

type SettingsPageProps = {
  title: string;
  description?: ReactNode;
  /** Header buttons (New inbox, Add label, ...), at the end of the title row. */
  actions?: ReactNode;
  /** Where the back link goes (every settings page but a list has one, 001 section 2). */
  backTo?: string;
  /** `narrow` for forms (~720 px), `wide` for tables. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
};

/** The frame of every settings screen: back link, title row with its actions, description, body. */
export function SettingsPage({ title, description, actions, backTo, width = 'wide', children }: SettingsPageProps) {
  return (
    <div className={`page settings-page settings-page--${width}`}>
      {backTo ? (
        <Link className="settings-page__back" to={backTo}>
          <span aria-hidden="true">‹</span> {t('SETTINGS.BACK')}
        </Link>
      ) : null}
      <header className="settings-page__header">
        <div className="settings-page__titles">
          <h1>{title}</h1>
          {description ? <p className="muted settings-page__description">{description}</p> : null}
        </div>
        {actions ? <div className="settings-page__actions">{actions}</div> : null}
      </header>
      <div className="settings-page__body">{children}</div>
    </div>
  );
}

type QueryLike = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * The loading and error states of a settings screen's main query; renders `children` once it has data.
 * `empty` is shown instead of the children when `isEmpty` says there is nothing yet.
 */
export function SettingsQueryState({ query, isEmpty = false, empty, children }: { query: QueryLike; isEmpty?: boolean; empty?: ReactNode; children: ReactNode }) {
  if (query.isPending) return <PageStatus kind="loading" message={t('SETTINGS.LOADING')} />;
  if (query.isError) {
    return <PageStatus kind="error" message={t('SETTINGS.LOAD_ERROR')} action={<Button onClick={() => void query.refetch()}>{t('SETTINGS.RETRY')}</Button>} />;
  }
  return <>{isEmpty ? empty : children}</>;
}

/** An empty list: what is missing and, for those who may, the action that fills it. */
export function SettingsEmpty({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="settings-empty" role="status">
      <h2>{title}</h2>
      {description ? <p className="muted">{description}</p> : null}
      {action}
    </div>
  );
}

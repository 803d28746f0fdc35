import { Suspense, type ReactNode } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import { PageStatus } from './page-status.tsx';

/** A screen in a lazily loaded chunk: the whole-page loading state while the chunk arrives. */
export function LazyScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageStatus kind="loading" message={t('DASHBOARD.LOADING')} />}>{children}</Suspense>;
}

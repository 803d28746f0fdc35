import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { canAccess } from '@app/shared/permissions';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';
import { useCurrentAccount } from '../auth/index.ts';

// Each report screen is a chunk of its own (with the reports' strings and, when drawn, the chart library's).
const OverviewPage = lazy(() => import('./pages/overview-page.tsx').then((m) => ({ default: m.OverviewPage })));
const ConversationReportPage = lazy(() => import('./pages/conversation-page.tsx').then((m) => ({ default: m.ConversationReportPage })));
const CsatReportPage = lazy(() => import('./pages/csat-page.tsx').then((m) => ({ default: m.CsatReportPage })));
const BotReportPage = lazy(() => import('./pages/bot-page.tsx').then((m) => ({ default: m.BotReportPage })));
const EntityReportPage = lazy(() => import('./pages/entity-report-page.tsx').then((m) => ({ default: m.EntityReportPage })));

const screen = (element: React.ReactNode) => <LazyScreen>{element}</LazyScreen>;

/** S1-2.49, S1-2.50: the reports root lands agents on CSAT and everyone else on the overview. */
export function ReportsIndex() {
  const { account } = useCurrentAccount();
  return <Navigate to={canAccess(account.permissions, 'account_overview_reports') ? 'overview' : 'csat'} replace />;
}

/**
 * The report routes of 001 section 2, children of /app/accounts/:accountId inside the app shell; the guard opens
 * each to the roles of the access table (S1-2.39 to S1-2.47). The root is named as CSAT, the one report every
 * reports role opens, so the guard lets it redirect. No SLA route: SLA is not built, so nothing links to it.
 */
export const reportsRoutes: RouteObject[] = [
  { path: 'reports', element: <ReportsIndex />, handle: named('csat_reports') },
  { path: 'reports/overview', element: screen(<OverviewPage />), handle: named('account_overview_reports') },
  { path: 'reports/conversation', element: screen(<ConversationReportPage />), handle: named('conversation_reports') },
  { path: 'reports/csat', element: screen(<CsatReportPage />), handle: named('csat_reports') },
  { path: 'reports/bot', element: screen(<BotReportPage />), handle: named('bot_reports') },
  { path: 'reports/agent', element: screen(<EntityReportPage key="agent" type="agent" />), handle: named('agent_reports') },
  { path: 'reports/label', element: screen(<EntityReportPage key="label" type="label" />), handle: named('label_reports') },
  { path: 'reports/inboxes', element: screen(<EntityReportPage key="inbox" type="inbox" />), handle: named('inbox_reports') },
  { path: 'reports/teams', element: screen(<EntityReportPage key="team" type="team" />), handle: named('team_reports') },
];

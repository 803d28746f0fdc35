import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import type { RouteName } from '@app/shared/permissions';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { named } from '../../lib/routing.ts';

// Each screen its own chunk: only administrators opening the team settings download them.
const TeamsListPage = lazy(() => import('./pages/teams-list-page.tsx').then((module) => ({ default: module.TeamsListPage })));
const NewTeamPage = lazy(() => import('./pages/team-details-page.tsx').then((module) => ({ default: module.NewTeamPage })));
const EditTeamPage = lazy(() => import('./pages/team-details-page.tsx').then((module) => ({ default: module.EditTeamPage })));
const TeamAgentsPage = lazy(() => import('./pages/team-agents-page.tsx').then((module) => ({ default: module.TeamAgentsPage })));
const TeamFinishPage = lazy(() => import('./pages/team-finish-page.tsx').then((module) => ({ default: module.TeamFinishPage })));

const screen = (path: string, route: RouteName, element: ReactNode): RouteObject => ({
  path,
  element: <LazyScreen>{element}</LazyScreen>,
  handle: named(route),
});

/** Teams: list and the create/edit wizards (001 section 2). Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const teamsRoutes: RouteObject[] = [
  { path: 'settings/teams', element: <Navigate to="list" replace />, handle: named('settings_teams_list') },
  screen('settings/teams/list', 'settings_teams_list', <TeamsListPage />),
  screen('settings/teams/new', 'settings_teams_new', <NewTeamPage />),
  screen('settings/teams/new/:teamId/agents', 'settings_teams_add_agents', <TeamAgentsPage mode="new" />),
  screen('settings/teams/new/:teamId/finish', 'settings_teams_finish', <TeamFinishPage mode="new" />),
  screen('settings/teams/:teamId/edit', 'settings_teams_edit', <EditTeamPage />),
  screen('settings/teams/:teamId/edit/agents', 'settings_teams_edit_members', <TeamAgentsPage mode="edit" />),
  screen('settings/teams/:teamId/edit/finish', 'settings_teams_edit_finish', <TeamFinishPage mode="edit" />),
];

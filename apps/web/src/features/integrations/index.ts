// The integrations feature's public surface.
export { integrationsRoutes } from './routes.tsx';
export { DashboardAppTabs } from './components/dashboard-app-tabs.tsx';

// The inbox-wizard feature's public surface.
export { inboxWizardRoutes } from './routes.tsx';

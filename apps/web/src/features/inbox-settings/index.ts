// The inbox-settings feature's public surface.
export { inboxSettingsRoutes } from './routes.tsx';

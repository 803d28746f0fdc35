// The account-settings feature's public surface.
export { accountSettingsRoutes } from './routes.tsx';

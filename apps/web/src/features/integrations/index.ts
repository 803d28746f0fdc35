// The integrations feature's public surface.
export { integrationsRoutes } from './routes.tsx';

// The dashboard feature's public surface.
export { dashboardRoutes } from './routes.tsx';

// The teams feature's public surface.
export { teamsRoutes } from './routes.tsx';

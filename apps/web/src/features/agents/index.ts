// The agents feature's public surface.
export { agentsRoutes } from './routes.tsx';

// The labels feature's public surface.
export { labelsRoutes } from './routes.tsx';

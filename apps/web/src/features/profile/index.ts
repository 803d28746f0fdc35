// The profile feature's public surface.
export { profileRoutes } from './routes.tsx';

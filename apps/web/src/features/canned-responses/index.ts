// The canned-responses feature's public surface.
export { cannedResponsesRoutes } from './routes.tsx';

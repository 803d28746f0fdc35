// The conversations feature's public surface.
export { conversationRoutes } from './routes.tsx';

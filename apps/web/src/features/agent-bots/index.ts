// The agent-bots feature's public surface.
export { agentBotsRoutes } from './routes.tsx';

// The agents feature's public surface.
export { agentsRoutes } from './routes.tsx';
// The account's members, for screens that pick some of them (team members).
export { agentKeys, useAgents } from './api.ts';

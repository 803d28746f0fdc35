// The conversation-summaries feature's public surface.
export { conversationSummariesRoutes } from './routes.tsx';

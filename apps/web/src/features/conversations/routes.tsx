import type { RouteObject } from 'react-router';

/** Children of /app/accounts/:accountId inside the app shell: the conversation list routes of 001 section 2. */
export const conversationRoutes: RouteObject[] = [];

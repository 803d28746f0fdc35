import type { RouteObject } from 'react-router';

/** Integrations: webhooks, dashboard apps, apps and hooks. Children of /app/accounts/:accountId inside the app shell; each screen a lazy chunk. */
export const integrationsRoutes: RouteObject[] = [];

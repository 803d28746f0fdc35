// Without zod: the workspace's dashboard-app tabs import it (their production build ships no zod).

/**
 * What a dashboard app's frame receives (Chatwoot's `appContext`), as a JSON string: on load, and again
 * whenever the frame posts `chatwoot-dashboard-app:fetch-info`.
 */
export const DASHBOARD_APP_FETCH_INFO = 'chatwoot-dashboard-app:fetch-info';

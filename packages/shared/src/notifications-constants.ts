// Without zod: the web app's notification list imports it (the shell's production build ships no zod).

/** 000 section 9 and Chatwoot's NotificationFinder: 15 per page. */
export const NOTIFICATIONS_PER_PAGE = 15;

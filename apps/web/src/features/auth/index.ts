// The auth feature's public surface: its routes, the session hooks and the current-account context.
export { authRoutes } from './routes.tsx';
export { sessionKeys, useCurrentUser, useResendConfirmation, useSignOut } from './api.ts';
export { CurrentAccountContext, useCurrentAccount, type CurrentAccount } from './current-account.tsx';
export { AuthCard } from './components/auth-card.tsx';

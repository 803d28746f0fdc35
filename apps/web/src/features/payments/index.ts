// The payments feature's public surface: the checker view's route, and which account its records live in.
export { paymentsRoutes } from './routes.tsx';
export { usePaymentsAccount } from './hooks/use-payments-account.ts';

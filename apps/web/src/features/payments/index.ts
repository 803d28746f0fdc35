// The payments feature's public surface: the checker view's route.
export { paymentsRoutes } from './routes.tsx';

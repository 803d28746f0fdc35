// The accounts feature's public surface.
export { accountRoutes } from './routes.tsx';
export { AccountSwitcher } from './components/account-switcher.tsx';
export { roleLabel } from './utils/role-label.ts';

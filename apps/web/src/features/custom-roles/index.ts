// The custom-roles feature's public surface.
export { customRolesRoutes } from './routes.tsx';

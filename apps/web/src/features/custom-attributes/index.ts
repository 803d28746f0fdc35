// The custom-attributes feature's public surface.
export { customAttributesRoutes } from './routes.tsx';

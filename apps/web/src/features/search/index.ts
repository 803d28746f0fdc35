// Global search (issue 13): the search page and its route.
export { searchRoutes } from './routes.tsx';

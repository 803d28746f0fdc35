// The settings feature's public surface: the `settings` entry route. The frame every settings screen uses is
// components/settings-page.tsx.
export { settingsRoutes } from './routes.tsx';

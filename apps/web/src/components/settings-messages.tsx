import { use } from 'react';
import { Outlet } from 'react-router';
import { loadSettingsMessages } from '../lib/i18n/i18n.ts';

/**
 * The layout of every settings route: it waits (suspends) until the settings screens' strings have loaded, once,
 * so those strings stay out of the login screen's and the workspace's JavaScript.
 */
export function SettingsMessages() {
  use(loadSettingsMessages());
  return <Outlet />;
}

import { lazy } from 'react';

/**
 * The signed-in frame (header, sidebars, notification bell, the /cable connection, keyboard shortcuts) is its
 * own chunk, so the login screen never downloads it (bench/web). The account layout starts loading it while
 * the session is checked, so a signed-in visit does not wait for it afterwards.
 */
export const loadAppShell = () => import('./shell/app-shell.tsx');

export const LazyAppShell = lazy(() => loadAppShell().then((module) => ({ default: module.AppShell })));

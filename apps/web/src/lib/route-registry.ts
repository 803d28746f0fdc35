import { createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';
import { canAccess, ROUTE_ACCESS, type AccessToken, type RouteName } from '@app/shared/permissions';
import type { RouteHandle } from './routing.ts';

/**
 * The route names the router has a screen for. Navigation (sidebars, menus, the "+" links, shortcuts), the
 * guard's fallback and the settings home offer a route only when it is here, so no entry leads nowhere and
 * each one appears the day its screen's `handle: named(...)` lands in the route tree.
 */
export type RouteRegistry = ReadonlySet<RouteName>;

/** Every route name a route object (and its children) carries in `handle.route`. */
export function routeNamesOf(routes: readonly RouteObject[]): RouteRegistry {
  const names = new Set<RouteName>();
  const walk = (list: readonly RouteObject[]) => {
    for (const route of list) {
      const name = (route.handle as Partial<RouteHandle> | undefined)?.route;
      if (name) names.add(name);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return names;
}

/** Every web route of the access table, as if every screen were built (tests of the full model). */
export const EVERY_ROUTE: RouteRegistry = new Set(Object.keys(ROUTE_ACCESS).filter((name) => !name.startsWith('api:')) as RouteName[]);

/** Whether a user holding `tokens` may open `route` and the router has a screen for it. */
export const mayOpen = (tokens: readonly AccessToken[], registry: RouteRegistry, route: RouteName) => registry.has(route) && canAccess(tokens, route);

/** Provided by the account layout from the router's own tree; empty outside it (nothing to link to). */
export const RouteRegistryContext = createContext<RouteRegistry>(new Set());

export const useRouteRegistry = () => useContext(RouteRegistryContext);

import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fullPageLoad } from '../full-page-load.ts';
import { CableClient, type SocketFactory } from './cable-client.ts';
import { cableBus } from './cable-bus.ts';
import { applyCoreEvent, type CacheKeyResource } from './core-events.ts';

/** 000 section 4 and 9: back online after this long offline, the page is loaded afresh. */
export const RELOAD_AFTER_OFFLINE_SECONDS = 10_800;

/** `ws(s)://<this host>/cable`: the API serves the app and the socket from one origin (Vite proxies it in dev). */
export const cableUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/cable`;

const currentPage = () => window.location.pathname + window.location.search + window.location.hash;

type RealtimeProviderProps = {
  accountId: number;
  userId: number;
  pubsubToken: string;
  children?: ReactNode;
  /** Tests pass a fake WebSocket. */
  createSocket?: SocketFactory;
  url?: string;
};

/**
 * Keeps one /cable connection for the signed-in user in the current account while mounted (the app shell
 * mounts it once), publishes its events, lifecycle and status on the bus (onCableEvent, onCableLifecycle,
 * useCableStatus, sendCable), and applies the events every screen needs (applyCoreEvent). Follows the
 * browser's online/offline events; back online after RELOAD_AFTER_OFFLINE_SECONDS or more, reloads the page.
 */
export function RealtimeProvider({ accountId, userId, pubsubToken, children, createSocket, url }: RealtimeProviderProps) {
  const client = useQueryClient();
  const factory = useRef(createSocket);

  useEffect(() => {
    const lastCacheKeys: { current: Partial<Record<CacheKeyResource, unknown>> | null } = { current: null };
    const cable = new CableClient({
      url: url ?? cableUrl(),
      identity: { pubsubToken, accountId, userId },
      ...(factory.current ? { createSocket: factory.current } : {}),
      onStatus: cableBus.setStatus,
      onLifecycle: cableBus.emitLifecycle,
      onEvent: (event) => {
        const work = applyCoreEvent(event, { client, accountId, lastCacheKeys });
        if (event.event === 'resync.required') void work.then(() => cableBus.emitLifecycle({ type: 'resynced' }));
        cableBus.emitEvent(event);
      },
    });
    const online = () => {
      const offlineFor = cable.secondsSinceDisconnect();
      if (offlineFor !== null && offlineFor >= RELOAD_AFTER_OFFLINE_SECONDS) {
        fullPageLoad(currentPage());
        return;
      }
      cable.setOnline(true);
    };
    const offline = () => cable.setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    cableBus.setSender((action, payload) => cable.send(action, payload));
    cable.start();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      cable.stop();
      cableBus.setSender(null);
      cableBus.setStatus('connecting');
    };
  }, [client, accountId, userId, pubsubToken, url]);

  return <>{children}</>;
}

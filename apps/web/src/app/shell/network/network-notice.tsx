import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { fullPageLoad } from '../../../lib/full-page-load.ts';
import { useCableStatus } from '../../../lib/realtime/index.ts';
import { Icon } from '../icons.tsx';
import { isRealtimeScreen } from '../sidebar/nav-model.ts';

/** 000 section 9: the reconnect-success notice stays 2000 ms. */
export const RECONNECT_SUCCESS_MS = 2_000;

type NoticeState = 'offline' | 'reconnecting' | 'reconnected';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const browserOnline = () => navigator.onLine;

/**
 * The network notice of 000 sections 2, 4 and 8, at the top left with a refresh button: offline when the browser
 * is; reconnecting while the socket is down, only on conversation, inbox and notification screens (the live
 * ones); then "back online" for 2 s once the connection is back.
 */
export function NetworkNotice() {
  const online = useSyncExternalStore(subscribeOnline, browserOnline, browserOnline);
  const cable = useCableStatus();
  const location = useLocation();
  const live = isRealtimeScreen(location.pathname);
  const problem: NoticeState | null = !online ? 'offline' : live && (cable === 'reconnecting' || cable === 'offline') ? 'reconnecting' : null;
  const [recovered, setRecovered] = useState(false);
  const [hidden, setHidden] = useState<NoticeState | null>(null);
  const hadProblem = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (problem) {
      hadProblem.current = true;
      setRecovered(false);
      return;
    }
    // Back: on a live screen, only once the socket is subscribed again.
    if (!hadProblem.current || (live && cable !== 'connected')) return;
    hadProblem.current = false;
    setRecovered(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setRecovered(false), RECONNECT_SUCCESS_MS);
  }, [problem, live, cable]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const state: NoticeState | null = problem ?? (recovered ? 'reconnected' : null);
  useEffect(() => {
    if (state !== hidden) setHidden(null);
  }, [state, hidden]);
  if (!state || hidden === state) return null;
  const text = {
    offline: t('NETWORK.NOTIFICATION.OFFLINE'),
    reconnecting: t('NETWORK.NOTIFICATION.RECONNECTING'),
    reconnected: t('NETWORK.NOTIFICATION.RECONNECT_SUCCESS'),
  }[state];

  return (
    <div className={`shell-network shell-network--${state}`} role={state === 'reconnected' ? 'status' : 'alert'} data-state={state}>
      <span className="shell-network__icon" aria-hidden="true">
        <Icon name={state === 'offline' ? 'offline' : state === 'reconnecting' ? 'refresh' : 'check'} size={16} />
      </span>
      <span className="shell-network__text">{text}</span>
      {state === 'reconnected' ? null : (
        <button type="button" className="shell-network__refresh" onClick={() => fullPageLoad(location.pathname + location.search + location.hash)}>
          {t('NETWORK.BUTTON.REFRESH')}
        </button>
      )}
      <button type="button" className="shell-network__close" aria-label={t('NETWORK.CLOSE')} onClick={() => setHidden(state)}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

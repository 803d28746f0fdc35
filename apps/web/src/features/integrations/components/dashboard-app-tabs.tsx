import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Conversation } from '@app/shared/conversations';
import type { DashboardApp } from '@app/shared/dashboard-apps';
import { DASHBOARD_APP_FETCH_INFO } from '@app/shared/dashboard-apps-constants';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDashboardApps } from '../api.ts';
import '../integrations.css';

type AppContext = { conversation: Conversation; contact: Conversation['meta']['sender']; currentAgent: { id: number; name: string; email: string } };

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * One frame of a dashboard app. As Chatwoot does, it posts `{event: 'appContext', data}` as a JSON string
 * when the page loads, again when the conversation changes, and whenever the page asks with
 * `chatwoot-dashboard-app:fetch-info`; only to the page's own origin.
 */
function AppFrame({ title, url, context }: { title: string; url: string; context: AppContext }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(context);
  const origin = originOf(url);
  const post = () => {
    if (!origin) return;
    frame.current?.contentWindow?.postMessage(JSON.stringify({ event: 'appContext', data: latest.current }), origin);
  };
  const postRef = useRef(post);
  useEffect(() => {
    latest.current = context;
    postRef.current = post;
  });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.data !== DASHBOARD_APP_FETCH_INFO) return;
      postRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // A new conversation in the same tab: the page hears about it without reloading.
  const conversationId = context.conversation.id;
  useEffect(() => {
    postRef.current();
  }, [conversationId]);

  return (
    <iframe
      ref={frame}
      className="dashboard-app__frame"
      title={t('CONVERSATION.DASHBOARD_APPS.FRAME_TITLE', { title })}
      src={url}
      onLoad={() => postRef.current()}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

function AppPanel({ app, context }: { app: DashboardApp; context: AppContext }) {
  return (
    <div className="dashboard-app" role="tabpanel" id={`dashboard-app-panel-${app.id}`} aria-labelledby={`dashboard-app-tab-${app.id}`}>
      {app.content.map((frame, i) => (
        <AppFrame key={`${i}-${frame.url}`} title={app.title} url={frame.url} context={context} />
      ))}
    </div>
  );
}

type DashboardAppTabsProps = { accountId: number; conversation: Conversation; children: ReactNode };

/**
 * The conversation's views: Messages (the children) and a tab per dashboard app of the account. Without
 * dashboard apps nothing is added. The messages stay mounted while an app is shown, so a draft reply survives.
 */
export function DashboardAppTabs({ accountId, conversation, children }: DashboardAppTabsProps) {
  const { user } = useCurrentAccount();
  const apps = useDashboardApps(accountId);
  const [active, setActive] = useState<number | null>(null);
  const list = apps.data ?? [];
  const current = list.find((app) => app.id === active) ?? null;
  if (list.length === 0) return <>{children}</>;

  const context: AppContext = { conversation, contact: conversation.meta.sender, currentAgent: { id: user.id, name: user.name, email: user.email } };
  const tabs = [{ id: null, title: t('CONVERSATION.DASHBOARD_APPS.MESSAGES') }, ...list.map((app) => ({ id: app.id as number | null, title: app.title }))];
  const move = (from: number, step: number) => {
    const next = tabs[(from + step + tabs.length) % tabs.length]!;
    setActive(next.id);
    requestAnimationFrame(() => document.getElementById(next.id === null ? 'dashboard-app-tab-messages' : `dashboard-app-tab-${next.id}`)?.focus());
  };
  return (
    <>
      <div className="dashboard-app-tabs" role="tablist" aria-label={t('CONVERSATION.DASHBOARD_APPS.TABS')}>
        {tabs.map((tab, i) => {
          const selected = (current?.id ?? null) === tab.id;
          return (
            <button
              key={tab.id ?? 'messages'}
              type="button"
              role="tab"
              id={tab.id === null ? 'dashboard-app-tab-messages' : `dashboard-app-tab-${tab.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              className="dashboard-app-tabs__tab"
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  e.preventDefault();
                  move(i, (e.key === 'ArrowRight') !== (document.dir === 'rtl') ? 1 : -1);
                }
              }}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      <div style={{ display: current ? 'none' : 'contents' }}>{children}</div>
      {current ? <AppPanel key={current.id} app={current} context={context} /> : null}
    </>
  );
}

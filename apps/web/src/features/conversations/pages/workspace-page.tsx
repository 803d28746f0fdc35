import { useMatches, useParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { ConversationListPane } from '../components/conversation-list-pane.tsx';
import { ConversationView } from '../components/conversation-view.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { CacheContextProvider } from '../hooks/use-cache-context.ts';
import { useConversationRealtime } from '../hooks/use-conversation-realtime.ts';
import { useListPreferences } from '../hooks/use-list-preferences.ts';
import type { ConversationRouteHandle } from '../routes.tsx';
import { scopeFromRoute, type ListKind } from '../utils/list-filters.ts';
import '../conversations.css';

function listKindOf(matches: ReturnType<typeof useMatches>): ListKind {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<ConversationRouteHandle> | undefined;
    if (handle?.list) return handle.list;
  }
  return 'home';
}

/**
 * The conversation workspace (001 section 2): the list of the route's scope, the open conversation and its
 * details side by side. It stays mounted while the agent moves between lists and conversations.
 */
export function WorkspacePage() {
  const { user, account } = useCurrentAccount();
  const params = useParams();
  const matches = useMatches();
  const [preferences, setPreferences] = useListPreferences(account.id);
  const scope = scopeFromRoute(listKindOf(matches), params);
  const raw = params.conversationId;
  const conversationId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const cacheContext = useConversationRealtime(account.id, user.id, account.permissions, conversationId);

  if (!scope) {
    return (
      <div className="cw-workspace">
        <EmptyState title={t('CHAT_LIST.SCOPE_NOT_FOUND')} />
      </div>
    );
  }
  const filters = { scope, ...preferences };
  return (
    <CacheContextProvider value={cacheContext}>
    <div className="cw-workspace" data-open={conversationId !== null}>
      <ConversationListPane accountId={account.id} filters={filters} activeId={conversationId} onChange={setPreferences} />
      {conversationId !== null ? (
        <ConversationView key={conversationId} accountId={account.id} conversationId={conversationId} scope={scope} />
      ) : (
        <section className="cw-view cw-view--empty" aria-label={t('CONVERSATION.SELECT_A_CONVERSATION')}>
          <EmptyState icon="chat" title={t('CONVERSATION.SELECT_A_CONVERSATION')} hint={t('CONVERSATION.SELECT_HINT')} />
        </section>
      )}
    </div>
    </CacheContextProvider>
  );
}

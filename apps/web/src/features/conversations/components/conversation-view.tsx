import { useMemo } from 'react';
import { Link } from 'react-router';
import { MESSAGE_TYPES } from '@app/shared/constants';
import { canAccess } from '@app/shared/permissions';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { DashboardAppTabs } from '../../integrations/index.ts';
import { useInboxMap } from '../hooks/use-account-data.ts';
import { useConversation, useMarkSeen, useMessages } from '../hooks/use-conversation.ts';
import { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { PaymentToolsContext } from '../hooks/use-payment-tools.ts';
import { useSendMessage } from '../hooks/use-send-message.ts';
import { useSidebarOpen } from '../hooks/use-sidebar.ts';
import { listPath, type ListScope } from '../utils/list-filters.ts';
import { flattenMessages } from '../utils/messages-cache.ts';
import { ConversationHeader } from './conversation-header.tsx';
import { EmptyState } from './empty-state.tsx';
import { MessageList } from './message-list.tsx';
import { ReplyBox } from './reply-box.tsx';
import { ConversationSidebar } from './sidebar/conversation-sidebar.tsx';
import { TypingIndicator } from './typing-indicator.tsx';

type ConversationViewProps = { accountId: number; conversationId: number; scope: ListScope };

/**
 * The open conversation: header with its actions, messages, typing, the editor; the details column beside.
 * A role that reads conversations without acting on them (a checker reviewing their inboxes, 000 section 6)
 * gets the messages and details only: no actions, no editor, nothing marked read on their behalf.
 */
export function ConversationView({ accountId, conversationId, scope }: ConversationViewProps) {
  const { user, account } = useCurrentAccount();
  const readOnly = !canAccess(account.permissions, 'api:conversations.manage');
  const conversation = useConversation(accountId, conversationId);
  const messagesQuery = useMessages(accountId, conversationId);
  const actions = useConversationActions(accountId, conversationId);
  const inboxes = useInboxMap(accountId);
  const [sidebarOpen, toggleSidebar] = useSidebarOpen();
  const data = conversation.data;
  const inbox = data ? inboxes.get(data.inbox_id) : undefined;
  const { send, retry } = useSendMessage({ accountId, inboxId: data?.inbox_id ?? 0, conversationId }, user);
  const messages = flattenMessages(messagesQuery.data);
  const latestIncoming = messages.findLast((m) => MESSAGE_TYPES[m.message_type] === 'incoming' && m.id > 0)?.id ?? null;
  useMarkSeen(accountId, conversationId, latestIncoming, !readOnly);
  // OCR and withdraw issues work on the current account's messages and conversations (features/payment-ocr/api.ts)
  const inboxId = data?.inbox_id ?? 0;
  const paymentTools = useMemo(
    () => ({
      accountId,
      conversation: { id: conversationId, inbox_id: inboxId },
      canOcr: canAccess(account.permissions, 'api:ocr.create'),
      canRaiseIssue: canAccess(account.permissions, 'api:withdraw_issues.create'),
    }),
    [accountId, conversationId, inboxId, account.permissions],
  );

  if (!data) {
    const missing = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <section className="cw-view cw-view--empty" aria-busy={conversation.isPending || undefined}>
        {conversation.isPending ? (
          <div className="cw-view__loading" role="status" aria-label={t('CONVERSATION.LOADING')} />
        ) : (
          <EmptyState
            tone={missing ? 'neutral' : 'error'}
            icon="chat"
            title={missing ? t('CONVERSATION.NOT_FOUND') : t('CONVERSATION.LOAD_ERROR')}
            action={
              missing ? (
                <Link className="button button--small button--secondary" to={accountPath(accountId, listPath(scope))}>
                  {t('CONVERSATION.HEADER.BACK')}
                </Link>
              ) : (
                <Button size="small" onClick={() => void conversation.refetch()}>
                  {t('CHAT_LIST.RETRY')}
                </Button>
              )
            }
          />
        )}
      </section>
    );
  }

  return (
    <>
      <section className="cw-view" aria-label={data.meta.sender.name}>
        <ConversationHeader
          accountId={accountId}
          scope={scope}
          conversation={data}
          inbox={inbox}
          actions={actions}
          readOnly={readOnly}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={toggleSidebar}
        />
        <DashboardAppTabs accountId={accountId} conversation={data}>
          <PaymentToolsContext.Provider value={paymentTools}>
            <MessageList messages={messages} query={messagesQuery} onRetry={retry} />
          </PaymentToolsContext.Provider>
          <TypingIndicator accountId={accountId} conversationId={conversationId} />
          {readOnly ? (
            <p className="cw-reply cw-reply__notice cw-reply--read-only" role="note">
              {t('CONVERSATION.READ_ONLY')}
            </p>
          ) : (
            <ReplyBox accountId={accountId} conversation={data} inbox={inbox} user={user} send={send} />
          )}
        </DashboardAppTabs>
      </section>
      {sidebarOpen ? <ConversationSidebar accountId={accountId} conversation={data} inbox={inbox} user={user} actions={actions} readOnly={readOnly} /> : null}
    </>
  );
}

import { Link } from 'react-router';
import type { Conversation } from '@app/shared/conversations';
import type { Inbox } from '@app/shared/inboxes';
import { TintedAvatar } from './tinted-avatar.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { fullTime, messageTime } from '../utils/format.ts';
import { listPath, type ListScope } from '../utils/list-filters.ts';
import { AgentMenu } from './assign-menus.tsx';
import { Icon } from './icon.tsx';
import { LabelsMenu } from './labels-menu.tsx';
import { MoreActions } from './more-actions.tsx';
import { PriorityMenu } from './priority-menu.tsx';
import { StatusActions } from './status-actions.tsx';

type HeaderProps = {
  accountId: number;
  scope: ListScope;
  conversation: Conversation;
  inbox: Inbox | undefined;
  actions: ReturnType<typeof useConversationActions>;
  /** A reader who may not act: no assign, priority, labels, status or more actions. */
  readOnly?: boolean;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
};

/** The status badge's text (compact: the snooze's day and time) and its tooltip (the full date and time). */
function statusNote(conversation: Conversation): { text: string; full: string } | null {
  if (conversation.status === 'snoozed') {
    const until = conversation.snoozed_until;
    if (!until) return { text: t('CONVERSATION.SNOOZED_UNTIL_NEXT_REPLY'), full: t('CONVERSATION.SNOOZED_UNTIL_NEXT_REPLY') };
    return { text: t('CONVERSATION.SNOOZED_UNTIL', { time: messageTime(until) }), full: t('CONVERSATION.SNOOZED_UNTIL', { time: fullTime(until) }) };
  }
  if (conversation.status !== 'open') {
    const text = t(`CONVERSATION.STATUS.${conversation.status}` as MessageKey);
    return { text, full: text };
  }
  return null;
}

/** Who and where (contact, inbox, status), then the actions: status, more, the details column (and assign, priority, labels when it is closed). */
export function ConversationHeader({ accountId, scope, conversation, inbox, actions, readOnly = false, sidebarOpen, onToggleSidebar }: HeaderProps) {
  const { sender } = conversation.meta;
  const note = statusNote(conversation);
  return (
    <header className="cw-view__header">
      <Link className="cw-icon-button cw-view__back" to={accountPath(accountId, listPath(scope))} aria-label={t('CONVERSATION.HEADER.BACK')}>
        <Icon name="chevronDown" size={18} className="cw-rotate-start" />
      </Link>
      <TintedAvatar name={sender.name || '?'} src={sender.thumbnail || null} />
      <div className="cw-view__who">
        <h2 className="cw-view__name" dir="auto">
          {sender.name}
        </h2>
        <p className="cw-view__where">
          <span className="cw-view__inbox" title={inbox?.name ?? conversation.meta.channel}>
            <Icon name="inbox" size={12} />
            <span className="cw-view__inbox-name">{inbox?.name ?? conversation.meta.channel}</span>
          </span>
          <span className="cw-view__id">#{conversation.id}</span>
          {note ? (
            <span className={`cw-status cw-status--${conversation.status}`} title={note.full}>
              {note.text}
            </span>
          ) : null}
          {conversation.muted ? (
            <span className="cw-status cw-status--muted">
              <Icon name="mute" size={11} />
              {t('CONVERSATION.MUTED')}
            </span>
          ) : null}
        </p>
      </div>
      <div className="cw-view__actions">
        {/* With the details column open its first panel holds these; closed, they come up here. */}
        {sidebarOpen || readOnly ? null : (
          <>
            <AgentMenu accountId={accountId} conversation={conversation} actions={actions} />
            <PriorityMenu conversation={conversation} actions={actions} />
            <LabelsMenu accountId={accountId} conversation={conversation} actions={actions} />
          </>
        )}
        {readOnly ? null : (
          <>
            <StatusActions conversation={conversation} actions={actions} />
            <MoreActions accountId={accountId} scope={scope} conversation={conversation} actions={actions} />
          </>
        )}
        <button
          type="button"
          className="cw-icon-button"
          aria-pressed={sidebarOpen}
          aria-label={sidebarOpen ? t('CONVERSATION.SIDEBAR.HIDE') : t('CONVERSATION.SIDEBAR.SHOW')}
          title={sidebarOpen ? t('CONVERSATION.SIDEBAR.HIDE') : t('CONVERSATION.SIDEBAR.SHOW')}
          onClick={onToggleSidebar}
        >
          <Icon name="sidebar" size={18} />
        </button>
      </div>
    </header>
  );
}

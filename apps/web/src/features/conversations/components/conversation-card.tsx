import { memo } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '@app/shared/conversations';
import type { Inbox } from '@app/shared/inboxes';
import type { Label } from '@app/shared/labels';
import { MESSAGE_TYPES } from '@app/shared/constants';
import { TintedAvatar } from './tinted-avatar.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { previewOf, shortTime, unreadLabel } from '../utils/format.ts';
import { conversationPath, type ListScope } from '../utils/list-filters.ts';
import { Icon } from './icon.tsx';
import { LabelChip } from './label-chip.tsx';
import { MiniAvatar } from './mini-avatar.tsx';

/** Every card has the same height, so the virtualized list never measures. */
export const CARD_HEIGHT = 92;

type CardProps = {
  accountId: number;
  scope: ListScope;
  conversation: Conversation;
  inbox: Inbox | undefined;
  labels: Map<string, Label>;
  active: boolean;
};

/** One row of the list: contact, inbox, latest message, time, unread count, assignee, priority and labels. */
export const ConversationCard = memo(function ConversationCard({ accountId, scope, conversation, inbox, labels, active }: CardProps) {
  const { sender, assignee } = conversation.meta;
  const last = conversation.last_non_activity_message ?? conversation.messages[0] ?? null;
  const outgoing = last ? MESSAGE_TYPES[last.message_type] === 'outgoing' : false;
  const unread = conversation.unread_count;
  return (
    <Link
      to={accountPath(accountId, conversationPath(scope, conversation.id))}
      className={`cw-card${unread > 0 ? ' cw-card--unread' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-conversation-id={conversation.id}
    >
      <TintedAvatar name={sender.name || '?'} src={sender.thumbnail || null} />
      <span className="cw-card__body">
        <span className="cw-card__top">
          <span className="cw-card__name" dir="auto">
            {sender.name}
          </span>
          <time className="cw-card__time" dateTime={new Date(conversation.last_activity_at * 1000).toISOString()}>
            {shortTime(conversation.last_activity_at)}
          </time>
        </span>
        <span className="cw-card__preview">
          {last?.private ? <Icon name="lock" size={13} className="cw-card__preview-icon" /> : outgoing ? <Icon name="send" size={12} className="cw-card__preview-icon" /> : null}
          <span className="cw-card__preview-text" dir="auto">
            {previewOf(last)}
          </span>
          {unread > 0 ? (
            <span className="cw-unread" aria-label={t('CHAT_LIST.UNREAD', { count: unread })}>
              {unreadLabel(unread)}
            </span>
          ) : null}
        </span>
        <span className="cw-card__meta">
          {scope.kind === 'inbox' ? null : (
            <span className="cw-card__inbox" title={inbox?.name}>
              <Icon name="inbox" size={12} />
              {inbox?.name ?? `#${conversation.id}`}
            </span>
          )}
          {conversation.priority ? (
            <span className={`cw-priority cw-priority--${conversation.priority}`}>
              <Icon name="flag" size={11} />
              {t(`CONVERSATION.PRIORITY.${conversation.priority}` as MessageKey)}
            </span>
          ) : null}
          {conversation.labels.slice(0, 2).map((title) => (
            <LabelChip key={title} title={title} color={labels.get(title)?.color} compact />
          ))}
          {conversation.labels.length > 2 ? <span className="cw-card__more">+{conversation.labels.length - 2}</span> : null}
          <span className="cw-card__assignee" title={assignee ? t('CHAT_LIST.ASSIGNED_TO', { name: assignee.available_name }) : t('CHAT_LIST.UNASSIGNED')}>
            {assignee ? <MiniAvatar name={assignee.available_name} src={assignee.thumbnail} /> : null}
          </span>
        </span>
      </span>
    </Link>
  );
});

import { useId } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@app/shared/notifications';
import { Avatar } from '../../../components/avatar.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { actorOf } from '../utils/actor.ts';
import { timeAgo } from '../utils/time-ago.ts';
import { NotificationMenu, type NotificationMenuActions } from './notification-menu.tsx';

type NotificationRowProps = NotificationMenuActions & {
  accountId: number;
  notification: Notification;
  now: number;
  /** Opening: the link navigates to the conversation, this marks the notification read. */
  onOpen: (notification: Notification) => void;
};

/** The conversation's URL: primary_actor.id is the display id. */
export const conversationPathOf = (accountId: number, notification: Notification) => accountPath(accountId, `conversations/${notification.primary_actor.id}`);

/** One notification: unread ones bold with a dot (read_at empty), read ones greyed. */
export function NotificationRow({ accountId, notification, now, onOpen, ...actions }: NotificationRowProps) {
  const unread = !notification.read_at;
  const actor = actorOf(notification);
  const title = notification.push_message_title;
  const when = new Date(notification.last_activity_at * 1000);
  const id = useId();
  // The link is named by the title alone; the actor, conversation, time and unread dot describe it.
  const [titleId, metaId, dotId] = [`${id}-title`, `${id}-meta`, `${id}-dot`];
  return (
    <li className={unread ? 'notification-row notification-row--unread' : 'notification-row notification-row--read'} data-unread={unread}>
      <Link
        className="notification-row__link"
        to={conversationPathOf(accountId, notification)}
        aria-labelledby={titleId}
        aria-describedby={unread ? `${dotId} ${metaId}` : metaId}
        onClick={() => onOpen(notification)}
      >
        <Avatar name={actor.name} src={actor.thumbnail} size="medium" />
        <span className="notification-row__body">
          <span className="notification-row__title" id={titleId}>{title}</span>
          <span className="notification-row__meta" id={metaId}>
            <span className="notification-row__actor">{actor.name}</span>
            <span aria-hidden="true">·</span>
            <span className="notification-row__conversation">{t('NOTIFICATIONS.CONVERSATION', { id: notification.primary_actor.id })}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={when.toISOString()} title={when.toLocaleString()}>
              {timeAgo(notification.last_activity_at, now)}
            </time>
          </span>
        </span>
        {unread ? <span className="notification-row__dot" id={dotId} role="img" aria-label={t('NOTIFICATIONS.UNREAD')} /> : null}
      </Link>
      <NotificationMenu notification={notification} title={title} {...actions} />
    </li>
  );
}

import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Notification } from '@app/shared/notifications';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useNotificationList,
  useOpenNotification,
  useSetNotificationRead,
  useSnoozeNotification,
} from '../api.ts';
import { NotificationRow } from '../components/notification-row.tsx';
import { flattenNotifications } from '../utils/list-cache.ts';
import { snoozeUntil, type SnoozeChoice } from '../utils/snooze.ts';
import '../notifications.css';

const SKELETON_ROWS = 6;

/** "5 minutes ago" moves on by itself: the page's clock ticks every minute. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The route's element: the account comes from the URL. */
export function NotificationsScreen() {
  const { accountId } = useParams();
  return <NotificationsPage accountId={Number(accountId)} />;
}

/**
 * The notifications screen the bell links to: the user's notifications, newest first, unread bold and read
 * greyed, 15 a page with "Load more". Opening one marks it read and opens its conversation; each row's menu
 * marks it read or unread, snoozes or deletes it; "Mark all as read" reads them all. Realtime events reach the
 * list through useNotificationsRealtime, which the app shell mounts.
 */
export function NotificationsPage({ accountId }: { accountId: number }) {
  const list = useNotificationList(accountId);
  const open = useOpenNotification(accountId);
  const setRead = useSetNotificationRead(accountId);
  const snooze = useSnoozeNotification(accountId);
  const remove = useDeleteNotification(accountId);
  const markAll = useMarkAllNotificationsRead(accountId);
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const now = useNow();

  const notifications = flattenNotifications(list.data);
  const unreadCount = list.data?.pages[0]?.meta.unread_count ?? 0;
  const failed = () => toast(t('NOTIFICATIONS.ACTION_ERROR'), 'error');

  const onToggleRead = (notification: Notification) => setRead.mutate({ notification, read: !notification.read_at }, { onError: failed });
  const onSnooze = (notification: Notification, choice: SnoozeChoice) =>
    snooze.mutate({ notification, until: snoozeUntil(choice) }, { onSuccess: () => toast(t('NOTIFICATIONS.SNOOZED'), 'success'), onError: failed });
  const onDelete = async (notification: Notification) => {
    const yes = await confirm({
      title: t('NOTIFICATIONS.DELETE_CONFIRM.TITLE'),
      description: t('NOTIFICATIONS.DELETE_CONFIRM.DESCRIPTION'),
      confirmLabel: t('NOTIFICATIONS.DELETE_CONFIRM.YES'),
      cancelLabel: t('NOTIFICATIONS.DELETE_CONFIRM.NO'),
      tone: 'danger',
    });
    if (yes) remove.mutate(notification, { onSuccess: () => toast(t('NOTIFICATIONS.DELETED'), 'success'), onError: failed });
  };
  const onMarkAll = () => markAll.mutate(undefined, { onSuccess: () => toast(t('NOTIFICATIONS.MARK_ALL_DONE_SUCCESS'), 'success'), onError: failed });

  let body;
  if (list.isPending) {
    body = (
      <div className="notifications-skeleton" role="status" aria-label={t('NOTIFICATIONS.LOADING')}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <div key={index} className="notifications-skeleton__row" aria-hidden="true">
            <span className="notifications-skeleton__avatar" />
            <span className="notifications-skeleton__lines">
              <span className="notifications-skeleton__line" />
              <span className="notifications-skeleton__line notifications-skeleton__line--short" />
            </span>
          </div>
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <PageStatus
        kind="error"
        message={t('NOTIFICATIONS.LOAD_ERROR')}
        action={
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('NOTIFICATIONS.RETRY')}
          </Button>
        }
      />
    );
  } else if (notifications.length === 0) {
    body = (
      <div className="notifications-empty" role="status">
        <h2>{t('NOTIFICATIONS.EMPTY_TITLE')}</h2>
        <p className="muted">{t('NOTIFICATIONS.EMPTY_DESCRIPTION')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="notifications-list" aria-label={t('NOTIFICATIONS.LIST_LABEL')}>
          {notifications.map((notification) => (
            <NotificationRow
              key={notification.id}
              accountId={accountId}
              notification={notification}
              now={now}
              onOpen={(n) => open.mutate(n)}
              onToggleRead={onToggleRead}
              onSnooze={onSnooze}
              onDelete={(n) => void onDelete(n)}
            />
          ))}
        </ul>
        {list.isFetchNextPageError ? (
          <p className="notifications-page__more-error" role="alert">
            {t('NOTIFICATIONS.LOAD_MORE_ERROR')}
          </p>
        ) : null}
        {list.hasNextPage ? (
          <div className="notifications-page__more">
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('NOTIFICATIONS.LOAD_MORE')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="notifications-page" aria-labelledby="notifications-page-title">
      <header className="notifications-page__header">
        <div className="notifications-page__heading">
          <h1 id="notifications-page-title">{t('NOTIFICATIONS.TITLE')}</h1>
          <p className="muted">
            {list.data && unreadCount > 0 ? t('NOTIFICATIONS.UNREAD_COUNT', { count: unreadCount }) : t('NOTIFICATIONS.DESCRIPTION')}
          </p>
        </div>
        <Button variant="secondary" size="small" onClick={onMarkAll} loading={markAll.isPending} disabled={!list.data || unreadCount === 0}>
          {t('NOTIFICATIONS.MARK_ALL_DONE')}
        </Button>
      </header>
      {body}
      {dialog}
    </section>
  );
}

import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { MESSAGE_TYPES } from '@app/shared/constants';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import type { MessagePages } from '../api.ts';
import { longDay } from '../utils/format.ts';
import type { ViewMessage } from '../utils/messages-cache.ts';
import { EmptyState } from './empty-state.tsx';
import { MessageItem } from './message-item.tsx';

type MessageListProps = {
  messages: ViewMessage[];
  query: UseInfiniteQueryResult<MessagePages>;
  onRetry: (message: ViewMessage) => void;
};

/** Within 5 minutes, messages from the same sender read as one run (the sender shown once). */
const RUN_SECONDS = 5 * 60;
/** Closer than this to the bottom, a new message keeps the view pinned to it. */
const PINNED_PX = 120;

const dayOf = (unix: number) => new Date(unix * 1000).toDateString();
const dayLabel = (unix: number) => {
  const date = new Date(unix * 1000);
  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  if (date.toDateString() === today.toDateString()) return t('CONVERSATION.TODAY');
  if (date.toDateString() === yesterday.toDateString()) return t('CONVERSATION.YESTERDAY');
  return longDay(date);
};

const startsRun = (message: ViewMessage, previous: ViewMessage | undefined) => {
  if (!previous) return true;
  const type = MESSAGE_TYPES[message.message_type];
  if (type === 'activity' || MESSAGE_TYPES[previous.message_type] === 'activity') return true;
  return (
    previous.message_type !== message.message_type ||
    previous.private !== message.private ||
    previous.sender_id !== message.sender_id ||
    message.created_at - previous.created_at > RUN_SECONDS ||
    dayOf(message.created_at) !== dayOf(previous.created_at)
  );
};

/**
 * The conversation's messages, oldest first, with day separators. Opens at the bottom, stays pinned there
 * as messages arrive, and loads older windows (`before`) when scrolled to the top, keeping the reading
 * position while they are put above.
 */
export function MessageList({ messages, query, onRetry }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages[0]?.id;
  const lastKey = messages.length ? `${messages.at(-1)!.id}:${messages.length}` : '';
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadOlder = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  };

  // Older messages put above: the same message stays under the reader's eyes (a pinned view stays at the bottom).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !anchor.current || isFetchingNextPage) return;
    el.scrollTop = pinned.current ? el.scrollHeight : anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [firstId, isFetchingNextPage]);

  // A new message (or the first window): to the bottom, if the reader was there.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [lastKey]);

  // Content that grows after rendering (an image loading, the editor resizing the pane) keeps a pinned view at the bottom.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const keep = () => {
      if (pinned.current && !anchor.current) el.scrollTop = el.scrollHeight;
    };
    const observer = new ResizeObserver(keep);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadOlder(), { root: scroller.current, rootMargin: '200px 0px 0px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  });

  let body;
  if (query.isPending) {
    body = (
      <div className="cw-messages__status" role="status">
        <Spinner />
        <span className="cw-visually-hidden">{t('CONVERSATION.LOADING_MESSAGES')}</span>
      </div>
    );
  } else if (query.isError && messages.length === 0) {
    body = (
      <EmptyState
        tone="error"
        title={t('CONVERSATION.MESSAGES_ERROR')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('CHAT_LIST.RETRY')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        <div ref={top} className="cw-messages__top">
          {hasNextPage ? (
            <Button size="small" variant="ghost" loading={isFetchingNextPage} onClick={loadOlder}>
              {isFetchingNextPage ? t('CONVERSATION.LOADING_OLDER') : t('CONVERSATION.LOAD_OLDER')}
            </Button>
          ) : (
            <span className="cw-messages__start">{t('CONVERSATION.BEGINNING')}</span>
          )}
        </div>
        {messages.map((message, i) => {
          const previous = messages[i - 1];
          const newDay = !previous || dayOf(previous.created_at) !== dayOf(message.created_at);
          return (
            <Fragment key={message.id > 0 ? message.id : message.echo_id}>
              {newDay ? (
                <div className="cw-day" role="separator">
                  <span>{dayLabel(message.created_at)}</span>
                </div>
              ) : null}
              <MessageItem message={message} showSender={startsRun(message, previous)} onRetry={onRetry} />
            </Fragment>
          );
        })}
      </>
    );
  }
  return (
    <div
      className="cw-messages"
      ref={scroller}
      role="log"
      aria-label={t('CONVERSATION.MESSAGES_LABEL')}
      aria-live="polite"
      aria-relevant="additions"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < PINNED_PX;
      }}
    >
      <div className="cw-messages__inner">{body}</div>
    </div>
  );
}

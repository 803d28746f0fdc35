import { memo } from 'react';
import { MESSAGE_TYPES } from '@app/shared/constants';
import { TintedAvatar } from './tinted-avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { fullTime, messageTime } from '../utils/format.ts';
import type { ViewMessage } from '../utils/messages-cache.ts';
import { Icon } from './icon.tsx';
import { MessageAttachments } from './message-attachments.tsx';
import { MessageContent } from './message-content.tsx';
import { MessageOcr } from './message-ocr.tsx';

type MessageItemProps = {
  message: ViewMessage;
  /** First of a run from the same sender: shows who wrote it. */
  showSender: boolean;
  onRetry: (message: ViewMessage) => void;
};

const externalError = (message: ViewMessage) => {
  const value = message.content_attributes.external_error;
  return typeof value === 'string' && value ? value : null;
};

/** A delivery state's icon with its name as tooltip and accessible name. */
function StateIcon({ icon, label, tone }: { icon: 'clock' | 'check' | 'checks'; label: string; tone?: 'read' }) {
  return (
    <span className={`cw-message__state${tone ? ` cw-message__state--${tone}` : ''}`} role="img" title={label} aria-label={label}>
      <Icon name={icon} size={13} />
    </span>
  );
}

function DeliveryState({ message, onRetry }: { message: ViewMessage; onRetry: (message: ViewMessage) => void }) {
  if (message.status === 'progress') {
    // Ours, not yet answered: said in words. The server's, waiting on the channel: a quiet clock.
    return message.id < 0 ? (
      <span className="cw-message__state" role="status" title={t('CONVERSATION.SENDING')}>
        <Icon name="clock" size={12} />
        {t('CONVERSATION.SENDING')}
      </span>
    ) : (
      <StateIcon icon="clock" label={t('CONVERSATION.QUEUED')} />
    );
  }
  if (message.status === 'failed') {
    const reason = message.localError ?? externalError(message);
    return (
      <span className="cw-message__failed" role="alert">
        <Icon name="alert" size={13} />
        <span className="cw-message__failure">
          {t('CONVERSATION.FAILED')}
          {reason ? <span className="cw-message__reason">: {reason}</span> : null}
        </span>
        <Button size="small" variant="ghost" className="cw-message__retry" onClick={() => onRetry(message)}>
          <Icon name="retry" size={13} />
          {t('CONVERSATION.RETRY')}
        </Button>
      </span>
    );
  }
  // sent: one tick; delivered: two; read: two in colour (each named in its tooltip)
  const label = t(`CONVERSATION.DELIVERY.${message.status}` as MessageKey);
  if (message.status === 'sent') return <StateIcon icon="check" label={label} />;
  return <StateIcon icon="checks" label={label} tone={message.status === 'read' ? 'read' : undefined} />;
}

/**
 * One message: incoming on the start side, outgoing on the end side, private notes in their own colour,
 * activity messages centred; deleted, sending and failed (with the external error and a retry) states.
 */
export const MessageItem = memo(function MessageItem({ message, showSender, onRetry }: MessageItemProps) {
  const type = MESSAGE_TYPES[message.message_type] ?? 'incoming';
  const time = <time dir="auto" dateTime={new Date(message.created_at * 1000).toISOString()} title={fullTime(message.created_at)}>{messageTime(message.created_at)}</time>;
  if (type === 'activity') {
    return (
      <div className="cw-activity" data-message-id={message.id} data-kind="activity">
        <span>{message.content}</span>
        <span className="cw-activity__time">{time}</span>
      </div>
    );
  }
  const side = type === 'incoming' ? 'in' : 'out';
  const kind = message.private ? 'note' : side === 'in' ? 'incoming' : 'outgoing';
  const deleted = Boolean(message.content_attributes.deleted);
  const senderName = message.sender?.available_name ?? message.sender?.name ?? '';
  return (
    <div
      className={`cw-message cw-message--${side} cw-message--${kind}${showSender ? ' cw-message--first' : ''}`}
      data-message-id={message.id}
      data-kind={kind}
      data-status={message.status}
      data-pending={message.id < 0 || undefined}
    >
      <span className="cw-message__avatar">{showSender ? <TintedAvatar name={senderName || '?'} src={message.sender?.thumbnail || null} size="small" /> : null}</span>
      <div className="cw-message__column">
        {showSender && (side === 'out' || message.private) ? (
          <span className="cw-message__sender">
            {message.private ? (
              <span className="cw-message__note-label">
                <Icon name="lock" size={11} />
                {t('CONVERSATION.PRIVATE_NOTE')}
              </span>
            ) : null}
            {senderName || (message.sender_type === 'AgentBot' ? t('CONVERSATION.BOT') : '')}
          </span>
        ) : null}
        <div className="cw-message__bubble">
          {deleted ? (
            <p className="cw-message__deleted">
              <Icon name="x" size={12} />
              {t('CONVERSATION.MESSAGE_DELETED')}
            </p>
          ) : (
            <>
              {message.content ? <MessageContent content={message.content} /> : null}
              <MessageAttachments attachments={message.attachments ?? []} localFiles={message.localFiles} />
            </>
          )}
        </div>
        <div className="cw-message__meta">
          {time}
          {side === 'out' && message.status !== 'failed' && (!message.private || message.status === 'progress') ? <DeliveryState message={message} onRetry={onRetry} /> : null}
        </div>
        {message.status === 'failed' && side === 'out' ? <DeliveryState message={message} onRetry={onRetry} /> : null}
        {deleted ? null : <MessageOcr message={message} />}
      </div>
    </div>
  );
});

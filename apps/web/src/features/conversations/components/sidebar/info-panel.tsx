import type { Conversation } from '@app/shared/conversations';
import type { Inbox } from '@app/shared/inboxes';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import { fullTime } from '../../utils/format.ts';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Facts about the conversation: id, inbox, status, times, and what the widget learned (browser, page). */
export function InfoPanel({ conversation, inbox }: { conversation: Conversation; inbox: Inbox | undefined }) {
  const extra = conversation.additional_attributes;
  const browser = extra.browser && typeof extra.browser === 'object' ? (extra.browser as Record<string, unknown>) : {};
  const rows: [MessageKey, string][] = [
    ['CONVERSATION.INFO.ID', `#${conversation.id}`],
    ['CONVERSATION.INFO.INBOX', inbox?.name ?? conversation.meta.channel],
    ['CONVERSATION.INFO.STATUS', t(`CONVERSATION.STATUS.${conversation.status}` as MessageKey)],
    ['CONVERSATION.INFO.CREATED', fullTime(conversation.created_at)],
    ['CONVERSATION.INFO.LAST_ACTIVITY', fullTime(conversation.last_activity_at)],
    ['CONVERSATION.INFO.WAITING_SINCE', conversation.waiting_since ? fullTime(conversation.waiting_since) : t('CONVERSATION.INFO.NOT_WAITING')],
    ['CONVERSATION.INFO.FIRST_REPLY', fullTime(conversation.first_reply_created_at)],
  ];
  const browserName = [text(browser.browser_name), text(browser.browser_version)].filter(Boolean).join(' ');
  if (browserName) rows.push(['CONVERSATION.INFO.BROWSER', browserName]);
  if (text(extra.referer)) rows.push(['CONVERSATION.INFO.REFERER', text(extra.referer)]);
  if (text(extra.mail_subject)) rows.push(['CONVERSATION.INFO.SUBJECT', text(extra.mail_subject)]);
  return (
    <dl className="cw-attributes">
      {rows.map(([label, value]) => (
        <div key={label} className="cw-attributes__row">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { t } from '../../../lib/i18n/i18n.ts';
import type { Message } from '@app/shared/messages';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const locale = () => document.documentElement.lang || 'en';

// Building an Intl formatter costs far more than using one: a conversation of 200 messages formats 400 times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale()}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale(), options);
    formatters.set(key, found);
  }
  return found;
}
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const DAY_MONTH_YEAR: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** A day separator's date: Tuesday, 14 May 2024. */
export const longDay = (date: Date) => formatter(LONG_DAY).format(date);

/** A list card's compact time: now, 5m, 3h, 2d, then the date (12 Mar, or 12 Mar 2023 in another year). */
export function shortTime(unixSeconds: number, nowMs = Date.now()): string {
  if (!unixSeconds) return '';
  const age = Math.max(0, Math.floor(nowMs / 1000) - unixSeconds);
  if (age < MINUTE) return t('CHAT_LIST.TIME.NOW');
  if (age < HOUR) return t('CHAT_LIST.TIME.MINUTES', { n: Math.floor(age / MINUTE) });
  if (age < DAY) return t('CHAT_LIST.TIME.HOURS', { n: Math.floor(age / HOUR) });
  if (age < 7 * DAY) return t('CHAT_LIST.TIME.DAYS', { n: Math.floor(age / DAY) });
  const date = new Date(unixSeconds * 1000);
  const sameYear = date.getFullYear() === new Date(nowMs).getFullYear();
  return formatter(sameYear ? DAY_MONTH : DAY_MONTH_YEAR).format(date);
}

/** A message's time of day (10:42), with the date when it is not today. */
export function messageTime(unixSeconds: number, nowMs = Date.now()): string {
  const date = new Date(unixSeconds * 1000);
  const today = new Date(nowMs).toDateString() === date.toDateString();
  const time = formatter(TIME).format(date);
  return today ? time : `${formatter(DAY_MONTH).format(date)}, ${time}`;
}

/** A full date and time for details and tooltips. */
export function fullTime(unixSeconds: number): string {
  if (!unixSeconds) return t('CONVERSATION.INFO.NEVER');
  return formatter(FULL).format(new Date(unixSeconds * 1000));
}

/** 1.2 MB, 340 KB, 12 B. */
export function fileSize(bytes: number | null | undefined): string {
  if (!bytes) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `[@Jane](mention://user/3/Jane)` reads as @Jane; markdown emphasis marks go. For one-line previews. */
export function plainText(content: string | null | undefined): string {
  if (!content) return '';
  return content
    .replace(/\[@([^\]]+)\]\(mention:\/\/[^)]+\)/g, '@$1')
    .replace(/\[([^\]]+)\]\((?:https?|mailto):[^)]+\)/g, '$1')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a list card says about the latest message. */
export function previewOf(message: Message | null | undefined): string {
  if (!message) return t('CHAT_LIST.NO_MESSAGES');
  if (message.content_attributes.deleted) return t('CONVERSATION.MESSAGE_DELETED');
  const text = plainText(message.content);
  if (text) return text;
  const attachment = message.attachments?.[0];
  if (attachment) return attachment.file_type === 'image' ? t('CHAT_LIST.IMAGE') : (attachment.file_name ?? t('CHAT_LIST.ATTACHMENT'));
  return t('CHAT_LIST.NO_CONTENT');
}

/** The unread badge caps at 99+ (000 section 4). */
export const unreadLabel = (count: number) => (count >= 100 ? '99+' : String(count));

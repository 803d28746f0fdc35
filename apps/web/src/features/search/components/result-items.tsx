import { Link } from 'react-router';
import type { SearchContact, SearchConversation, SearchMessage } from '@app/shared/search';
import { Avatar } from '../../../components/avatar.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { Highlight } from './highlight.tsx';

const when = (unixSeconds: number) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(unixSeconds * 1000));
const fieldName = (field: string) => {
  const key = `SEARCH.FIELD.${field.replace(/^contact\./, '')}` as MessageKey;
  const text = t(key);
  return text === key ? field.replace(/_/g, ' ') : text;
};

type ItemProps<T> = { accountId: number; q: string; item: T };

/** A contact: name, email and phone, and where the query matched. Opens the contact's profile. */
export function ContactResult({ accountId, q, item }: ItemProps<SearchContact>) {
  const details = [item.email, item.phone_number, item.identifier].filter(Boolean).join(' · ');
  return (
    <Link to={accountPath(accountId, `contacts/${item.id}`)} className="search-result" data-result="">
      <Avatar name={item.name || item.email || '?'} src={item.thumbnail || null} size="small" />
      <span className="search-result__body">
        <span className="search-result__title">
          <span className="search-result__name">
            <Highlight text={item.name || item.email || `#${item.id}`} q={q} />
          </span>
        </span>
        {details ? (
          <span className="search-result__meta">
            <Highlight text={details} q={q} />
          </span>
        ) : null}
        {item.matched.field !== 'name' && !details.includes(item.matched.snippet) ? (
          <span className="search-result__snippet">
            <span className="search-result__field">{t('SEARCH.MATCHED_IN', { field: fieldName(item.matched.field) })}: </span>
            <Highlight text={item.matched.snippet} q={q} />
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/** A conversation: its number, contact, inbox, status, and the matched excerpt. Opens the conversation. */
export function ConversationResult({ accountId, q, item }: ItemProps<SearchConversation>) {
  return (
    <Link to={accountPath(accountId, `conversations/${item.id}`)} className="search-result" data-result="">
      <Avatar name={item.contact.name || '?'} src={item.contact.thumbnail || null} size="small" />
      <span className="search-result__body">
        <span className="search-result__title">
          <span className="search-result__name">
            <Highlight text={item.contact.name || t('SEARCH.CONVERSATION', { id: item.id })} q={q} />
          </span>
          <span className="search-result__id">
            <Highlight text={`#${item.id}`} q={q} />
          </span>
          <span className={`search-result__status search-result__status--${item.status}`}>{t(`SEARCH.STATUS.${item.status}`)}</span>
        </span>
        <span className="search-result__meta">
          {item.inbox.name} · {item.assignee?.name ?? t('SEARCH.UNASSIGNED')} · <time dateTime={new Date(item.last_activity_at * 1000).toISOString()}>{when(item.last_activity_at)}</time>
        </span>
        <ConversationSnippet item={item} q={q} />
      </span>
    </Link>
  );
}

/**
 * Under a conversation: the matched message excerpt; when the contact's name or the number matched (already in the
 * title), the latest message; when another handle of the contact matched (email…), that handle.
 */
function ConversationSnippet({ item, q }: { item: SearchConversation; q: string }) {
  const field = item.matched.field;
  if (field === 'message' || field === 'content') {
    return (
      <span className="search-result__snippet">
        <Highlight text={item.matched.snippet} q={q} />
      </span>
    );
  }
  if (field === 'id' || field === 'contact.name' || field === 'name') {
    return item.message?.content ? (
      <span className="search-result__snippet search-result__snippet--preview">
        <Highlight text={item.message.content} q={q} />
      </span>
    ) : null;
  }
  return (
    <span className="search-result__snippet">
      <span className="search-result__field">{t('SEARCH.MATCHED_IN', { field: fieldName(field) })}: </span>
      <Highlight text={item.matched.snippet} q={q} />
    </span>
  );
}

/** A message: who wrote it where, and the matched excerpt. Opens its conversation. */
export function MessageResult({ accountId, q, item }: ItemProps<SearchMessage>) {
  return (
    <Link to={accountPath(accountId, `conversations/${item.conversation_id}`)} className="search-result" data-result="">
      <Avatar name={item.sender?.name || '?'} src={item.sender?.thumbnail || null} size="small" />
      <span className="search-result__body">
        <span className="search-result__title">
          <span className="search-result__name">{item.sender?.name ?? item.inbox.name}</span>
          <span className="search-result__id">{t('SEARCH.IN_CONVERSATION', { id: item.conversation_id })}</span>
          {item.private ? <span className="search-result__note">{t('SEARCH.PRIVATE_NOTE')}</span> : null}
        </span>
        <span className="search-result__meta">
          {item.inbox.name} · <time dateTime={new Date(item.created_at * 1000).toISOString()}>{when(item.created_at)}</time>
        </span>
        <span className="search-result__snippet">
          <Highlight text={item.matched.snippet} q={q} />
        </span>
      </span>
    </Link>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useContactConversations } from '../api.ts';
import { formatDateTime } from '../utils/format.ts';

/** The contact's conversations (GET contacts/{id}/conversations), each linking to the conversation. */
export function ConversationsPanel({ accountId, contactId }: { accountId: number; contactId: number }) {
  const headingId = useId();
  const conversations = useContactConversations(accountId, contactId);
  let body;
  if (conversations.isPending) body = <p className="muted">{t('CONTACTS.PROFILE.LOADING')}</p>;
  else if (conversations.isError)
    body = (
      <p className="contacts-alert" role="alert">
        {t('CONTACTS.CONVERSATIONS.ERROR')}
      </p>
    );
  else if (conversations.data.length === 0) body = <p className="muted">{t('CONTACTS.CONVERSATIONS.EMPTY')}</p>;
  else
    body = (
      <ul className="contact-conversations">
        {conversations.data.map((conversation) => {
          const last = conversation.messages.at(-1)?.content;
          return (
            <li key={conversation.id}>
              <Link className="contact-conversations__item" to={accountPath(accountId, `conversations/${conversation.id}`)}>
                <span className="contact-conversations__top">
                  <span className="contact-conversations__id">{t('CONTACTS.CONVERSATIONS.OPEN', { id: conversation.id })}</span>
                  <span className={`contact-status contact-status--${conversation.status}`}>{t(`CONTACTS.STATUS.${conversation.status}` as MessageKey)}</span>
                  <span className="muted contact-conversations__time">{formatDateTime(conversation.last_activity_at)}</span>
                </span>
                <span className="contact-conversations__preview" dir="auto">
                  {last || t('CONTACTS.CONVERSATIONS.NO_PREVIEW')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="contact-card__title">
        {t('CONTACTS.CONVERSATIONS.TITLE')}
      </h2>
      {body}
    </section>
  );
}

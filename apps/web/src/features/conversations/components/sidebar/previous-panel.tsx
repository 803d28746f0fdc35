import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Conversation } from '@app/shared/conversations';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../../lib/routing.ts';
import { conversationKeys, fetchContactConversations } from '../../api.ts';
import { previewOf, shortTime } from '../../utils/format.ts';

/** The contact's other conversations (GET contacts/{id}/conversations), latest first. */
export function PreviousPanel({ accountId, conversation }: { accountId: number; conversation: Conversation }) {
  const contactId = conversation.meta.sender.id;
  const query = useQuery({
    queryKey: conversationKeys.contactConversations(accountId, contactId),
    queryFn: ({ signal }) => fetchContactConversations(accountId, contactId, signal),
    staleTime: 60_000,
  });
  const others = (query.data ?? []).filter((c) => c.id !== conversation.id);
  if (query.isPending) return <p className="cw-panel__note">{t('CONVERSATION.LOADING')}</p>;
  if (query.isError) return <p className="cw-panel__note">{t('CONVERSATION.PREVIOUS.ERROR')}</p>;
  if (others.length === 0) return <p className="cw-panel__note">{t('CONVERSATION.PREVIOUS.NONE')}</p>;
  return (
    <ul className="cw-previous">
      {others.slice(0, 10).map((other) => (
        <li key={other.id}>
          <Link className="cw-previous__item" to={accountPath(accountId, `conversations/${other.id}`)}>
            <span className="cw-previous__top">
              <span className="cw-previous__id">#{other.id}</span>
              <span className={`cw-status cw-status--${other.status}`}>{t(`CONVERSATION.STATUS.${other.status}` as MessageKey)}</span>
              <span className="cw-previous__time">{shortTime(other.last_activity_at)}</span>
            </span>
            <span className="cw-previous__preview">{previewOf(other.last_non_activity_message ?? other.messages[0])}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

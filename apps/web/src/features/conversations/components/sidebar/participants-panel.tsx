import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@app/shared/conversations';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { conversationKeys, fetchParticipants } from '../../api.ts';
import { useAssignableAgents } from '../../hooks/use-account-data.ts';
import type { useConversationActions } from '../../hooks/use-conversation-actions.ts';
import { Icon } from '../icon.tsx';
import { Menu, MenuItem } from '../menu.tsx';
import { MiniAvatar } from '../mini-avatar.tsx';

type ParticipantsPanelProps = { accountId: number; conversation: Conversation; actions: ReturnType<typeof useConversationActions> };

/** The agents following the conversation (GET/PATCH participants): join, leave, add or remove others. */
export function ParticipantsPanel({ accountId, conversation, actions }: ParticipantsPanelProps) {
  const { user } = useCurrentAccount();
  const query = useQuery({
    queryKey: conversationKeys.participants(accountId, conversation.id),
    queryFn: ({ signal }) => fetchParticipants(accountId, conversation.id, signal),
    staleTime: 30_000,
  });
  const agents = useAssignableAgents(accountId, conversation.inbox_id, true);
  const participants = query.data ?? [];
  const ids = participants.map((p) => p.id);
  const joined = ids.includes(user.id);
  const save = (next: number[]) => actions.participants.mutate(next);
  const addable = (agents.data ?? []).filter((agent) => !ids.includes(agent.id));
  return (
    <div className="cw-participants">
      {query.isPending ? <p className="cw-panel__note">{t('CONVERSATION.LOADING')}</p> : null}
      {query.isSuccess && participants.length === 0 ? <p className="cw-panel__note">{t('CONVERSATION.PARTICIPANTS.NONE')}</p> : null}
      <ul className="cw-participants__list">
        {participants.map((agent) => (
          <li key={agent.id}>
            <MiniAvatar name={agent.available_name} src={agent.thumbnail} size={24} />
            <span className="cw-participants__name">{agent.available_name}</span>
            <button
              type="button"
              className="cw-icon-button cw-icon-button--small"
              aria-label={t('CONVERSATION.PARTICIPANTS.REMOVE', { name: agent.available_name })}
              onClick={() => save(ids.filter((id) => id !== agent.id))}
            >
              <Icon name="x" size={12} />
            </button>
          </li>
        ))}
      </ul>
      <div className="cw-participants__actions">
        <button type="button" className="cw-add-button" onClick={() => save(joined ? ids.filter((id) => id !== user.id) : [...ids, user.id])}>
          <Icon name={joined ? 'x' : 'eye'} size={13} />
          {joined ? t('CONVERSATION.PARTICIPANTS.LEAVE') : t('CONVERSATION.PARTICIPANTS.JOIN')}
        </button>
        {addable.length ? (
          <Menu label={t('CONVERSATION.PARTICIPANTS.ADD')} triggerClassName="cw-add-button" align="start" trigger={<><Icon name="users" size={13} />{t('CONVERSATION.PARTICIPANTS.ADD')}</>}>
            {(close) =>
              addable.map((agent) => (
                <MenuItem key={agent.id} onSelect={() => (close(), save([...ids, agent.id]))}>
                  <MiniAvatar name={agent.available_name} src={agent.thumbnail} />
                  <span className="cw-menu__grow">{agent.available_name}</span>
                </MenuItem>
              ))
            }
          </Menu>
        ) : null}
      </div>
    </div>
  );
}

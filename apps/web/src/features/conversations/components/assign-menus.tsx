import { useState } from 'react';
import type { Conversation } from '@app/shared/conversations';
import { t } from '../../../lib/i18n/i18n.ts';
import { availabilityIn, usePresence } from '../../../lib/realtime/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAssignableAgents, useTeams } from '../hooks/use-account-data.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { FieldTrigger } from './field-trigger.tsx';
import { Icon } from './icon.tsx';
import { Menu, MenuItem, MenuSeparator } from './menu.tsx';
import { MiniAvatar } from './mini-avatar.tsx';

type Actions = ReturnType<typeof useConversationActions>;
type MenuVariant = 'icon' | 'field';

/** Assign an agent of the conversation's inbox (confirmed members only), yourself, or nobody. */
export function AgentMenu({ accountId, conversation, actions, variant = 'icon' }: { accountId: number; conversation: Conversation; actions: Actions; variant?: MenuVariant }) {
  const { user } = useCurrentAccount();
  const presence = usePresence(accountId);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const agents = useAssignableAgents(accountId, conversation.inbox_id, open || variant === 'field');
  const assignee = conversation.meta.assignee ?? null;
  const shown = (agents.data ?? []).filter((agent) => agent.available_name.toLowerCase().includes(search.trim().toLowerCase()));
  const self = agents.data?.find((agent) => agent.id === user.id);
  const label = assignee ? t('CONVERSATION.ASSIGN.ASSIGNED_TO', { name: assignee.available_name }) : t('CONVERSATION.ASSIGN.AGENT');
  return (
    <span onFocusCapture={() => setOpen(true)} onMouseEnter={() => setOpen(true)}>
      <Menu
        label={label}
        wide
        triggerClassName={variant === 'icon' ? 'cw-icon-button cw-icon-button--avatar' : 'cw-field-button'}
        trigger={
          variant === 'icon' ? (
            assignee ? <MiniAvatar name={assignee.available_name} src={assignee.thumbnail} size={22} /> : <Icon name="user" size={17} />
          ) : (
            <FieldTrigger icon={assignee ? <MiniAvatar name={assignee.available_name} src={assignee.thumbnail} /> : <Icon name="user" />} text={assignee?.available_name ?? t('CONVERSATION.ASSIGN.NONE')} empty={!assignee} />
          )
        }
      >
        {(close) => (
          <>
            <input
              className="cw-menu__search"
              type="search"
              placeholder={t('CONVERSATION.ASSIGN.SEARCH')}
              aria-label={t('CONVERSATION.ASSIGN.SEARCH')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {self && assignee?.id !== self.id ? (
              <MenuItem onSelect={() => (close(), actions.assignAgent.mutate(self))}>
                <Icon name="user" />
                {t('CONVERSATION.ASSIGN.SELF')}
              </MenuItem>
            ) : null}
            <MenuItem kind="radio" checked={!assignee} onSelect={() => (close(), actions.assignAgent.mutate(null))}>
              <Icon name="x" />
              {t('CONVERSATION.ASSIGN.NONE')}
            </MenuItem>
            <MenuSeparator />
            {agents.isPending ? <p className="cw-menu__note">{t('CONVERSATION.LOADING')}</p> : null}
            {shown.map((agent) => (
              <MenuItem key={agent.id} kind="radio" checked={assignee?.id === agent.id} onSelect={() => (close(), actions.assignAgent.mutate(agent))}>
                <MiniAvatar name={agent.available_name} src={agent.thumbnail} />
                <span className="cw-menu__grow">{agent.available_name}</span>
                <span className={`cw-presence cw-presence--${availabilityIn(presence, agent.id, agent.availability_status)}`} aria-hidden="true" />
              </MenuItem>
            ))}
            {agents.isSuccess && shown.length === 0 ? <p className="cw-menu__note">{t('CONVERSATION.ASSIGN.NO_AGENTS')}</p> : null}
          </>
        )}
      </Menu>
    </span>
  );
}

/** Assign one of the account's teams, or none. */
export function TeamMenu({ accountId, conversation, actions, variant = 'field' }: { accountId: number; conversation: Conversation; actions: Actions; variant?: MenuVariant }) {
  const teams = useTeams(accountId);
  const team = conversation.meta.team ?? null;
  return (
    <Menu
      label={team ? t('CONVERSATION.ASSIGN.TEAM_IS', { name: team.name }) : t('CONVERSATION.ASSIGN.TEAM')}
      wide
      triggerClassName={variant === 'icon' ? 'cw-icon-button' : 'cw-field-button'}
      trigger={variant === 'icon' ? <Icon name="users" size={17} /> : <FieldTrigger icon={<Icon name="users" />} text={team?.name ?? t('CONVERSATION.ASSIGN.NONE')} empty={!team} />}
    >
      {(close) => (
        <>
          <MenuItem kind="radio" checked={!team} onSelect={() => (close(), actions.assignTeam.mutate(null))}>
            <Icon name="x" />
            {t('CONVERSATION.ASSIGN.NONE')}
          </MenuItem>
          <MenuSeparator />
          {(teams.data ?? []).map((option) => (
            <MenuItem key={option.id} kind="radio" checked={team?.id === option.id} onSelect={() => (close(), actions.assignTeam.mutate(option.id))}>
              <Icon name="users" />
              <span className="cw-menu__grow">{option.name}</span>
            </MenuItem>
          ))}
          {teams.isSuccess && teams.data.length === 0 ? <p className="cw-menu__note">{t('CONVERSATION.ASSIGN.NO_TEAMS')}</p> : null}
        </>
      )}
    </Menu>
  );
}

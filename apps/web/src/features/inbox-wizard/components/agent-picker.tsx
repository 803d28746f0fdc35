import { useId, useState } from 'react';
import type { Agent } from '@app/shared/agents';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

export type AgentSelection = { members: ReadonlySet<number>; leaders: ReadonlySet<number> };

type AgentPickerProps = {
  agents: readonly Agent[];
  selection: AgentSelection;
  onChange: (selection: AgentSelection) => void;
  error?: string | undefined;
};

const toggled = (set: ReadonlySet<number>, id: number, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/** A searchable checklist of the account's agents; a chosen agent may also lead the inbox. */
export function AgentPicker({ agents, selection, onChange, error }: AgentPickerProps) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const needle = query.trim().toLowerCase();
  const shown = needle ? agents.filter((agent) => `${agent.name} ${agent.email}`.toLowerCase().includes(needle)) : agents;
  const setMember = (id: number, on: boolean) => onChange({ members: toggled(selection.members, id, on), leaders: on ? selection.leaders : toggled(selection.leaders, id, false) });

  return (
    <div className={`agent-picker${error ? ' agent-picker--error' : ''}`}>
      <div className="agent-picker__tools">
        <input
          className="agent-picker__search"
          type="search"
          aria-label={t('INBOX_MGMT.ADD.AGENTS.SEARCH')}
          placeholder={t('INBOX_MGMT.ADD.AGENTS.SEARCH')}
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <span className="agent-picker__count" aria-live="polite">
          {t('INBOX_MGMT.ADD.AGENTS.SELECTED', { count: selection.members.size })}
        </span>
        <Button size="small" variant="ghost" onClick={() => onChange({ members: new Set(agents.map((agent) => agent.id)), leaders: selection.leaders })}>
          {t('INBOX_MGMT.ADD.AGENTS.SELECT_ALL')}
        </Button>
        <Button size="small" variant="ghost" disabled={selection.members.size === 0} onClick={() => onChange({ members: new Set(), leaders: new Set() })}>
          {t('INBOX_MGMT.ADD.AGENTS.CLEAR')}
        </Button>
      </div>
      <ul className="agent-picker__list" id={listId} aria-label={t('INBOX_MGMT.ADD.AGENTS.LIST_LABEL')} aria-describedby={error ? `${listId}-error` : undefined}>
        {shown.map((agent) => {
          const member = selection.members.has(agent.id);
          return (
            <li key={agent.id} className={`agent-picker__row${member ? ' agent-picker__row--selected' : ''}`}>
              <label className="agent-picker__agent">
                <input type="checkbox" checked={member} onChange={(event) => setMember(agent.id, event.target.checked)} />
                <Avatar name={agent.name} src={agent.thumbnail || null} size="small" />
                <span className="agent-picker__text">
                  <span className="agent-picker__name">{agent.name}</span>
                  <span className="agent-picker__email">
                    {agent.email} · {t(`ROLES.${agent.role}`)}
                    {agent.confirmed ? '' : ` · ${t('INBOX_MGMT.ADD.AGENTS.UNCONFIRMED')}`}
                  </span>
                </span>
              </label>
              {member ? (
                <label className="agent-picker__leader">
                  <input
                    type="checkbox"
                    checked={selection.leaders.has(agent.id)}
                    onChange={(event) => onChange({ members: selection.members, leaders: toggled(selection.leaders, agent.id, event.target.checked) })}
                  />
                  {t('INBOX_MGMT.ADD.AGENTS.LEADER')}
                </label>
              ) : null}
            </li>
          );
        })}
        {shown.length === 0 ? <li className="agent-picker__empty">{t('INBOX_MGMT.ADD.AGENTS.NO_MATCH', { query: query.trim() })}</li> : null}
      </ul>
      {error ? (
        <p className="field__error" id={`${listId}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

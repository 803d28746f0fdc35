import { useEffect, useId, useRef, useState } from 'react';
import type { Agent } from '@app/shared/agents';
import { Avatar } from '../../../components/avatar.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { filterAgents, selectAllState, toggleAll, toggleOne } from '../utils/agent-selection.ts';

type AgentPickerProps = {
  agents: readonly Agent[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  error?: string | undefined;
};

/** A searchable table of agents with a checkbox each and a select-all box for the rows shown. */
export function AgentPicker({ agents, selected, onChange, error }: AgentPickerProps) {
  const [query, setQuery] = useState('');
  const shown = filterAgents(agents, query);
  const shownIds = shown.map((agent) => agent.id);
  const state = selectAllState(selected, shownIds);
  const selectAll = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const errorId = useId();

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = state === 'some';
  }, [state]);

  return (
    <div className={`agent-picker${error ? ' agent-picker--error' : ''}`}>
      <div className="agent-picker__toolbar">
        <label className="agent-picker__search">
          <span className="teams-sr">{t('TEAMS_SETTINGS.AGENTS.SEARCH')}</span>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" />
          </svg>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('TEAMS_SETTINGS.AGENTS.SEARCH_PLACEHOLDER')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <span className="agent-picker__count" aria-live="polite">
          {t('TEAMS_SETTINGS.AGENTS.SELECTED', { count: selected.size, total: agents.length })}
        </span>
      </div>
      <div className="settings-table-wrap">
        <table className="settings-table agent-picker__table" aria-describedby={error ? errorId : undefined}>
          <thead>
            <tr>
              <th scope="col" className="agent-picker__check">
                <input
                  ref={selectAll}
                  type="checkbox"
                  aria-label={t('TEAMS_SETTINGS.AGENTS.SELECT_ALL')}
                  checked={state === 'all'}
                  disabled={shownIds.length === 0}
                  onChange={() => onChange(toggleAll(selected, shownIds))}
                />
              </th>
              <th scope="col">{t('TEAMS_SETTINGS.AGENTS.NAME')}</th>
              <th scope="col">{t('TEAMS_SETTINGS.AGENTS.EMAIL')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((agent) => {
              const checked = selected.has(agent.id);
              return (
                <tr key={agent.id} className={checked ? 'agent-picker__row--selected' : undefined} onClick={() => onChange(toggleOne(selected, agent.id))}>
                  <td className="agent-picker__check">
                    <input
                      type="checkbox"
                      aria-label={t('TEAMS_SETTINGS.AGENTS.SELECT_ONE', { name: agent.name })}
                      checked={checked}
                      onClick={(e) => e.stopPropagation()}
                      onChange={() => onChange(toggleOne(selected, agent.id))}
                    />
                  </td>
                  <td>
                    <span className="agent-picker__person">
                      <Avatar name={agent.name} src={agent.thumbnail || null} size="small" />
                      <span>{agent.name}</span>
                    </span>
                  </td>
                  <td className="muted">{agent.email}</td>
                </tr>
              );
            })}
            {shown.length === 0 ? (
              <tr>
                <td colSpan={3} className="agent-picker__empty">
                  {agents.length === 0 ? t('TEAMS_SETTINGS.AGENTS.NO_AGENTS') : t('TEAMS_SETTINGS.AGENTS.NO_MATCH', { query: query.trim() })}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

import './messages.ts';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../../components/spinner.tsx';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useLabels, useTeams } from '../../hooks/use-account-data.ts';
import { SNOOZE_OPTIONS, snoozeUntil } from '../../utils/snooze.ts';
import { Icon } from '../icon.tsx';
import { Menu, MenuHeading, MenuItem, MenuSeparator } from '../menu.tsx';
import { SnoozeDialog } from '../snooze-dialog.tsx';
import { useAssignableForInboxes } from './list-tools-api.ts';
import type { BulkChange } from './list-tools-api.ts';
import { bulkErrorText, useBulkAction } from './use-bulk-action.ts';
import type { ListSelection } from './use-list-selection.ts';

const TRIGGER = 'button button--small button--secondary cw-bulk__trigger';

/**
 * Shown while conversations are selected: select all loaded rows, then assign an agent (one who is a member of
 * every selected conversation's inbox) or a team, change the
 * status (snooze included) or add / remove a label on all of them at once (POST bulk_actions).
 */
export function BulkActionBar({ accountId, selection, total, inboxIds }: { accountId: number; selection: ListSelection; total: number; inboxIds: readonly number[] }) {
  const bulk = useBulkAction(accountId, selection.clear);
  const [snoozing, setSnoozing] = useState(false);
  const agents = useAssignableForInboxes(accountId, inboxIds);
  const teams = useTeams(accountId);
  const labels = useLabels(accountId);
  const all = useRef<HTMLInputElement>(null);
  const count = selection.ids.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && !selection.allSelected;
  }, [count, selection.allSelected]);

  const run = (change: Omit<BulkChange, 'ids'>) => bulk.mutate({ ids: selection.ids, ...change });
  const pending = bulk.isPending;
  const loadingNote = <p className="cw-menu__note">{t('LIST_TOOLS.BULK.LOADING')}</p>;
  const noneNote = <p className="cw-menu__note">{t('LIST_TOOLS.BULK.NONE')}</p>;

  return (
    <div className="cw-bulk" role="group" aria-label={t('LIST_TOOLS.BULK.TOOLBAR')} aria-busy={pending || undefined}>
      <div className="cw-bulk__top">
        <label className="cw-bulk__all">
          <input ref={all} type="checkbox" checked={selection.allSelected} onChange={selection.toggleAll} aria-label={t('LIST_TOOLS.SELECT.ALL', { count: total })} />
          <span role="status">{pending ? t('LIST_TOOLS.BULK.WORKING', { count }) : t('LIST_TOOLS.SELECT.COUNT', { count })}</span>
        </label>
        {pending ? <Spinner size="small" /> : null}
        <button type="button" className="cw-icon-button cw-icon-button--small" aria-label={t('LIST_TOOLS.SELECT.CLEAR')} title={t('LIST_TOOLS.SELECT.CLEAR')} onClick={selection.clear}>
          <Icon name="x" size={14} />
        </button>
      </div>
      <div className="cw-bulk__actions">
        <Menu label={t('LIST_TOOLS.BULK.ASSIGN_LABEL')} align="start" wide triggerClassName={TRIGGER} trigger={<><Icon name="user" size={14} />{t('LIST_TOOLS.BULK.ASSIGN')}</>}>
          {(close) => (
            <>
              <MenuItem disabled={pending} onSelect={() => (close(), run({ fields: { assignee_id: null } }))}>
                <Icon name="x" />
                {t('LIST_TOOLS.BULK.UNASSIGN')}
              </MenuItem>
              <MenuSeparator />
              {agents.isPending ? loadingNote : agents.data?.length === 0 ? noneNote : null}
              {(agents.data ?? []).map((agent) => (
                <MenuItem key={agent.id} disabled={pending} onSelect={() => (close(), run({ fields: { assignee_id: agent.id } }))}>
                  {agent.available_name || agent.name}
                </MenuItem>
              ))}
            </>
          )}
        </Menu>
        <Menu label={t('LIST_TOOLS.BULK.TEAM_LABEL')} align="start" wide triggerClassName={TRIGGER} trigger={<><Icon name="users" size={14} />{t('LIST_TOOLS.BULK.TEAM')}</>}>
          {(close) => (
            <>
              <MenuItem disabled={pending} onSelect={() => (close(), run({ fields: { team_id: null } }))}>
                <Icon name="x" />
                {t('LIST_TOOLS.BULK.NO_TEAM')}
              </MenuItem>
              <MenuSeparator />
              {teams.isPending ? loadingNote : null}
              {(teams.data ?? []).map((team) => (
                <MenuItem key={team.id} disabled={pending} onSelect={() => (close(), run({ fields: { team_id: team.id } }))}>
                  {team.name}
                </MenuItem>
              ))}
            </>
          )}
        </Menu>
        <Menu label={t('LIST_TOOLS.BULK.STATUS_LABEL')} align="start" triggerClassName={TRIGGER} trigger={<><Icon name="check" size={14} />{t('LIST_TOOLS.BULK.STATUS')}</>}>
          {(close) => (
            <>
              {(['open', 'pending', 'resolved'] as const).map((status) => (
                <MenuItem key={status} disabled={pending} onSelect={() => (close(), run({ fields: { status } }))}>
                  {t(`LIST_TOOLS.BULK.STATUS.${status}`)}
                </MenuItem>
              ))}
              <MenuSeparator />
              <MenuHeading>{t('LIST_TOOLS.BULK.SNOOZE')}</MenuHeading>
              {SNOOZE_OPTIONS.map((option) => (
                <MenuItem
                  key={option}
                  disabled={pending}
                  onSelect={() => {
                    close();
                    if (option === 'until_custom_time') setSnoozing(true);
                    else run({ fields: { status: 'snoozed', snoozed_until: snoozeUntil(option) } });
                  }}
                >
                  {t(`CONVERSATION.SNOOZE.${option}`)}
                </MenuItem>
              ))}
            </>
          )}
        </Menu>
        <Menu label={t('LIST_TOOLS.BULK.LABELS_LABEL')} align="end" wide triggerClassName={TRIGGER} trigger={<><Icon name="tag" size={14} />{t('LIST_TOOLS.BULK.LABELS')}</>}>
          {(close) => (
            <>
              <MenuHeading>{t('LIST_TOOLS.BULK.ADD_LABEL')}</MenuHeading>
              {labels.isPending ? loadingNote : labels.data?.length === 0 ? noneNote : null}
              {(labels.data ?? []).map((label) => (
                <MenuItem key={`add-${label.id}`} disabled={pending} onSelect={() => (close(), run({ labels: { add: [label.title] } }))}>
                  <span className="cw-bulk__swatch" style={{ background: label.color }} aria-hidden="true" />
                  {label.title}
                </MenuItem>
              ))}
              <MenuSeparator />
              <MenuHeading>{t('LIST_TOOLS.BULK.REMOVE_LABEL')}</MenuHeading>
              {(labels.data ?? []).map((label) => (
                <MenuItem key={`remove-${label.id}`} tone="danger" disabled={pending} onSelect={() => (close(), run({ labels: { remove: [label.title] } }))}>
                  <span className="cw-bulk__swatch" style={{ background: label.color }} aria-hidden="true" />
                  {t('LIST_TOOLS.BULK.REMOVE_LABEL')}: {label.title}
                </MenuItem>
              ))}
            </>
          )}
        </Menu>
      </div>
      {bulk.isError ? (
        <div className="cw-bulk__error" role="alert">
          <Icon name="alert" size={14} />
          <span>{bulkErrorText(bulk.error)}</span>
          <button type="button" className="button button--link button--small" onClick={() => bulk.reset()}>
            {t('LIST_TOOLS.BULK.DISMISS')}
          </button>
        </div>
      ) : null}
      <SnoozeDialog
        show={snoozing}
        onClose={() => setSnoozing(false)}
        onSnooze={(until) => {
          setSnoozing(false);
          run({ fields: { status: 'snoozed', snoozed_until: until } });
        }}
      />
    </div>
  );
}

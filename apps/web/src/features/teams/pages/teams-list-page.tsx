import { Link } from 'react-router';
import type { Team } from '@app/shared/teams';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useDeleteTeam, useTeams } from '../api.ts';
import { teamStepPath } from '../components/team-wizard.tsx';
import { readTeamError } from '../utils/team-form.ts';
import '../teams.css';

/** settings/teams/list (settings_teams_list): the account's teams, with create, edit and a confirmed delete. */
export function TeamsListPage() {
  const { account } = useCurrentAccount();
  const teams = useTeams(account.id);
  const remove = useDeleteTeam(account.id);
  const list = teams.data ?? [];
  const newTeam = (
    <Link className="button button--primary" to={accountPath(account.id, teamStepPath('new', 'details'))}>
      {t('TEAMS_SETTINGS.NEW_TEAM')}
    </Link>
  );

  const { askRemove: askDelete, dialog } = useConfirmedRemoval((team: Team) => ({
    title: t('TEAMS_SETTINGS.DELETE.TITLE', { name: team.name }),
    description: t('TEAMS_SETTINGS.DELETE.DESCRIPTION'),
    confirmLabel: t('TEAMS_SETTINGS.DELETE.CONFIRM'),
    cancelLabel: t('TEAMS_SETTINGS.DELETE.CANCEL'),
    run: (callbacks) => remove.mutate(team.id, callbacks),
    success: t('TEAMS_SETTINGS.DELETE.SUCCESS', { name: team.name }),
    failure: (error) => readTeamError(error, []).message ?? t('TEAMS_SETTINGS.API_ERROR'),
  }));

  return (
    <SettingsPage title={t('TEAMS_SETTINGS.HEADER')} description={t('TEAMS_SETTINGS.DESCRIPTION')} actions={newTeam}>
      <SettingsQueryState
        query={teams}
        isEmpty={list.length === 0}
        empty={<SettingsEmpty title={t('TEAMS_SETTINGS.EMPTY.TITLE')} description={t('TEAMS_SETTINGS.EMPTY.DESCRIPTION')} action={newTeam} />}
      >
        <div className="settings-table-wrap">
          <table className="settings-table teams-table">
            <thead>
              <tr>
                <th scope="col">{t('TEAMS_SETTINGS.LIST.NAME')}</th>
                <th scope="col">{t('TEAMS_SETTINGS.LIST.AUTO_ASSIGN')}</th>
                <th scope="col" className="settings-table__actions">
                  <span className="teams-sr">{t('TEAMS_SETTINGS.LIST.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((team) => (
                <tr key={team.id}>
                  <th scope="row">
                    <div className="teams-table__team">
                      <span className="teams-table__name">{team.name}</span>
                      <span className={team.description ? 'teams-table__description' : 'teams-table__description teams-table__description--none'}>
                        {team.description || t('TEAMS_SETTINGS.LIST.NO_DESCRIPTION')}
                      </span>
                    </div>
                  </th>
                  <td>
                    <span className={`teams-flag teams-flag--${team.allow_auto_assign ? 'on' : 'off'}`}>
                      {t(team.allow_auto_assign ? 'TEAMS_SETTINGS.LIST.AUTO_ASSIGN_ON' : 'TEAMS_SETTINGS.LIST.AUTO_ASSIGN_OFF')}
                    </span>
                  </td>
                  <td className="settings-table__actions">
                    <Link
                      className="button button--ghost button--small"
                      aria-label={t('TEAMS_SETTINGS.LIST.EDIT_LABEL', { name: team.name })}
                      to={accountPath(account.id, teamStepPath('edit', 'details', team.id))}
                    >
                      {t('TEAMS_SETTINGS.LIST.EDIT')}
                    </Link>
                    <Button
                      size="small"
                      variant="ghost"
                      className="button--danger-text"
                      aria-label={t('TEAMS_SETTINGS.LIST.DELETE_LABEL', { name: team.name })}
                      onClick={() => void askDelete(team)}
                    >
                      {t('TEAMS_SETTINGS.LIST.DELETE')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </SettingsQueryState>
      {dialog}
    </SettingsPage>
  );
}

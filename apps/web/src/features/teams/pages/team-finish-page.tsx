import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useTeam, useTeamMembers } from '../api.ts';
import { TeamWizard, teamStepPath, type WizardMode } from '../components/team-wizard.tsx';
import { useTeamIdParam } from './team-details-page.tsx';

/**
 * settings/teams/new/{teamId}/finish (settings_teams_finish) and settings/teams/{teamId}/edit/finish
 * (settings_teams_edit_finish): the team and its agents, and where to go next.
 */
export function TeamFinishPage({ mode }: { mode: WizardMode }) {
  const { account } = useCurrentAccount();
  const teamId = useTeamIdParam();
  const team = useTeam(account.id, teamId);
  const members = useTeamMembers(account.id, teamId);
  const query = {
    isPending: team.isPending || members.isPending,
    isError: !(team.isPending || members.isPending) && (team.isError || members.isError),
    refetch: () => Promise.all([team.refetch(), members.refetch()]),
  };
  const name = team.data?.name ?? '';
  return (
    <TeamWizard mode={mode}>
      <SettingsQueryState query={query}>
        <div className="team-finish">
          <span className="team-finish__icon" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h2>{t(mode === 'new' ? 'TEAMS_SETTINGS.FINISH.CREATED_TITLE' : 'TEAMS_SETTINGS.FINISH.UPDATED_TITLE', { name })}</h2>
          <p className="muted">{t(mode === 'new' ? 'TEAMS_SETTINGS.FINISH.CREATED_BODY' : 'TEAMS_SETTINGS.FINISH.UPDATED_BODY')}</p>
          <section className="team-finish__members" aria-label={t('TEAMS_SETTINGS.FINISH.MEMBERS')}>
            <h3>{t('TEAMS_SETTINGS.FINISH.MEMBERS')}</h3>
            {members.data && members.data.length > 0 ? (
              <ul>
                {members.data.map((member) => (
                  <li key={member.id}>
                    <Avatar name={member.name} src={member.thumbnail || null} size="small" />
                    <span>{member.name}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('TEAMS_SETTINGS.FINISH.NO_MEMBERS')}</p>
            )}
          </section>
          <div className="team-finish__actions">
            <Link className="button button--secondary" to={accountPath(account.id, teamStepPath('edit', 'agents', teamId))}>
              {t('TEAMS_SETTINGS.FINISH.EDIT_AGENTS')}
            </Link>
            <Link className="button button--secondary" to={accountPath(account.id, `team/${teamId}`)}>
              {t('TEAMS_SETTINGS.FINISH.CONVERSATIONS')}
            </Link>
            <Link className="button button--primary" to={accountPath(account.id, 'settings/teams/list')}>
              {t('TEAMS_SETTINGS.FINISH.BACK')}
            </Link>
          </div>
        </div>
      </SettingsQueryState>
    </TeamWizard>
  );
}

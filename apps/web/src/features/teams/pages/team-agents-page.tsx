import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Agent } from '@app/shared/agents';
import type { Team } from '@app/shared/teams';
import { Button } from '../../../components/button.tsx';
import { SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useAgents } from '../../agents/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useSetTeamMembers, useTeam, useTeamMembers } from '../api.ts';
import { AgentPicker } from '../components/agent-picker.tsx';
import { TeamWizard, teamStepPath, type WizardMode } from '../components/team-wizard.tsx';
import { teamCandidates } from '../utils/agent-selection.ts';
import { readTeamError } from '../utils/team-form.ts';
import { useTeamIdParam } from './team-details-page.tsx';

type StepProps = { mode: WizardMode; team: Team; agents: readonly Agent[]; members: readonly Agent[] };

function AgentsStep({ mode, team, agents, members }: StepProps) {
  const { account } = useCurrentAccount();
  const [selected, setSelected] = useState(() => new Set(members.map((member) => member.id)));
  const [error, setError] = useState<string | undefined>();
  const save = useSetTeamMembers(account.id);
  const navigate = useNavigate();
  // Members the picker does not offer (a checker added through the API) stay in the team.
  const candidates = teamCandidates(agents);
  const kept = members.filter((member) => !candidates.some((agent) => agent.id === member.id)).map((member) => member.id);

  const submit = () => {
    // A new team starts with at least one agent; an existing one may be emptied.
    if (mode === 'new' && selected.size === 0) return setError(t('TEAMS_SETTINGS.AGENTS.PICK_ONE'));
    setError(undefined);
    save.mutate(
      { id: team.id, userIds: [...new Set([...kept, ...selected])] },
      {
        // The finish step says it: no toast.
        onSuccess: () => {
          void navigate(accountPath(account.id, teamStepPath(mode, 'finish', team.id)));
        },
        onError: (failure) => {
          const read = readTeamError(failure, ['user_ids']);
          setError(read.fields.user_ids ?? read.message ?? undefined);
        },
      },
    );
  };

  return (
    <div className="team-step">
      <header className="team-step__header">
        <h2>{t(mode === 'new' ? 'TEAMS_SETTINGS.AGENTS.ADD_TITLE' : 'TEAMS_SETTINGS.AGENTS.EDIT_TITLE', { name: team.name })}</h2>
        <p className="muted">{t('TEAMS_SETTINGS.AGENTS.DESCRIPTION')}</p>
      </header>
      <AgentPicker
        agents={candidates}
        selected={selected}
        onChange={(next) => {
          setSelected(next);
          setError(undefined);
        }}
        error={error}
      />
      <div className="team-form__actions">
        <Button variant="primary" loading={save.isPending} onClick={submit}>
          {t(mode === 'new' ? 'TEAMS_SETTINGS.AGENTS.ADD' : 'TEAMS_SETTINGS.AGENTS.UPDATE')}
        </Button>
      </div>
    </div>
  );
}

/**
 * settings/teams/new/{teamId}/agents (settings_teams_add_agents) and settings/teams/{teamId}/edit/agents
 * (settings_teams_edit_members): choose the team's agents, PATCH team_members, then on to finish.
 */
export function TeamAgentsPage({ mode }: { mode: WizardMode }) {
  const { account } = useCurrentAccount();
  const teamId = useTeamIdParam();
  const team = useTeam(account.id, teamId);
  const agents = useAgents(account.id);
  const members = useTeamMembers(account.id, teamId);
  const pending = team.isPending || agents.isPending || members.isPending;
  const failed = team.isError || agents.isError || members.isError;
  const query = {
    isPending: pending,
    isError: !pending && failed,
    refetch: () => Promise.all([team.refetch(), agents.refetch(), members.refetch()]),
  };
  return (
    <TeamWizard mode={mode}>
      <SettingsQueryState query={query}>
        {team.data && agents.data && members.data ? <AgentsStep key={team.data.id} mode={mode} team={team.data} agents={agents.data} members={members.data} /> : null}
      </SettingsQueryState>
    </TeamWizard>
  );
}

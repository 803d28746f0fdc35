import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Team } from '@app/shared/teams';
import { SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useCreateTeam, useTeam, useUpdateTeam, type TeamBody } from '../api.ts';
import { TeamForm } from '../components/team-form.tsx';
import { TeamWizard, teamStepPath } from '../components/team-wizard.tsx';
import { readTeamError, type FieldErrors, type TeamField } from '../utils/team-form.ts';

/** The server's answer to a save, kept for the form: messages under fields, one for the rest. */
function useServerErrors() {
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    fields,
    message,
    show: (error: unknown) => {
      const read = readTeamError(error, ['name', 'description']);
      setFields(read.fields);
      setMessage(read.message);
    },
    clear: (field?: TeamField) => {
      setMessage(null);
      setFields((current) => (field ? { ...current, [field]: undefined } : {}));
    },
  };
}

/** settings/teams/new (settings_teams_new): the first step, POST teams, then on to adding agents. */
export function NewTeamPage() {
  const { account } = useCurrentAccount();
  const create = useCreateTeam(account.id);
  const navigate = useNavigate();
  const toast = useToast();
  const server = useServerErrors();

  const submit = (body: TeamBody) => {
    server.clear();
    create.mutate(body, {
      onSuccess: (team) => {
        toast(t('TEAMS_SETTINGS.FORM.CREATE_SUCCESS', { name: team.name }), 'success');
        void navigate(accountPath(account.id, teamStepPath('new', 'agents', team.id)));
      },
      onError: server.show,
    });
  };

  return (
    <TeamWizard mode="new">
      <TeamForm
        submitLabel={t('TEAMS_SETTINGS.FORM.CREATE')}
        saving={create.isPending}
        serverErrors={server.fields}
        formError={server.message}
        onEdit={server.clear}
        onSubmit={submit}
      />
    </TeamWizard>
  );
}

function EditTeamForm({ team }: { team: Team }) {
  const { account } = useCurrentAccount();
  const update = useUpdateTeam(account.id);
  const navigate = useNavigate();
  const toast = useToast();
  const server = useServerErrors();

  const submit = (body: TeamBody) => {
    server.clear();
    update.mutate(
      { id: team.id, body },
      {
        onSuccess: () => {
          toast(t('TEAMS_SETTINGS.FORM.UPDATE_SUCCESS'), 'success');
          void navigate(accountPath(account.id, teamStepPath('edit', 'agents', team.id)));
        },
        onError: server.show,
      },
    );
  };

  return (
    <TeamForm
      team={team}
      submitLabel={t('TEAMS_SETTINGS.FORM.UPDATE')}
      saving={update.isPending}
      serverErrors={server.fields}
      formError={server.message}
      onEdit={server.clear}
      onSubmit={submit}
    />
  );
}

/** The team id of the URL; a malformed one is simply not found. */
export function useTeamIdParam(): number {
  const { teamId } = useParams();
  const id = Number(teamId);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** settings/teams/{teamId}/edit (settings_teams_edit): PATCH the team, then on to its agents. */
export function EditTeamPage() {
  const { account } = useCurrentAccount();
  const teamId = useTeamIdParam();
  const team = useTeam(account.id, teamId);
  return (
    <TeamWizard mode="edit">
      <SettingsQueryState query={team}>{team.data ? <EditTeamForm key={team.data.id} team={team.data} /> : null}</SettingsQueryState>
    </TeamWizard>
  );
}

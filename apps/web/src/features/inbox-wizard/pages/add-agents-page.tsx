import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Agent } from '@app/shared/agents';
import { Button } from '../../../components/button.tsx';
import { SettingsEmpty, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAgents, useInbox, useInboxMembers, useSaveInboxMembers } from '../api.ts';
import { AgentPicker, type AgentSelection } from '../components/agent-picker.tsx';
import { InboxMissing } from '../components/inbox-missing.tsx';

/**
 * settings/inboxes/new/{inbox_id}/agents (settings_inboxes_add_agents, S1-2.08): choose the new inbox's agents
 * (PATCH inbox_members, S1-7.24), then on to finish (S1-2.105). The step may be skipped.
 */
export function AddAgentsPage() {
  const { account } = useCurrentAccount();
  const inboxId = Number(useParams().inbox_id) || 0;
  const inbox = useInbox(account.id, inboxId);
  const agents = useAgents(account.id);
  const members = useInboxMembers(account.id, inboxId);
  const query = {
    isPending: inbox.isPending || agents.isPending || members.isPending,
    isError: (inbox.isError && !isMissing(inbox.error)) || agents.isError || members.isError,
    refetch: () => Promise.all([inbox.refetch(), agents.refetch(), members.refetch()]),
  };
  if (inbox.isError && isMissing(inbox.error)) return <InboxMissing />;
  return (
    <SettingsQueryState query={query}>
      {inbox.data && agents.data && members.data ? (
        <AgentsForm inboxId={inboxId} inboxName={inbox.data.name} agents={agents.data} initial={members.data} />
      ) : null}
    </SettingsQueryState>
  );
}

const isMissing = (error: unknown) => (error as { status?: number } | null)?.status === 404;

function AgentsForm({ inboxId, inboxName, agents, initial }: { inboxId: number; inboxName: string; agents: readonly Agent[]; initial: { id: number; team_leader: boolean }[] }) {
  const { account } = useCurrentAccount();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveInboxMembers(account.id, inboxId);
  const [selection, setSelection] = useState<AgentSelection>(() => ({
    members: new Set(initial.map((member) => member.id)),
    leaders: new Set(initial.filter((member) => member.team_leader).map((member) => member.id)),
  }));
  const [error, setError] = useState<string | undefined>();
  const finish = accountPath(account.id, `settings/inboxes/new/${inboxId}/finish`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selection.members.size === 0) return setError(t('INBOX_MGMT.ADD.AGENTS.NONE_SELECTED'));
    setError(undefined);
    save.mutate(
      { user_ids: [...selection.members], team_leader_ids: [...selection.leaders] },
      {
        onSuccess: () => {
          toast(t('INBOX_MGMT.ADD.AGENTS.SAVED'), 'success');
          void navigate(finish);
        },
        onError: (cause) => setError((cause as { message?: string }).message || t('INBOX_MGMT.ADD.AGENTS.ERROR')),
      },
    );
  };

  return (
    <form className="wizard-form" onSubmit={submit} noValidate aria-labelledby="add-agents-title">
      <header className="wizard-form__header">
        <h2 id="add-agents-title">{t('INBOX_MGMT.ADD.AGENTS.TITLE')}</h2>
        <p className="muted">{t('INBOX_MGMT.ADD.AGENTS.DESCRIPTION', { name: inboxName })}</p>
      </header>
      <div className="wizard-form__body">
        {agents.length === 0 ? (
          <SettingsEmpty title={t('INBOX_MGMT.ADD.AGENTS.EMPTY')} description={t('INBOX_MGMT.ADD.AGENTS.EMPTY_HINT')} />
        ) : (
          <AgentPicker
            agents={agents}
            selection={selection}
            onChange={(next) => {
              setSelection(next);
              if (next.members.size > 0) setError(undefined);
            }}
            error={error}
          />
        )}
      </div>
      <footer className="wizard-form__footer">
        <Button variant="ghost" onClick={() => void navigate(finish)}>
          {t('INBOX_MGMT.ADD.AGENTS.SKIP')}
        </Button>
        {agents.length > 0 ? (
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('INBOX_MGMT.ADD.AGENTS.SUBMIT')}
          </Button>
        ) : null}
      </footer>
    </form>
  );
}

import { useState } from 'react';
import type { Agent } from '@app/shared/agents';
import type { InboxMember } from '@app/shared/inbox-members';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { useAgents, useInboxMembers, useUpdateInboxMembers } from '../api.ts';
import { choicesOf, filterAgents, listsOf, NOT_MEMBER, sameLists, type MemberChoice, type MemberChoices } from '../utils/members.ts';

const ROLE_LABELS: Record<Agent['role'], MessageKey> = {
  administrator: 'INBOX_MGMT.ROLES.ADMINISTRATOR',
  agent: 'INBOX_MGMT.ROLES.AGENT',
  checker: 'INBOX_MGMT.ROLES.CHECKER',
};

/** Who works the inbox (PATCH inbox_members, S1-7.24): members, and among them team leaders and those who see payment data. */
export function CollaboratorsCard({ accountId, inboxId }: { accountId: number; inboxId: number }) {
  const agents = useAgents(accountId);
  const members = useInboxMembers(accountId, inboxId);
  if (agents.isPending || members.isPending) {
    return (
      <SettingsCard title={t('INBOX_MGMT.COLLABORATORS.TITLE')} description={t('INBOX_MGMT.COLLABORATORS.DESCRIPTION')}>
        <PageStatus kind="loading" message={t('SETTINGS.LOADING')} />
      </SettingsCard>
    );
  }
  if (agents.isError || members.isError) {
    return (
      <SettingsCard title={t('INBOX_MGMT.COLLABORATORS.TITLE')} description={t('INBOX_MGMT.COLLABORATORS.DESCRIPTION')}>
        <PageStatus
          kind="error"
          message={t('INBOX_MGMT.COLLABORATORS.LOAD_ERROR')}
          action={
            <Button
              onClick={() => {
                void agents.refetch();
                void members.refetch();
              }}
            >
              {t('SETTINGS.RETRY')}
            </Button>
          }
        />
      </SettingsCard>
    );
  }
  return <CollaboratorsForm accountId={accountId} inboxId={inboxId} agents={agents.data} members={members.data} />;
}

function CollaboratorsForm({ accountId, inboxId, agents, members }: { accountId: number; inboxId: number; agents: Agent[]; members: InboxMember[] }) {
  const update = useUpdateInboxMembers(accountId, inboxId);
  const toast = useToast();
  const [choices, setChoices] = useState<MemberChoices>(() => choicesOf(members));
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const lists = listsOf(choices);
  const pristine = sameLists(lists, listsOf(choicesOf(members)));
  useReportUnsaved(!pristine);
  // Ordered by the saved members, so rows do not jump while they are ticked.
  const shown = filterAgents(agents, query, choicesOf(members));

  const change = (id: number, next: Partial<MemberChoice>) => {
    setError(undefined);
    setChoices((current) => {
      const merged = { ...(current[id] ?? NOT_MEMBER), ...next };
      // A leader or a payment-data viewer is a member; leaving the inbox drops both flags.
      if (next.leader || next.viewData) merged.member = true;
      if (next.member === false) Object.assign(merged, NOT_MEMBER);
      return { ...current, [id]: merged };
    });
  };

  const submit = () => {
    update.mutate(lists, {
      onSuccess: (saved) => {
        setChoices(choicesOf(saved));
        toast(t('INBOX_MGMT.COLLABORATORS.SUCCESS'), 'success');
      },
      onError: (cause) => {
        const message = cause instanceof ApiError && cause.status === 422 ? Object.values(cause.fieldErrors)[0]?.[0] : undefined;
        if (message) setError(`${t('INBOX_MGMT.COLLABORATORS.TITLE')} ${message}`);
        else toast(t('INBOX_MGMT.COLLABORATORS.ERROR'), 'error');
      },
    });
  };

  return (
    <SettingsCard
      title={t('INBOX_MGMT.COLLABORATORS.TITLE')}
      description={t('INBOX_MGMT.COLLABORATORS.DESCRIPTION')}
      onSubmit={submit}
      saving={update.isPending}
      pristine={pristine}
      footerHint={lists.user_ids.length === 0 ? t('INBOX_MGMT.COLLABORATORS.NONE_WARNING') : t('INBOX_MGMT.COLLABORATORS.SELECTED', { count: lists.user_ids.length })}
    >
      {agents.length === 0 ? (
        <p className="muted">{t('INBOX_MGMT.COLLABORATORS.EMPTY')}</p>
      ) : (
        <div className="inbox-members">
          <div className="inbox-members__search">
            <FormField
              label={t('INBOX_MGMT.COLLABORATORS.SEARCH')}
              type="search"
              placeholder={t('INBOX_MGMT.COLLABORATORS.SEARCH_PLACEHOLDER')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <p className="field__hint">{t('INBOX_MGMT.COLLABORATORS.HINT')}</p>
          <ul className="inbox-members__list" aria-label={t('INBOX_MGMT.COLLABORATORS.TITLE')}>
            {shown.map((agent) => (
              <MemberRow key={agent.id} agent={agent} choice={choices[agent.id] ?? NOT_MEMBER} onChange={(next) => change(agent.id, next)} />
            ))}
            {shown.length === 0 ? <li className="inbox-member muted">{t('INBOX_MGMT.COLLABORATORS.NO_AGENTS')}</li> : null}
          </ul>
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </SettingsCard>
  );
}

function MemberRow({ agent, choice, onChange }: { agent: Agent; choice: MemberChoice; onChange: (next: Partial<MemberChoice>) => void }) {
  return (
    <li className="inbox-member">
      <input
        type="checkbox"
        className="inbox-member__check"
        aria-label={t('INBOX_MGMT.COLLABORATORS.MEMBER_FOR', { name: agent.name })}
        checked={choice.member}
        onChange={(e) => onChange({ member: e.target.checked })}
      />
      <div className="inbox-member__who">
        <Avatar name={agent.name} src={agent.thumbnail || null} size="small" />
        <div className="inbox-member__text">
          <span className="inbox-member__name">
            {agent.name}
            <span className="inbox-role">{t(!agent.confirmed ? 'INBOX_MGMT.ROLES.UNCONFIRMED' : agent.custom_role_id ? 'INBOX_MGMT.ROLES.CUSTOM_ROLE' : ROLE_LABELS[agent.role])}</span>
          </span>
          <span className="inbox-member__email">{agent.email}</span>
        </div>
      </div>
      <div className="inbox-member__flags">
        <label className="inbox-check">
          <input
            type="checkbox"
            aria-label={t('INBOX_MGMT.COLLABORATORS.TEAM_LEADER_FOR', { name: agent.name })}
            checked={choice.leader}
            onChange={(e) => onChange({ leader: e.target.checked })}
          />
          <span aria-hidden="true">{t('INBOX_MGMT.COLLABORATORS.TEAM_LEADER')}</span>
        </label>
        <label className="inbox-check">
          <input
            type="checkbox"
            aria-label={t('INBOX_MGMT.COLLABORATORS.VIEW_DATA_FOR', { name: agent.name })}
            checked={choice.viewData}
            onChange={(e) => onChange({ viewData: e.target.checked })}
          />
          <span aria-hidden="true">{t('INBOX_MGMT.COLLABORATORS.VIEW_DATA')}</span>
        </label>
      </div>
    </li>
  );
}

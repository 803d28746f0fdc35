import { useState } from 'react';
import type { Agent } from '@app/shared/agents';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { availabilityIn, usePresence } from '../../../lib/realtime/index.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAgents, useCustomRoleOptions, useRemoveAgent } from '../api.ts';
import { EditAgentDialog } from '../components/edit-agent-dialog.tsx';
import { InviteAgentsDialog } from '../components/invite-agents-dialog.tsx';
import { administratorLock, readServerError, roleNameOf } from '../utils/agent-form.ts';
import '../agents.css';

/** settings/agents/list (agent_list): every member with role, availability and verification; invite, edit, remove. */
export function AgentsListPage() {
  const { user, account } = useCurrentAccount();
  const agents = useAgents(account.id);
  const presence = usePresence(account.id);
  const customRoles = useCustomRoleOptions(account.id).data ?? [];
  const remove = useRemoveAgent(account.id);
  const toast = useToast();
  const { confirm, dialog } = useConfirmDialog();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<Agent | null>(null);
  const list = agents.data ?? [];

  const askRemove = async (agent: Agent) => {
    const yes = await confirm({
      title: t('AGENT_MGMT.DELETE.TITLE', { name: agent.name }),
      description: t('AGENT_MGMT.DELETE.DESCRIPTION'),
      confirmLabel: t('AGENT_MGMT.DELETE.CONFIRM'),
      cancelLabel: t('AGENT_MGMT.DELETE.CANCEL'),
      tone: 'danger',
    });
    if (!yes) return;
    remove.mutate(agent.id, {
      onSuccess: () => toast(t('AGENT_MGMT.DELETE.SUCCESS', { name: agent.name }), 'success'),
      onError: (error) => toast(readServerError(error, []).message ?? t('AGENT_MGMT.API_ERROR'), 'error'),
    });
  };

  const inviteButton = (
    <Button variant="primary" onClick={() => setInviting(true)}>
      {t('AGENT_MGMT.HEADER_BTN_TXT')}
    </Button>
  );
  const others = list.filter((agent) => agent.id !== user.id);

  return (
    <SettingsPage title={t('AGENT_MGMT.HEADER')} description={t('AGENT_MGMT.DESCRIPTION')} actions={inviteButton}>
      <SettingsQueryState
        query={agents}
        isEmpty={list.length === 0}
        empty={<SettingsEmpty title={t('AGENT_MGMT.EMPTY.TITLE')} description={t('AGENT_MGMT.EMPTY.DESCRIPTION')} action={inviteButton} />}
      >
        <div className="settings-table-wrap">
          <table className="settings-table agents-table" aria-label={t('AGENT_MGMT.LIST.TITLE')}>
            <thead>
              <tr>
                <th scope="col">{t('AGENT_MGMT.LIST.NAME')}</th>
                <th scope="col">{t('AGENT_MGMT.LIST.ROLE')}</th>
                <th scope="col">{t('AGENT_MGMT.LIST.AVAILABILITY')}</th>
                <th scope="col">{t('AGENT_MGMT.LIST.STATUS')}</th>
                <th scope="col" className="settings-table__actions">
                  <span className="agents-sr">{t('AGENT_MGMT.LIST.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((agent) => {
                const self = agent.id === user.id;
                const availability = availabilityIn(presence, agent.id, agent.availability_status);
                const lock = administratorLock(agent, list);
                const removeBlocked = self
                  ? t('AGENT_MGMT.DELETE.SELF')
                  : lock === 'only'
                    ? t('AGENT_MGMT.DELETE.ONLY_ADMIN')
                    : lock === 'only_verified'
                      ? t('AGENT_MGMT.DELETE.ONLY_VERIFIED_ADMIN')
                      : undefined;
                return (
                  <tr key={agent.id}>
                    <th scope="row">
                      <div className="agents-table__person">
                        <Avatar name={agent.name} src={agent.thumbnail || null} size="small" />
                        <span className="agents-table__names">
                          <span className="agents-table__name">
                            {agent.name}
                            {self ? <span className="badge badge--current">{t('AGENT_MGMT.LIST.YOU')}</span> : null}
                          </span>
                          <span className="agents-table__email">{agent.email}</span>
                        </span>
                      </div>
                    </th>
                    <td>{roleNameOf(agent, customRoles)}</td>
                    <td>
                      <span className={`agents-presence agents-presence--${availability}`}>{t(`AVAILABILITY.${availability}`)}</span>
                    </td>
                    <td>
                      {agent.confirmed ? (
                        <span className="agents-status agents-status--verified">{t('AGENT_MGMT.LIST.VERIFIED')}</span>
                      ) : (
                        <span className="agents-status agents-status--pending">{t('AGENT_MGMT.LIST.VERIFICATION_PENDING')}</span>
                      )}
                    </td>
                    <td className="settings-table__actions">
                      <Button size="small" variant="ghost" aria-label={t('AGENT_MGMT.EDIT.BUTTON_LABEL', { name: agent.name })} onClick={() => setEditing(agent)}>
                        {t('AGENT_MGMT.EDIT.BUTTON')}
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        className="button--danger-text"
                        aria-label={t('AGENT_MGMT.DELETE.BUTTON_LABEL', { name: agent.name })}
                        disabled={Boolean(removeBlocked)}
                        title={removeBlocked}
                        onClick={() => void askRemove(agent)}
                      >
                        {t('AGENT_MGMT.DELETE.BUTTON')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {others.length === 0 ? <SettingsEmpty title={t('AGENT_MGMT.EMPTY.TITLE')} description={t('AGENT_MGMT.EMPTY.DESCRIPTION')} action={inviteButton} /> : null}
      </SettingsQueryState>

      {inviting ? <InviteAgentsDialog accountId={account.id} customRoles={customRoles} onClose={() => setInviting(false)} /> : null}
      {editing ? (
        <EditAgentDialog
          key={editing.id}
          accountId={account.id}
          agent={editing}
          customRoles={customRoles}
          roleLock={administratorLock(editing, list)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {dialog}
    </SettingsPage>
  );
}

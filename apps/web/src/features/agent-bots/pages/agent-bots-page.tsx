import { Link, useNavigate } from 'react-router';
import type { AgentBot } from '@app/shared/agent-bots';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { useConfirmedRemoval } from '../../../components/confirmed-removal.tsx';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { isFeatureDisabled } from '../../../lib/server-errors.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAgentBots, useDeleteAgentBot } from '../api.ts';
import '../agent-bots.css';

/** settings/agent-bots (agent_bots): the account's bots, editable and deletable, and the system bots, read-only. */
export function AgentBotsPage() {
  const { account } = useCurrentAccount();
  const bots = useAgentBots(account.id);
  const remove = useDeleteAgentBot(account.id);
  const navigate = useNavigate();
  const editPath = (bot: AgentBot) => accountPath(account.id, `settings/agent-bots/csml/${bot.id}`);

  const { askRemove: askDelete, dialog } = useConfirmedRemoval((bot: AgentBot) => ({
    title: t('AGENT_BOTS.DELETE.TITLE', { name: bot.name }),
    description: t('AGENT_BOTS.DELETE.DESCRIPTION'),
    confirmLabel: t('AGENT_BOTS.DELETE.CONFIRM'),
    cancelLabel: t('AGENT_BOTS.DELETE.CANCEL'),
    run: (callbacks) => remove.mutate(bot.id, callbacks),
    success: t('AGENT_BOTS.DELETE.SUCCESS', { name: bot.name }),
    failure: (error) => readServerErrors(error, {}, t('AGENT_BOTS.DELETE.ERROR')).message ?? t('AGENT_BOTS.DELETE.ERROR'),
  }));

  const featureOff = isFeatureDisabled(bots.error);
  const addButton = (
    <Button variant="primary" onClick={() => navigate(accountPath(account.id, 'settings/agent-bots/csml/new'))}>
      {t('AGENT_BOTS.ADD')}
    </Button>
  );

  return (
    <SettingsPage title={t('AGENT_BOTS.HEADER')} description={t('AGENT_BOTS.DESCRIPTION')} actions={featureOff ? null : addButton}>
      {featureOff ? (
        <SettingsEmpty title={t('AGENT_BOTS.FEATURE_DISABLED')} />
      ) : (
        <SettingsQueryState
          query={bots}
          isEmpty={bots.data?.length === 0}
          empty={<SettingsEmpty title={t('AGENT_BOTS.EMPTY.TITLE')} description={t('AGENT_BOTS.EMPTY.DESCRIPTION')} action={addButton} />}
        >
          <div className="settings-table-wrap">
            <table className="settings-table agent-bots-table" aria-label={t('AGENT_BOTS.LIST.TABLE')}>
              <thead>
                <tr>
                  <th scope="col">{t('AGENT_BOTS.LIST.NAME')}</th>
                  <th scope="col">{t('AGENT_BOTS.LIST.WEBHOOK')}</th>
                  <th scope="col" className="settings-table__actions" aria-label={t('AGENT_BOTS.LIST.ACTIONS')} />
                </tr>
              </thead>
              <tbody>
                {bots.data?.map((bot) => (
                  <tr key={bot.id}>
                    <td>
                      <div className="agent-bots-table__bot">
                        <Avatar name={bot.name} src={bot.thumbnail || null} />
                        <div className="agent-bots-table__text">
                          <span className="agent-bots-table__name">
                            {bot.system_bot ? <strong>{bot.name}</strong> : <Link to={editPath(bot)}>{bot.name}</Link>}
                            {bot.system_bot ? <span className="agent-bots-badge">{t('AGENT_BOTS.LIST.SYSTEM_BOT')}</span> : null}
                          </span>
                          {bot.description ? <span className="muted">{bot.description}</span> : null}
                        </div>
                      </div>
                    </td>
                    <td className="agent-bots-table__url">{bot.outgoing_url ?? <span className="muted">{t('AGENT_BOTS.LIST.NO_WEBHOOK')}</span>}</td>
                    <td className="settings-table__actions">
                      {bot.system_bot ? null : (
                        <>
                          <Button size="small" variant="ghost" aria-label={t('AGENT_BOTS.LIST.EDIT_LABEL', { name: bot.name })} onClick={() => navigate(editPath(bot))}>
                            {t('AGENT_BOTS.LIST.EDIT')}
                          </Button>
                          <Button
                            size="small"
                            variant="ghost"
                            className="button--danger-text"
                            aria-label={t('AGENT_BOTS.LIST.DELETE_LABEL', { name: bot.name })}
                            onClick={() => void askDelete(bot)}
                          >
                            {t('AGENT_BOTS.LIST.DELETE')}
                          </Button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </SettingsQueryState>
      )}
      {dialog}
    </SettingsPage>
  );
}

import { useState, type ReactNode } from 'react';
import type { AgentBot } from '@app/shared/agent-bots';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useReportUnsaved } from '../hooks/use-unsaved-changes.ts';
import { useAgentBots, useInboxAgentBot, useSetAgentBot } from '../api.ts';

/** The inbox's one agent bot (S1-4.06): choose one (POST set_agent_bot with its id) or disconnect it (null). */
export function AgentBotCard({ accountId, inboxId }: { accountId: number; inboxId: number }) {
  const bots = useAgentBots(accountId);
  const current = useInboxAgentBot(accountId, inboxId);
  const frame = (body: ReactNode) => (
    <SettingsCard title={t('INBOX_MGMT.BOT.TITLE')} description={t('INBOX_MGMT.BOT.DESCRIPTION')}>
      {body}
    </SettingsCard>
  );
  if (bots.isPending || current.isPending) return frame(<PageStatus kind="loading" message={t('SETTINGS.LOADING')} />);
  if (bots.isError || current.isError) {
    return frame(
      <PageStatus
        kind="error"
        message={t('INBOX_MGMT.BOT.LOAD_ERROR')}
        action={
          <Button
            onClick={() => {
              void bots.refetch();
              void current.refetch();
            }}
          >
            {t('SETTINGS.RETRY')}
          </Button>
        }
      />,
    );
  }
  return <AgentBotForm key={current.data?.id ?? 'none'} accountId={accountId} inboxId={inboxId} bots={bots.data} current={current.data} />;
}

function AgentBotForm({ accountId, inboxId, bots, current }: { accountId: number; inboxId: number; bots: AgentBot[]; current: AgentBot | null }) {
  const setBot = useSetAgentBot(accountId, inboxId);
  const toast = useToast();
  const [chosen, setChosen] = useState<string>(current ? String(current.id) : '');
  const [error, setError] = useState<string | undefined>();
  useReportUnsaved(chosen !== (current ? String(current.id) : ''));

  const apply = (botId: number | null) => {
    setError(undefined);
    setBot.mutate(botId, {
      onSuccess: () => toast(t(botId === null ? 'INBOX_MGMT.BOT.DISCONNECT_SUCCESS' : 'INBOX_MGMT.BOT.SET_SUCCESS'), 'success'),
      onError: (cause) => {
        const message = cause instanceof ApiError && cause.status === 422 ? cause.fieldErrors.agent_bot?.[0] : undefined;
        if (message) setError(`${t('INBOX_MGMT.BOT.SELECT')} ${message}`);
        else toast(t('INBOX_MGMT.BOT.ERROR'), 'error');
      },
    });
  };

  return (
    <SettingsCard
      title={t('INBOX_MGMT.BOT.TITLE')}
      description={t('INBOX_MGMT.BOT.DESCRIPTION')}
      onSubmit={() => apply(chosen ? Number(chosen) : null)}
      saving={setBot.isPending}
      pristine={chosen === (current ? String(current.id) : '')}
    >
      <div className="inbox-bot-current" aria-label={t('INBOX_MGMT.BOT.CURRENT')} role="group">
        {current ? (
          <>
            <Avatar name={current.name} src={current.thumbnail || null} size="small" />
            <div className="inbox-bot-current__text">
              <strong>{current.name}</strong>
              {current.description ? <span className="muted">{current.description}</span> : null}
            </div>
            <Button size="small" variant="ghost" className="button--danger-text" disabled={setBot.isPending} onClick={() => apply(null)}>
              {t('INBOX_MGMT.BOT.DISCONNECT')}
            </Button>
          </>
        ) : (
          <span className="muted">{t('INBOX_MGMT.BOT.NO_CURRENT')}</span>
        )}
      </div>
      {bots.length === 0 ? (
        <p className="muted">{t('INBOX_MGMT.BOT.NO_BOTS')}</p>
      ) : (
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor={`agent-bot-${inboxId}`}>{t('INBOX_MGMT.BOT.SELECT')}</label>
          <select
            id={`agent-bot-${inboxId}`}
            value={chosen}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setChosen(e.target.value);
              setError(undefined);
            }}
          >
            <option value="">{t('INBOX_MGMT.BOT.NONE')}</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.system_bot ? t('INBOX_MGMT.BOT.SYSTEM', { name: bot.name }) : bot.name}
              </option>
            ))}
          </select>
          {error ? <p className="field__error">{error}</p> : null}
        </div>
      )}
    </SettingsCard>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { IntegrationApp } from '@app/shared/integrations';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PageStatus } from '../../../components/page-status.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useConnectSlack, useDeleteIntegration, useIntegrationApp, useSlackChannels, useUpdateSlack } from '../api.ts';
import '../integrations.css';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('INTEGRATION_SETTINGS.HOOK.ERROR'));

/** What an installation without a Slack app shows: the variables to set and the redirect URL to register. */
export function NotConfigured({ app, redirect }: { app: IntegrationApp; redirect: string }) {
  return (
    <section className="integration-notice" aria-labelledby="not-configured-title">
      <h2 id="not-configured-title">{t('INTEGRATION_SETTINGS.SLACK.NOT_CONFIGURED.TITLE')}</h2>
      <p>{t('INTEGRATION_SETTINGS.SLACK.NOT_CONFIGURED.BODY')}</p>
      <ul className="env-list">
        {app.required_env.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      <p>
        {t('INTEGRATION_SETTINGS.SLACK.NOT_CONFIGURED.REDIRECT')} <code>{redirect}</code>
      </p>
    </section>
  );
}

function ChannelCard({ accountId, app }: { accountId: number; app: IntegrationApp }) {
  const hook = app.hooks?.[0];
  const channels = useSlackChannels(accountId, Boolean(hook));
  const update = useUpdateSlack(accountId);
  const toast = useToast();
  const [channel, setChannel] = useState(hook?.reference_id ?? '');
  const fieldId = useId();
  const team = typeof hook?.settings.team_name === 'string' ? hook.settings.team_name : '';
  return (
    <SettingsCard
      title={t('INTEGRATION_SETTINGS.SLACK.CHANNEL_TITLE')}
      description={team ? t('INTEGRATION_SETTINGS.SLACK.WORKSPACE', { team }) : undefined}
      onSubmit={() =>
        update.mutate(channel, {
          onSuccess: () => toast(t('INTEGRATION_SETTINGS.SLACK.CHANNEL_SAVED'), 'success'),
          onError: (error) => toast(t('INTEGRATION_SETTINGS.SLACK.CHANNEL_ERROR', { message: messageOf(error) }), 'error'),
        })
      }
      submitLabel={t('INTEGRATION_SETTINGS.SLACK.CHANNEL_SAVE')}
      saving={update.isPending}
      pristine={!channel || channel === hook?.reference_id}
    >
      {channels.isError ? (
        <p className="form-error" role="alert">
          {t('INTEGRATION_SETTINGS.SLACK.CHANNELS_ERROR')}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={fieldId}>{t('INTEGRATION_SETTINGS.SLACK.CHANNEL')}</label>
        <select id={fieldId} value={channel} onChange={(e) => setChannel(e.target.value)} disabled={!channels.data} aria-describedby={`${fieldId}-hint`}>
          <option value="">{t('INTEGRATION_SETTINGS.SLACK.CHANNEL_PLACEHOLDER')}</option>
          {channels.data?.map((c) => (
            <option key={c.id} value={c.id}>
              #{c.name}
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${fieldId}-hint`}>
          {t('INTEGRATION_SETTINGS.SLACK.CHANNEL_HINT')}
        </p>
      </div>
    </SettingsCard>
  );
}

/** Settings › Integrations › Slack (settings_integrations_slack). Slack sends the browser back here with `?code=`, which connects the workspace. */
export function SlackPage() {
  const { account } = useCurrentAccount();
  const app = useIntegrationApp(account.id, 'slack');
  const connect = useConnectSlack(account.id);
  const disconnect = useDeleteIntegration(account.id);
  const toast = useToast();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirmDialog();
  const [params] = useSearchParams();
  const code = params.get('code');
  const started = useRef(false);
  const here = accountPath(account.id, 'settings/integrations/slack');

  useEffect(() => {
    if (!code || !app.data || started.current) return;
    started.current = true;
    // The code is single-use: it leaves the address whatever Slack answers.
    void navigate(here, { replace: true });
    if ((app.data.hooks?.length ?? 0) > 0 || !app.data.configured) return;
    connect.mutate(code, {
      onSuccess: () => toast(t('INTEGRATION_SETTINGS.SLACK.CONNECTED'), 'success'),
      onError: (error) => toast(t('INTEGRATION_SETTINGS.SLACK.CONNECT_ERROR', { message: messageOf(error) }), 'error'),
    });
  }, [code, app.data, connect, here, navigate, toast]);

  const askDisconnect = async () => {
    const yes = await confirm({
      title: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.TITLE', { name: 'Slack' }),
      description: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.DESCRIPTION'),
      confirmLabel: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.YES'),
      cancelLabel: t('INTEGRATION_SETTINGS.DISCONNECT_CONFIRM.NO'),
      tone: 'danger',
    });
    if (!yes) return;
    disconnect.mutate('slack', {
      onSuccess: () => toast(t('INTEGRATION_SETTINGS.DISCONNECTED', { name: 'Slack' }), 'success'),
      onError: () => toast(t('INTEGRATION_SETTINGS.DISCONNECT_ERROR'), 'error'),
    });
  };

  const data = app.data;
  const connected = (data?.hooks?.length ?? 0) > 0;
  return (
    <SettingsPage
      title={data?.name ?? t('INTEGRATION_SETTINGS.SLACK.TITLE')}
      description={data?.description}
      backTo={accountPath(account.id, 'settings/integrations')}
      width="narrow"
      actions={
        connected ? (
          <Button variant="danger" onClick={() => void askDisconnect()}>
            {t('INTEGRATION_SETTINGS.DISCONNECT')}
          </Button>
        ) : undefined
      }
    >
      <SettingsQueryState query={app}>
        {data && !data.configured ? (
          <NotConfigured app={data} redirect={`${window.location.origin}${here}`} />
        ) : connect.isPending ? (
          <PageStatus kind="loading" message={t('INTEGRATION_SETTINGS.SLACK.CONNECTING')} />
        ) : data && connected ? (
          <>
            <ChannelCard accountId={account.id} app={data} />
            <p className="notice notice--info">{t('INTEGRATION_SETTINGS.STORED_ONLY')}</p>
          </>
        ) : data?.action ? (
          <section className="integration-connect">
            <p className="muted">{t('INTEGRATION_SETTINGS.SLACK.CONNECT_HINT')}</p>
            <a className="button button--primary" href={data.action}>
              {t('INTEGRATION_SETTINGS.SLACK.CONNECT')}
            </a>
          </section>
        ) : null}
      </SettingsQueryState>
      {dialog}
    </SettingsPage>
  );
}

import { useParams } from 'react-router';
import type { AgentBot } from '@app/shared/agent-bots';
import { SettingsEmpty, SettingsPage, SettingsQueryState } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useAgentBot, useUpdateAgentBot } from '../api.ts';
import { AccessTokenCard } from '../components/access-token-card.tsx';
import { AgentBotForm } from '../components/agent-bot-form.tsx';
import { BotAvatarField } from '../components/bot-avatar-field.tsx';
import '../agent-bots.css';

function EditBot({ accountId, bot }: { accountId: number; bot: AgentBot }) {
  const update = useUpdateAgentBot(accountId, bot.id);
  const toast = useToast();
  return (
    <>
      <AgentBotForm
        // A saved bot starts the form afresh from what the server kept.
        key={bot.name + (bot.description ?? '') + (bot.outgoing_url ?? '')}
        title={t('AGENT_BOTS.EDIT.DETAILS')}
        description={t('AGENT_BOTS.EDIT.DETAILS_DESCRIPTION')}
        initial={{ name: bot.name, description: bot.description ?? '', outgoing_url: bot.outgoing_url ?? '' }}
        submitLabel={t('AGENT_BOTS.EDIT.SUBMIT')}
        saving={update.isPending}
        onSave={(input, failed) =>
          update.mutate(input, { onSuccess: (saved) => toast(t('AGENT_BOTS.EDIT.SUCCESS', { name: saved.name }), 'success'), onError: failed })
        }
      >
        <BotAvatarField accountId={accountId} bot={bot} />
      </AgentBotForm>
      <AccessTokenCard accountId={accountId} bot={bot} />
    </>
  );
}

/** settings/agent-bots/csml/{botId} (agent_bots_csml_edit): the bot's details, picture and access token. */
export function AgentBotEditPage() {
  const { account } = useCurrentAccount();
  const botId = Number(useParams().botId);
  const valid = Number.isInteger(botId) && botId > 0;
  const bot = useAgentBot(account.id, valid ? botId : 0);
  const listPath = accountPath(account.id, 'settings/agent-bots');
  const missing = !valid || (bot.error instanceof ApiError && bot.error.status === 404) || bot.data?.system_bot === true;

  return (
    <SettingsPage title={bot.data && !missing ? t('AGENT_BOTS.EDIT.TITLE', { name: bot.data.name }) : t('AGENT_BOTS.HEADER')} backTo={listPath} width="narrow">
      {missing ? (
        <SettingsEmpty title={t('AGENT_BOTS.EDIT.NOT_FOUND')} />
      ) : (
        <SettingsQueryState query={bot}>{bot.data ? <EditBot accountId={account.id} bot={bot.data} /> : null}</SettingsQueryState>
      )}
    </SettingsPage>
  );
}

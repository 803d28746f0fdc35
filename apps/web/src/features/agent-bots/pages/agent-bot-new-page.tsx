import { useNavigate } from 'react-router';
import { SettingsPage } from '../../../components/settings-page.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useCreateAgentBot } from '../api.ts';
import { AgentBotForm } from '../components/agent-bot-form.tsx';
import '../agent-bots.css';

const EMPTY = { name: '', description: '', outgoing_url: '' };

/** settings/agent-bots/csml/new (agent_bots_csml_new): a new bot; then on to its page, where its token is. */
export function AgentBotNewPage() {
  const { account } = useCurrentAccount();
  const create = useCreateAgentBot(account.id);
  const navigate = useNavigate();
  const toast = useToast();
  const listPath = accountPath(account.id, 'settings/agent-bots');

  return (
    <SettingsPage title={t('AGENT_BOTS.ADD.TITLE')} backTo={listPath} width="narrow">
      <AgentBotForm
        title={t('AGENT_BOTS.EDIT.DETAILS')}
        description={t('AGENT_BOTS.ADD.DESCRIPTION')}
        initial={EMPTY}
        submitLabel={t('AGENT_BOTS.ADD.SUBMIT')}
        saving={create.isPending}
        onSave={(input, failed) =>
          create.mutate(input, {
            onSuccess: (bot) => {
              toast(t('AGENT_BOTS.ADD.SUCCESS', { name: bot.name }), 'success');
              navigate(accountPath(account.id, `settings/agent-bots/csml/${bot.id}`));
            },
            onError: failed,
          })
        }
      />
    </SettingsPage>
  );
}

import { useState } from 'react';
import type { AgentBot } from '@app/shared/agent-bots';
import { Button } from '../../../components/button.tsx';
import { useConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { useResetAgentBotToken } from '../api.ts';
import { copyText } from '../../../lib/clipboard.ts';

/** The bot's API access token: hidden until asked for, copied with one click, reset after a confirmation. */
export function AccessTokenCard({ accountId, bot }: { accountId: number; bot: AgentBot }) {
  const [shown, setShown] = useState(false);
  const reset = useResetAgentBotToken(accountId, bot.id);
  const { confirm, dialog } = useConfirmDialog();
  const toast = useToast();
  const token = bot.access_token ?? '';

  // 000 section 8: a toast either way; a refused copy says "Unable to copy text to clipboard".
  const copy = async () => {
    if (await copyText(token)) toast(t('AGENT_BOTS.TOKEN.COPIED'), 'success');
    else toast(t('AGENT_BOTS.TOKEN.COPY_ERROR'), 'error');
  };

  const askReset = async () => {
    const yes = await confirm({
      title: t('AGENT_BOTS.TOKEN.RESET_TITLE', { name: bot.name }),
      description: t('AGENT_BOTS.TOKEN.RESET_DESCRIPTION'),
      confirmLabel: t('AGENT_BOTS.TOKEN.RESET_CONFIRM'),
      cancelLabel: t('AGENT_BOTS.TOKEN.RESET_CANCEL'),
      tone: 'danger',
    });
    if (!yes) return;
    reset.mutate(undefined, {
      onSuccess: () => {
        setShown(true);
        toast(t('AGENT_BOTS.TOKEN.RESET_SUCCESS'), 'success');
      },
      onError: (error) => toast(readServerErrors(error, {}, t('AGENT_BOTS.TOKEN.RESET_ERROR')).message ?? t('AGENT_BOTS.TOKEN.RESET_ERROR'), 'error'),
    });
  };

  return (
    <SettingsCard title={t('AGENT_BOTS.TOKEN.TITLE')} description={t('AGENT_BOTS.TOKEN.DESCRIPTION')}>
      <div className="access-token">
        {/* A password field while hidden: the token is not on screen (nor in a screenshot) until asked for. */}
        <input
          className="access-token__value"
          type={shown ? 'text' : 'password'}
          readOnly
          autoComplete="off"
          spellCheck={false}
          value={token}
          aria-label={t('AGENT_BOTS.TOKEN.LABEL', { name: bot.name })}
          onFocus={(e) => shown && e.currentTarget.select()}
        />
        <div className="access-token__actions">
          <Button size="small" onClick={() => setShown((value) => !value)} aria-pressed={shown}>
            {shown ? t('AGENT_BOTS.TOKEN.HIDE') : t('AGENT_BOTS.TOKEN.SHOW')}
          </Button>
          <Button size="small" onClick={() => void copy()} disabled={!token}>
            {t('AGENT_BOTS.TOKEN.COPY')}
          </Button>
          <Button size="small" variant="ghost" className="button--danger-text" loading={reset.isPending} onClick={() => void askReset()}>
            {t('AGENT_BOTS.TOKEN.RESET')}
          </Button>
        </div>
      </div>
      {dialog}
    </SettingsCard>
  );
}

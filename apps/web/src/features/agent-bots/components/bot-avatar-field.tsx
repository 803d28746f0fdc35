import type { AgentBot } from '@app/shared/agent-bots';
import { AvatarPicker } from '../../../components/avatar-picker.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useAgentBotAvatar } from '../api.ts';

/** The bot's picture, saved as soon as it is chosen or removed. */
export function BotAvatarField({ accountId, bot }: { accountId: number; bot: AgentBot }) {
  const { upload, remove } = useAgentBotAvatar(accountId, bot.id);
  const toast = useToast();
  const failed = upload.error ?? remove.error;
  const serverMessage = failed instanceof ApiError && failed.status === 422 ? failed.fieldErrors.avatar?.[0] : undefined;
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError && error.status === 422)) toast(t('AGENT_BOTS.AVATAR.ERROR'), 'error');
  };
  return (
    <AvatarPicker
      label={t('AGENT_BOTS.FORM.AVATAR')}
      src={bot.thumbnail || null}
      username={bot.name}
      deletable={Boolean(bot.thumbnail)}
      busy={upload.isPending || remove.isPending}
      error={serverMessage}
      onChange={({ file }) => upload.mutate(file, { onSuccess: () => toast(t('AGENT_BOTS.AVATAR.SUCCESS'), 'success'), onError })}
      onDelete={() => remove.mutate(undefined, { onSuccess: () => toast(t('AGENT_BOTS.AVATAR.REMOVED'), 'success'), onError })}
    />
  );
}

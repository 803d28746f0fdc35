import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Conversation } from '@app/shared/conversations';
import { canAccess } from '@app/shared/permissions';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { LazyWithdrawIssueDialog } from '../../payment-ocr/index.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { listPath, type ListScope } from '../utils/list-filters.ts';
import { Icon } from './icon.tsx';
import { Menu, MenuItem } from './menu.tsx';
import { TranscriptDialog } from './transcript-dialog.tsx';

type MoreActionsProps = { accountId: number; scope: ListScope; conversation: Conversation; actions: ReturnType<typeof useConversationActions> };

/** The conversation's `order_id` custom attribute, the withdraw issue's default order. */
const orderIdOf = (conversation: Conversation) => {
  const value = conversation.custom_attributes.order_id;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * Mute or unmute, mark unread (back to the list, as Chatwoot does), send the transcript by email, and raise a
 * withdraw issue for those who may (its dialog is a lazy chunk).
 */
export function MoreActions({ accountId, scope, conversation, actions }: MoreActionsProps) {
  const [transcript, setTranscript] = useState(false);
  const [withdrawIssue, setWithdrawIssue] = useState(false);
  const { account } = useCurrentAccount();
  const canRaiseIssue = canAccess(account.permissions, 'api:withdraw_issues.create');
  const navigate = useNavigate();
  return (
    <>
      <Menu label={t('CONVERSATION.MORE_ACTIONS')} trigger={<Icon name="more" size={18} />}>
        {(close) => (
          <>
            <MenuItem onSelect={() => (close(), actions.setMuted.mutate(!conversation.muted))}>
              <Icon name={conversation.muted ? 'volume' : 'mute'} />
              {conversation.muted ? t('CONVERSATION.UNMUTE') : t('CONVERSATION.MUTE')}
            </MenuItem>
            <MenuItem
              onSelect={() => {
                close();
                actions.markUnread.mutate(undefined, { onSuccess: () => navigate(accountPath(accountId, listPath(scope))) });
              }}
            >
              <Icon name="eye" />
              {t('CONVERSATION.MARK_UNREAD')}
            </MenuItem>
            <MenuItem onSelect={() => (close(), actions.sendTranscript.reset(), setTranscript(true))}>
              <Icon name="mail" />
              {t('CONVERSATION.SEND_TRANSCRIPT')}
            </MenuItem>
            {canRaiseIssue ? (
              <MenuItem onSelect={() => (close(), setWithdrawIssue(true))}>
                <Icon name="receipt" />
                {t('CONVERSATION.RAISE_WITHDRAW_ISSUE')}
              </MenuItem>
            ) : null}
          </>
        )}
      </Menu>
      {transcript ? (
        <TranscriptDialog show defaultEmail={conversation.meta.sender.email ?? ''} onClose={() => setTranscript(false)} send={actions.sendTranscript} />
      ) : null}
      {withdrawIssue ? (
        <Suspense fallback={null}>
          <LazyWithdrawIssueDialog accountId={accountId} conversation={conversation} defaultOrderId={orderIdOf(conversation)} onClose={() => setWithdrawIssue(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

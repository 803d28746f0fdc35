import { lazy, Suspense, useState } from 'react';
import type { Conversation } from '@app/shared/conversations';
import type { Inbox } from '@app/shared/inboxes';
import type { CurrentUser } from '@app/shared/users';
import { api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { conversationBase } from '../api.ts';
import type { EditorMode, ReplyEditorProps } from '../editor/index.ts';
import type { useSendMessage } from '../hooks/use-send-message.ts';
import { EditorBoundary } from './editor-boundary.tsx';

// The rich editor (Tiptap) is its own chunk: the list and the messages do not wait for it.
const ReplyEditor = lazy(() => import('../editor/index.ts').then((module) => ({ default: module.ReplyEditor })));

type ReplyBoxProps = {
  accountId: number;
  conversation: Conversation;
  inbox: Inbox | undefined;
  user: CurrentUser;
  send: ReturnType<typeof useSendMessage>['send'];
};

/** The editor at the bottom of the conversation: send through POST messages, typing through toggle_typing_status. */
export function ReplyBox({ accountId, conversation, inbox, user, send }: ReplyBoxProps) {
  const [mode, setMode] = useState<EditorMode>('reply');
  const { sender } = conversation.meta;
  const onTyping = (status: 'on' | 'off', isPrivate: boolean) =>
    void api(`${conversationBase(accountId, conversation.id)}/toggle_typing_status`, { method: 'POST', body: { typing_status: status, is_private: isPrivate } }).catch(() => undefined);
  const props: ReplyEditorProps = {
    accountId,
    inboxId: conversation.inbox_id,
    conversationId: conversation.id,
    channelType: inbox?.channel_type ?? conversation.meta.channel,
    variables: {
      'contact.name': sender.name,
      'contact.email': sender.email ?? '',
      'contact.phone': sender.phone_number ?? '',
      'contact.id': String(sender.id),
      'agent.name': user.available_name,
      'agent.email': user.email,
      'conversation.id': String(conversation.id),
      'inbox.name': inbox?.name ?? '',
    },
    mode,
    onModeChange: setMode,
    onSend: send,
    onTyping,
    // A conversation whose channel cannot take a reply now still takes private notes.
    disabled: !conversation.can_reply && mode === 'reply',
  };
  return (
    <div className="cw-reply">
      {!conversation.can_reply && mode === 'reply' ? <p className="cw-reply__notice">{t('CONVERSATION.REPLY.CANNOT_REPLY')}</p> : null}
      <EditorBoundary>
        <Suspense fallback={<div className="cw-reply__placeholder" role="status" aria-label={t('CONVERSATION.LOADING')} />}>
          <ReplyEditor {...props} />
        </Suspense>
      </EditorBoundary>
    </div>
  );
}

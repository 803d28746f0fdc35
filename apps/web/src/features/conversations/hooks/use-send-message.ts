import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@app/shared/users';
import { messageTypeNumber } from '@app/shared/messages-constants';
import { api, ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { conversationBase, postMessage } from '../api.ts';
import type { OutgoingDraft } from '../editor/index.ts';
import { applyEvent } from '../realtime.ts';
import { patchMessage, upsertMessage, type ViewMessage } from '../utils/messages-cache.ts';
import { useCacheContext } from './use-cache-context.ts';

const errorText = (error: unknown) => (error instanceof ApiError && error.status !== 0 ? error.message : t('CONVERSATION.SEND_NETWORK_ERROR'));

/** The optimistic copy of a draft: status progress (001 section 4) until the server's answer replaces it. */
export function optimisticMessage(draft: OutgoingDraft, ids: { accountId: number; inboxId: number; conversationId: number }, user: CurrentUser): ViewMessage {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: -Date.now() - Math.floor(Math.random() * 1000),
    content: draft.content,
    account_id: ids.accountId,
    inbox_id: ids.inboxId,
    conversation_id: ids.conversationId,
    message_type: messageTypeNumber('outgoing'),
    content_type: 'text',
    content_attributes: {},
    status: 'progress',
    private: draft.private,
    source_id: null,
    echo_id: draft.echoId,
    sender_type: 'User',
    sender_id: user.id,
    sender: { id: user.id, name: user.available_name, type: 'user', thumbnail: user.thumbnail, available_name: user.available_name },
    external_source_ids: {},
    additional_attributes: {},
    attachments: [],
    localFiles: draft.files.map((file) => ({ name: file.name, type: file.type, size: file.size, url: URL.createObjectURL(file) })),
    created_at: now,
    updated_at: now,
  };
}

/**
 * Sending and retrying. A draft shows at once as an optimistic message keyed by its echo_id; the POST's
 * answer or the message.created event (whichever is first) replaces it. A send that fails stays with its
 * error and a retry: resent with the same echo_id (the API answers the first message if it did arrive).
 * A message the server marked failed with an external error is retried through POST …/retry (001 section 4).
 */
export function useSendMessage(ids: { accountId: number; inboxId: number; conversationId: number }, user: CurrentUser) {
  const client = useQueryClient();
  const ctx = useCacheContext();
  const pending = useRef(new Map<string, OutgoingDraft>());
  const { accountId, inboxId, conversationId } = ids;

  const deliver = useCallback(
    (draft: OutgoingDraft) => {
      postMessage(accountId, conversationId, { content: draft.content, private: draft.private, echo_id: draft.echoId }, draft.files)
        .then((message) => {
          pending.current.delete(draft.echoId);
          applyEvent(client, { event: 'message.created', data: message }, ctx);
        })
        .catch((error: unknown) => {
          patchMessage(client, accountId, conversationId, { id: 0, echo_id: draft.echoId }, (m) => ({ ...m, status: 'failed', localError: errorText(error) }));
        });
    },
    [client, ctx, accountId, conversationId],
  );

  const send = useCallback(
    (draft: OutgoingDraft) => {
      pending.current.set(draft.echoId, draft);
      upsertMessage(client, accountId, optimisticMessage(draft, { accountId, inboxId, conversationId }, user));
      deliver(draft);
    },
    [client, accountId, inboxId, conversationId, user, deliver],
  );

  const retry = useCallback(
    (message: ViewMessage) => {
      const draft = message.echo_id ? pending.current.get(message.echo_id) : undefined;
      if (message.id < 0 && draft) {
        patchMessage(client, accountId, conversationId, message, (m) => ({ ...m, status: 'progress', localError: undefined }));
        deliver(draft);
        return;
      }
      patchMessage(client, accountId, conversationId, message, (m) => ({ ...m, status: 'progress' }));
      api(`${conversationBase(accountId, conversationId)}/messages/${message.id}/retry`, { method: 'POST', schema: () => import('@app/shared/messages').then((m) => m.MessageSchema) })
        .then((answer) => upsertMessage(client, accountId, answer))
        .catch((error: unknown) => patchMessage(client, accountId, conversationId, message, (m) => ({ ...m, status: 'failed', localError: errorText(error) })));
    },
    [client, accountId, conversationId, deliver],
  );

  return { send, retry };
}

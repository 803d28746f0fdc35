import type { z } from 'zod';
import type { ParticipantsBodySchema } from '@app/shared/conversations';
import { invalid } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { accountMemberIds, listAgentsByIds } from '../agents/service.ts';
import { addParticipants, participantIds, removeParticipants } from './queries.ts';
import { loadConversation } from './access.ts';

type Input = z.infer<typeof ParticipantsBodySchema>;

export async function listParticipants(ctx: AccountCtx, displayId: number) {
  const row = await loadConversation(ctx, displayId);
  return listAgentsByIds(ctx, await participantIds(ctx.db, row.id));
}

/** POST adds, PATCH replaces the set, DELETE removes; every id must be a member of the account. */
export async function changeParticipants(ctx: AccountCtx, displayId: number, mode: 'add' | 'replace' | 'remove', input: Input) {
  const conversation = await ctx.db.transaction(async (tx) => {
    const row = await loadConversation(ctx, displayId, { tx, lock: true });
    if (mode !== 'remove') {
      const known = new Set(await accountMemberIds(tx, ctx.accountId, input.user_ids));
      if (input.user_ids.some((id) => !known.has(id))) throw invalid('user_ids', 'must all be members of this account');
    }
    const current = await participantIds(tx, row.id);
    if (mode === 'remove') await removeParticipants(tx, row.id, input.user_ids);
    else await addParticipants(tx, ctx.accountId, row.id, input.user_ids.filter((id) => !current.includes(id)));
    if (mode === 'replace') await removeParticipants(tx, row.id, current.filter((id) => !input.user_ids.includes(id)));
    return { id: row.id, inboxId: row.inboxId };
  });
  const userIds = await participantIds(ctx.db, conversation.id);
  // for the realtime hub only: members restricted to their participating conversations see them from now on
  ctx.bus.publish({ name: 'conversation.participants_changed', accountId: ctx.accountId, inboxId: conversation.inboxId, data: { conversation_id: displayId, user_ids: userIds } });
  return listAgentsByIds(ctx, userIds);
}

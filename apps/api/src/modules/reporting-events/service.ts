import type { z } from 'zod';
import type { ReportingEventBodySchema } from '@app/shared/payments';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx, UserCtx } from '../../lib/context.ts';
import { requireMembership } from '../../lib/membership.ts';
import { checkVisibleInboxes } from '../inbox-members/service.ts';
import { findInboxAccountId, findInboxConversationId } from './queries.ts';
import { recordReportingEvent } from './record.ts';
import { serializeReportingEvent } from './serializers.ts';

type CreateInput = z.infer<typeof ReportingEventBodySchema>;

/**
 * The caller acting in the inbox's account: a member of it who sees the inbox. Anything else is a 404,
 * exactly like an inbox that does not exist, so other accounts' inbox ids are not confirmed.
 */
async function inboxAccountCtx(ctx: UserCtx, inboxId: number): Promise<AccountCtx> {
  const accountId = await findInboxAccountId(ctx.db, inboxId);
  if (accountId === null) throw notFound();
  // a suspended account takes no events, not even from a SuperAdmin (whose way in is for administration)
  const { role, customRoleId, permissions } = await requireMembership(ctx.db, accountId, { id: ctx.actor.id, type: null });
  const accountCtx: AccountCtx = { ...ctx, accountId, membership: { role, customRoleId, permissions } };
  await checkVisibleInboxes(accountCtx, ctx.db, [inboxId]);
  return accountCtx;
}

/** Stores an event an integration or the dashboard reports (001 section 7): name = type, data = actions and agent name. */
export async function createReportingEvent(ctx: UserCtx, input: CreateInput) {
  const accountCtx = await inboxAccountCtx(ctx, input.inbox_id);
  const displayId = input.conversation_id ?? null;
  const conversationId = displayId === null ? null : await findInboxConversationId(ctx.db, accountCtx.accountId, input.inbox_id, displayId);
  if (displayId !== null && conversationId === null) throw notFound();
  const row = await recordReportingEvent(ctx.db, {
    accountId: accountCtx.accountId,
    name: input.type,
    inboxId: input.inbox_id,
    conversationId,
    userId: ctx.actor.id,
    data: { actions: input.actions ?? null, agent_name: input.agent_name ?? null },
  });
  return { payload: serializeReportingEvent(row, displayId) };
}

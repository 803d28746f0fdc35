import type { Executor } from '@app/db';
import type { InboxMember, InboxMembersBody } from '@app/shared/inbox-members';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { inboxVisible, memberAccess, visibleInboxList, type MemberAccess } from '../../lib/member-access.ts';
import { bumpCacheKey, publishCacheInvalidated } from '../accounts/service.ts';
import { accountMemberIds, listAgentsByIds } from '../agents/service.ts';
import { recordAudit } from '../audit-logs/service.ts';
import {
  accountInboxIds,
  administratorIds,
  confirmedCommonMemberIds,
  inboxMemberIdsAmong,
  deleteMembers,
  listMemberFlags,
  lockInbox,
  upsertMembers,
  type MemberFlags,
} from './queries.ts';

export { assignConversations, bulkAssign, type AssigneeChange } from './bulk-assignments.ts';

/**
 * The inboxes the caller may see, a view of their access (lib/member-access.ts): null means every inbox of the
 * account (administrators); everyone else (agents, custom roles, checkers) sees only the inboxes they are members of.
 */
export async function visibleInboxIds(ctx: AccountCtx, access?: MemberAccess): Promise<number[] | null> {
  return visibleInboxList(access ?? (await memberAccess(ctx)));
}

/** 404 unless every inbox is one of the account's and visible to the caller. */
export async function checkVisibleInboxes(ctx: AccountCtx, db: Executor, inboxIds: number[], access?: MemberAccess) {
  const wanted = [...new Set(inboxIds)];
  const existing = new Set(await accountInboxIds(db, ctx.accountId, wanted));
  const visible = access ?? (await memberAccess(ctx, db));
  if (wanted.some((id) => !existing.has(id) || !inboxVisible(visible, id))) throw notFound();
  return wanted;
}

/** The inbox's members as agent objects with their inbox flags, by name. */
async function membersOf(ctx: AccountCtx, inboxId: number): Promise<InboxMember[]> {
  const flags = new Map((await listMemberFlags(ctx.db, inboxId)).map((f) => [f.userId, f]));
  const agents = await listAgentsByIds(ctx, [...flags.keys()]);
  return agents.map((agent) => ({ ...agent, team_leader: flags.get(agent.id)!.isLeader, view_data: flags.get(agent.id)!.canViewData }));
}

export async function listInboxMembers(ctx: AccountCtx, inboxId: number) {
  await checkVisibleInboxes(ctx, ctx.db, [inboxId]);
  return { payload: await membersOf(ctx, inboxId) };
}

/** Every listed id must belong to a member of this account; otherwise 422 on that list and nothing is written. */
async function checkAccountMembers(tx: Executor, accountId: number, lists: Record<string, number[]>) {
  const all = [...new Set(Object.values(lists).flat())];
  const known = new Set(await accountMemberIds(tx, accountId, all));
  for (const [field, ids] of Object.entries(lists)) {
    if (ids.some((id) => !known.has(id))) throw invalid(field, 'must all be members of this account');
  }
}

type MemberSet = { user_ids: number[]; team_leader_ids: number[]; view_data_ids: number[] };
const setOf = (rows: MemberFlags[]): MemberSet => ({
  user_ids: rows.map((r) => r.userId),
  team_leader_ids: rows.filter((r) => r.isLeader).map((r) => r.userId),
  view_data_ids: rows.filter((r) => r.canViewData).map((r) => r.userId),
});

/** The rows to write: the union of the three lists, each with the flags its lists give. */
function wantedRows(input: InboxMembersBody): MemberFlags[] {
  const leaders = new Set(input.team_leader_ids);
  const viewers = new Set(input.view_data_ids);
  const ids = [...new Set([...input.user_ids, ...input.team_leader_ids, ...input.view_data_ids])];
  return ids.map((userId) => ({ userId, isLeader: leaders.has(userId), canViewData: viewers.has(userId) }));
}

/**
 * Runs one change of an inbox's members after the inbox (404) and id (422) checks. When the member set or
 * its flags moved, an audit row and the account's inbox cache key follow in the same transaction, and the
 * cache event after the commit.
 */
async function changeMembers(ctx: AccountCtx, inboxId: number, lists: Record<string, number[]>, write: (tx: Executor, before: MemberFlags[]) => Promise<void>) {
  const keys = await ctx.db.transaction(async (tx) => {
    // Only administrators change members, and they see every inbox of the account.
    if (!(await lockInbox(tx, ctx.accountId, inboxId))) throw notFound();
    await checkAccountMembers(tx, ctx.accountId, lists);
    const before = await listMemberFlags(tx, inboxId);
    await write(tx, before);
    const [was, now] = [setOf(before), setOf(await listMemberFlags(tx, inboxId))];
    const changes = Object.fromEntries(
      (Object.keys(now) as (keyof MemberSet)[]).filter((k) => was[k].join() !== now[k].join()).map((k) => [k, [was[k], now[k]]]),
    );
    if (Object.keys(changes).length === 0) return null;
    // AUDITABLE_TYPES has no InboxMember: the row is the inbox's, marked as a member change.
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Inbox', auditableId: inboxId, associatedType: 'InboxMember', changes, meta: ctx.meta });
    return bumpCacheKey(tx, ctx.accountId, 'inbox');
  });
  if (keys) publishCacheInvalidated(ctx, ctx.accountId, keys);
}

const memberLists = (input: InboxMembersBody) => ({ user_ids: input.user_ids, team_leader_ids: input.team_leader_ids, view_data_ids: input.view_data_ids });

/** POST: adds the members and switches on the flags listed; flags already on stay on. */
export async function addInboxMembers(ctx: AccountCtx, input: InboxMembersBody) {
  await changeMembers(ctx, input.inbox_id, memberLists(input), (tx) => upsertMembers(tx, ctx.accountId, input.inbox_id, wantedRows(input), 'merge'));
  return { payload: await membersOf(ctx, input.inbox_id) };
}

/** PATCH: the members become exactly the listed ones, with exactly the listed flags (S1-7.24). */
export async function replaceInboxMembers(ctx: AccountCtx, input: InboxMembersBody) {
  await changeMembers(ctx, input.inbox_id, memberLists(input), async (tx, before) => {
    const rows = wantedRows(input);
    const keep = new Set(rows.map((r) => r.userId));
    await deleteMembers(tx, input.inbox_id, before.map((r) => r.userId).filter((id) => !keep.has(id)));
    await upsertMembers(tx, ctx.accountId, input.inbox_id, rows, 'overwrite');
  });
  return { payload: await membersOf(ctx, input.inbox_id) };
}

export async function removeInboxMembers(ctx: AccountCtx, input: { inbox_id: number; user_ids: number[] }) {
  await changeMembers(ctx, input.inbox_id, { user_ids: input.user_ids }, (tx) => deleteMembers(tx, input.inbox_id, input.user_ids));
}

/**
 * Who may be assigned a conversation of the inbox, as in Chatwoot: its members and the account's
 * administrators (who see every inbox). Of `userIds`, the ones that qualify; the one definition that
 * conversation assignment and creation check against.
 */
export async function assignableAmong(db: Executor, accountId: number, inboxId: number, userIds: number[]): Promise<number[]> {
  const [members, admins] = await Promise.all([inboxMemberIdsAmong(db, inboxId, userIds), administratorIds(db, accountId, userIds)]);
  return [...new Set([...members, ...admins])];
}

/**
 * Confirmed agents assignable in every given inbox: the members of them all plus the confirmed
 * administrators; the caller must see each inbox (else 404).
 */
export async function listAssignableAgents(ctx: AccountCtx, inboxIds: number[]) {
  const wanted = await checkVisibleInboxes(ctx, ctx.db, inboxIds);
  if (wanted.length === 0) return { payload: [] };
  const [members, admins] = await Promise.all([confirmedCommonMemberIds(ctx.db, ctx.accountId, wanted), administratorIds(ctx.db, ctx.accountId, null, true)]);
  const agents = await listAgentsByIds(ctx, [...new Set([...members, ...admins])]);
  return { payload: agents };
}

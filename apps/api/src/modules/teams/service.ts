import type { z } from 'zod';
import type { CreateTeamBodySchema, TeamMembersBodySchema, UpdateTeamBodySchema } from '@app/shared/teams';
import type { Executor } from '@app/db';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { bumpCacheKey, publishCacheInvalidated } from '../accounts/service.ts';
import { accountMemberIds, listAgentsByIds } from '../agents/service.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import {
  addMembers,
  deleteTeamRow,
  findTeamRow,
  insertTeam,
  isTeamMember,
  listTeamRows,
  memberIds,
  removeMembers,
  teamNameTaken,
  updateTeamRow,
  type TeamRow,
} from './queries.ts';
import { serializeTeam } from './serializers.ts';

type CreateInput = z.infer<typeof CreateTeamBodySchema>;
type UpdateInput = z.infer<typeof UpdateTeamBodySchema>;
type MembersInput = z.infer<typeof TeamMembersBodySchema>;

async function loadTeam(db: Executor, accountId: number, id: number): Promise<TeamRow> {
  const row = await findTeamRow(db, accountId, id);
  if (!row) throw notFound();
  return row;
}

export async function listTeams(ctx: AccountCtx) {
  return (await listTeamRows(ctx.db, ctx.accountId, ctx.actor.id)).map(({ team, isMember }) => serializeTeam(team, isMember));
}

export async function getTeam(ctx: AccountCtx, id: number) {
  const team = await loadTeam(ctx.db, ctx.accountId, id);
  return serializeTeam(team, await isTeamMember(ctx.db, id, ctx.actor.id));
}

/** Runs a change to the team list: the team cache key moves in the same transaction, the event follows the commit. */
async function changeTeams<T>(ctx: AccountCtx, work: (tx: Executor) => Promise<T>): Promise<T> {
  const { result, keys } = await ctx.db.transaction(async (tx) => {
    const result = await work(tx);
    return { result, keys: await bumpCacheKey(tx, ctx.accountId, 'team') };
  });
  publishCacheInvalidated(ctx, ctx.accountId, keys);
  return result;
}

export async function createTeam(ctx: AccountCtx, input: CreateInput) {
  const row = await changeTeams(ctx, async (tx) => {
    if (await teamNameTaken(tx, ctx.accountId, input.name)) throw invalid('name', 'has already been taken');
    const row = await insertTeam(tx, { accountId: ctx.accountId, name: input.name, description: input.description ?? null, allowAutoAssign: input.allow_auto_assign ?? true });
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'Team', auditableId: row.id, changes: { name: [null, row.name] }, meta: ctx.meta });
    return row;
  });
  return serializeTeam(row, false);
}

export async function updateTeam(ctx: AccountCtx, id: number, input: UpdateInput) {
  const row = await changeTeams(ctx, async (tx) => {
    const before = await loadTeam(tx, ctx.accountId, id);
    if (input.name !== undefined && (await teamNameTaken(tx, ctx.accountId, input.name, id))) throw invalid('name', 'has already been taken');
    const values = { name: input.name, description: input.description, allowAutoAssign: input.allow_auto_assign };
    const row = await updateTeamRow(tx, ctx.accountId, id, values);
    if (!row) throw notFound();
    const changes = changesBetween(before as unknown as Record<string, unknown>, values);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Team', auditableId: id, changes, meta: ctx.meta });
    }
    return row;
  });
  return serializeTeam(row, await isTeamMember(ctx.db, id, ctx.actor.id));
}

export async function deleteTeam(ctx: AccountCtx, id: number) {
  await changeTeams(ctx, async (tx) => {
    const before = await loadTeam(tx, ctx.accountId, id);
    await deleteTeamRow(tx, ctx.accountId, id);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'Team', auditableId: id, changes: { name: [before.name, null] }, meta: ctx.meta });
  });
}

export async function listTeamMembers(ctx: AccountCtx, teamId: number) {
  await loadTeam(ctx.db, ctx.accountId, teamId);
  return listAgentsByIds(ctx, await memberIds(ctx.db, teamId));
}

/** Every id must belong to a member of this account; otherwise 422 and nothing is written. */
async function checkMembers(tx: Executor, accountId: number, userIds: number[]) {
  const known = new Set(await accountMemberIds(tx, accountId, userIds));
  if (userIds.some((id) => !known.has(id))) throw invalid('user_ids', 'must all be members of this account');
}

/** POST adds, PATCH replaces the set, DELETE removes (Chatwoot's set semantics). */
export async function changeTeamMembers(ctx: AccountCtx, teamId: number, mode: 'add' | 'replace' | 'remove', input: MembersInput) {
  const changed = await ctx.db.transaction(async (tx) => {
    await loadTeam(tx, ctx.accountId, teamId);
    if (mode !== 'remove') await checkMembers(tx, ctx.accountId, input.user_ids);
    const current = await memberIds(tx, teamId);
    const toAdd = mode === 'remove' ? [] : input.user_ids.filter((id) => !current.includes(id));
    const toRemove = mode === 'add' ? [] : mode === 'remove' ? input.user_ids : current.filter((id) => !input.user_ids.includes(id));
    await addMembers(tx, teamId, toAdd);
    await removeMembers(tx, teamId, toRemove);
    return { added: toAdd };
  });
  if (mode === 'add') return listAgentsByIds(ctx, changed.added);
  return listTeamMembers(ctx, teamId);
}

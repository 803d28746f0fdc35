import type { z } from 'zod';
import type { BulkCreateAgentsBodySchema, CreateAgentBodySchema, UpdateAgentBodySchema } from '@app/shared/agents';
import type { AccountRole } from '@app/shared/constants';
import { INVITATION_LIFETIME_SECONDS } from '@app/shared/constants';
import type { Executor } from '@app/db';
import { invalid, notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import type { Mail } from '../../lib/mailer.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { addedToAccountMail, invitationMail } from '../auth/mails.ts';
import { issueOneTimeToken } from '../auth/tokens.ts';
import { announceAccessChanged, bumpCacheKey, findAccountName, insertMembership, publishCacheInvalidated } from '../accounts/service.ts';
import { customRoleExists } from '../custom-roles/service.ts';
import { findUserByEmail, insertUser } from '../users/service.ts';
import { accountMemberIdRows, countAdministrators, deleteInboxMemberships, releaseMemberWork, deleteMembership, findAgentRow, listAgentRows, agentRowsByIds, renameUser, updateMembership, type AgentRow } from './queries.ts';
import { serializeAgent } from './serializers.ts';

type CreateInput = z.infer<typeof CreateAgentBodySchema>;
type UpdateInput = z.infer<typeof UpdateAgentBodySchema>;
type BulkInput = z.infer<typeof BulkCreateAgentsBodySchema>;

const serialize = (ctx: AccountCtx) => (row: AgentRow) => serializeAgent(row, ctx.storage.url);

export async function listAgents(ctx: AccountCtx, role?: AccountRole) {
  return (await listAgentRows(ctx.db, ctx.accountId, { role })).map(serialize(ctx));
}

/** The account's members among these user ids (team and inbox members), by name; other ids are skipped. */
export async function listAgentsByIds(ctx: Pick<AccountCtx, 'db' | 'accountId' | 'storage'>, userIds: number[]) {
  if (userIds.length === 0) return [];
  return (await agentRowsByIds(ctx.db, ctx.accountId, userIds)).map((row) => serializeAgent(row, ctx.storage.url));
}

/** Of these user ids, the ones that are members of the account (team, inbox and participant lists check with it). */
export function accountMemberIds(db: Executor, accountId: number, userIds: number[]): Promise<number[]> {
  return accountMemberIdRows(db, accountId, userIds);
}

/** Leaders are the members who lead at least one inbox of the account (team_leader_ids of inbox members). */
export async function listLeaders(ctx: AccountCtx) {
  return (await listAgentRows(ctx.db, ctx.accountId, { leaders: true })).map(serialize(ctx));
}
export const listCheckers = (ctx: AccountCtx) => listAgents(ctx, 'checker');

async function loadAgent(db: Executor, accountId: number, userId: number): Promise<AgentRow> {
  const row = await findAgentRow(db, accountId, userId);
  if (!row) throw notFound();
  return row;
}

async function checkCustomRole(db: Executor, accountId: number, id: number | null | undefined) {
  if (id && !(await customRoleExists(db, accountId, id))) throw invalid('custom_role_id', 'is not a role of this account');
}

type Invite = { name: string; email: string; role: AccountRole; customRoleId?: number | null; availability?: AgentRow['availability']; autoOffline?: boolean };

/**
 * Adds one member inside the caller's transaction and answers the mail to send after commit: a new email
 * gets a passwordless, unconfirmed user and an invitation link; a known user is simply added.
 */
async function addMember(ctx: AccountCtx, tx: Executor, invite: Invite, accountName: string): Promise<{ userId: number; mail: Mail }> {
  const signIn = `${ctx.config.frontendUrl}/app/login`;
  let user = await findUserByEmail(tx, invite.email);
  let mail: Mail;
  if (user) {
    if (await findAgentRow(tx, ctx.accountId, user.id)) throw invalid('email', 'has already been taken');
    mail = addedToAccountMail(user, ctx.actor.name, accountName, signIn);
  } else {
    user = await insertUser(tx, ctx.config.secretKeyBase, { name: invite.name, email: invite.email, passwordHash: null, confirmed: false });
    const token = await issueOneTimeToken(tx, user.id, 'invitation', INVITATION_LIFETIME_SECONDS);
    const link = `${ctx.config.frontendUrl}/app/auth/password/edit?reset_password_token=${encodeURIComponent(token)}`;
    mail = invitationMail(user, ctx.actor.name, accountName, link);
  }
  await insertMembership(tx, { accountId: ctx.accountId, userId: user.id, role: invite.role, inviterId: ctx.actor.id, customRoleId: invite.customRoleId ?? null });
  if (invite.availability || invite.autoOffline !== undefined) {
    await updateMembership(tx, ctx.accountId, user.id, { availability: invite.availability, autoOffline: invite.autoOffline });
  }
  await recordAudit(tx, {
    accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'AccountUser', auditableId: user.id,
    associatedType: 'User', associatedId: user.id, changes: { email: [null, user.email], role: [null, invite.role] }, meta: ctx.meta,
  });
  return { userId: user.id, mail };
}

async function sendAll(ctx: AccountCtx, mails: Mail[]) {
  for (const mail of mails) {
    // The member is added either way; a failed mail is logged and can be sent again with a password reset.
    await ctx.mailer.send(mail).catch((err: unknown) => ctx.log.error({ err, to: mail.to }, 'invitation mail failed'));
  }
}

export async function createAgent(ctx: AccountCtx, input: CreateInput) {
  const accountName = await findAccountName(ctx.db, ctx.accountId);
  const { userId, mail } = await ctx.db.transaction(async (tx) => {
    await checkCustomRole(tx, ctx.accountId, input.custom_role_id);
    return addMember(ctx, tx, {
      name: input.name,
      email: input.email,
      role: input.role,
      customRoleId: input.custom_role_id,
      availability: input.availability_status,
      autoOffline: input.auto_offline,
    }, accountName);
  });
  await sendAll(ctx, [mail]);
  return serialize(ctx)(await loadAgent(ctx.db, ctx.accountId, userId));
}

/** Invites every new email as an agent; emails already in the account are skipped. All or nothing. */
export async function bulkCreateAgents(ctx: AccountCtx, input: BulkInput) {
  const accountName = await findAccountName(ctx.db, ctx.accountId);
  const emails = [...new Set(input.emails)];
  const added = await ctx.db.transaction(async (tx) => {
    const results: { userId: number; mail: Mail }[] = [];
    for (const email of emails) {
      const existing = await findUserByEmail(tx, email);
      if (existing && (await findAgentRow(tx, ctx.accountId, existing.id))) continue;
      results.push(await addMember(ctx, tx, { name: email.split('@')[0]!, email, role: 'agent' }, accountName));
    }
    return results;
  });
  await sendAll(ctx, added.map((a) => a.mail));
  return listAgentsByIds(ctx, added.map((a) => a.userId));
}

const LAST_ADMIN = 'must leave at least one administrator in the account';
const LAST_VERIFIED_ADMIN = 'must leave at least one verified administrator in the account';

/**
 * An administrator may stop being one (demoted or removed) only if another stays; a verified one only if
 * another verified one stays, so the account never ends with nobody but invitees who may never accept.
 */
async function checkAdministratorLeaves(tx: Executor, accountId: number, leaving: AgentRow) {
  const admins = await countAdministrators(tx, accountId);
  if (admins.total <= 1) throw invalid('role', LAST_ADMIN);
  if (leaving.confirmedAt !== null && admins.confirmed <= 1) throw invalid('role', LAST_VERIFIED_ADMIN);
}

export async function updateAgent(ctx: AccountCtx, userId: number, input: UpdateInput) {
  const accessChanged = await ctx.db.transaction(async (tx) => {
    const before = await loadAgent(tx, ctx.accountId, userId);
    await checkCustomRole(tx, ctx.accountId, input.custom_role_id);
    if (before.role === 'administrator' && input.role && input.role !== 'administrator') await checkAdministratorLeaves(tx, ctx.accountId, before);
    const values = {
      role: input.role,
      availability: input.availability ?? input.availability_status,
      autoOffline: input.auto_offline,
      customRoleId: input.custom_role_id,
    };
    await updateMembership(tx, ctx.accountId, userId, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
    if (input.name !== undefined) await renameUser(tx, userId, input.name);
    const changes = changesBetween(before as unknown as Record<string, unknown>, { ...values, name: input.name });
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'AccountUser', auditableId: userId, associatedType: 'User', associatedId: userId, changes, meta: ctx.meta });
    }
    return 'role' in changes || 'custom_role_id' in changes;
  });
  if (accessChanged) await announceAccessChanged(ctx);
  return serialize(ctx)(await loadAgent(ctx.db, ctx.accountId, userId));
}

/** Removes the member from the account and its inboxes; the user and their other accounts stay. */
export async function removeAgent(ctx: AccountCtx, userId: number) {
  const keys = await ctx.db.transaction(async (tx) => {
    const before = await loadAgent(tx, ctx.accountId, userId);
    if (before.role === 'administrator') await checkAdministratorLeaves(tx, ctx.accountId, before);
    const leftInboxes = await deleteInboxMemberships(tx, ctx.accountId, userId);
    await releaseMemberWork(tx, ctx.accountId, userId);
    await deleteMembership(tx, ctx.accountId, userId);
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'AccountUser', auditableId: userId, associatedType: 'User', associatedId: userId, changes: { email: [before.email, null], role: [before.role, null] }, meta: ctx.meta });
    // Inbox member lists changed: the inbox cache key moves as for any inbox member change.
    return leftInboxes > 0 ? bumpCacheKey(tx, ctx.accountId, 'inbox') : null;
  });
  if (keys) publishCacheInvalidated(ctx, ctx.accountId, keys);
}

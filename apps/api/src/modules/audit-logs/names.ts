import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

type Row = typeof schema.auditLogs.$inferSelect;

/** What the list shows beside each row: the actor's name and the audited record's current name. */
export type AuditNames = { users: Map<number, string>; auditables: Map<string, string> };

export const auditableKey = (type: string, id: number) => `${type}:${id}`;

/** The ids of one auditable type among the rows. */
const idsOf = (rows: Row[], types: readonly string[]) => [
  ...new Set(rows.filter((r) => types.includes(r.auditableType) && r.auditableId !== null).map((r) => r.auditableId!)),
];

/**
 * The names of a page of audit rows in one query per table (at most 15 rows a page): users by id; inboxes,
 * teams, custom roles, agent bots and webhooks of the account by id; the account itself. A record deleted
 * since has no name here: the web falls back to the name its destroy row recorded.
 */
export async function auditNames(db: Executor, accountId: number, rows: Row[]): Promise<AuditNames> {
  const { users, inboxes, teams, customRoles, agentBots, webhooks, accounts } = schema;
  const userIds = [...new Set([...rows.map((r) => r.userId), ...idsOf(rows, ['User', 'AccountUser'])].filter((id): id is number => id !== null))];
  const named = async (type: string, found: Promise<{ id: number; name: string | null }[]>) =>
    (await found).flatMap((row) => (row.name ? [[auditableKey(type, row.id), row.name] as const] : []));
  const ofAccount = (ids: number[], query: (ids: number[]) => Promise<{ id: number; name: string | null }[]>) =>
    ids.length === 0 ? Promise.resolve([]) : query(ids);
  const [userRows, ...auditables] = await Promise.all([
    userIds.length === 0 ? Promise.resolve([]) : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)),
    named('Inbox', ofAccount(idsOf(rows, ['Inbox']), (ids) => db.select({ id: inboxes.id, name: inboxes.name }).from(inboxes).where(and(eq(inboxes.accountId, accountId), inArray(inboxes.id, ids))))),
    named('Team', ofAccount(idsOf(rows, ['Team']), (ids) => db.select({ id: teams.id, name: teams.name }).from(teams).where(and(eq(teams.accountId, accountId), inArray(teams.id, ids))))),
    named(
      'CustomRole',
      ofAccount(idsOf(rows, ['CustomRole']), (ids) => db.select({ id: customRoles.id, name: customRoles.name }).from(customRoles).where(and(eq(customRoles.accountId, accountId), inArray(customRoles.id, ids)))),
    ),
    named(
      'AgentBot',
      ofAccount(idsOf(rows, ['AgentBot']), (ids) => db.select({ id: agentBots.id, name: agentBots.name }).from(agentBots).where(and(eq(agentBots.accountId, accountId), inArray(agentBots.id, ids)))),
    ),
    named('Webhook', ofAccount(idsOf(rows, ['Webhook']), (ids) => db.select({ id: webhooks.id, name: webhooks.url }).from(webhooks).where(and(eq(webhooks.accountId, accountId), inArray(webhooks.id, ids))))),
    named(
      'Account',
      idsOf(rows, ['Account']).includes(accountId) ? db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)) : Promise.resolve([]),
    ),
  ]);
  const userNames = new Map(userRows.map((u) => [u.id, u.name] as const));
  const auditableNames = new Map(auditables.flat());
  for (const id of idsOf(rows, ['User'])) if (userNames.has(id)) auditableNames.set(auditableKey('User', id), userNames.get(id)!);
  for (const id of idsOf(rows, ['AccountUser'])) if (userNames.has(id)) auditableNames.set(auditableKey('AccountUser', id), userNames.get(id)!);
  return { users: userNames, auditables: auditableNames };
}

import { and, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { accounts, accountUsers } = schema;
export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Executor, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function insertAccount(db: Executor, values: { name: string; locale?: string | undefined }): Promise<AccountRow> {
  const [row] = await db
    .insert(accounts)
    .values({ name: values.name, locale: values.locale ?? 'en' })
    .returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

export async function updateAccountRow(db: Executor, id: number, values: Partial<typeof accounts.$inferInsert>) {
  const [row] = await db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
  return row ?? null;
}

/** Whether the user already belongs to an account of this name (case-insensitive). */
export async function memberOfAccountNamed(db: Executor, userId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, userId), sql`lower(${accounts.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return Boolean(row);
}

export async function insertMembership(
  db: Executor,
  values: { accountId: number; userId: number; role: 'administrator' | 'agent' | 'checker'; inviterId?: number | null; active?: boolean; customRoleId?: number | null },
) {
  const [row] = await db
    .insert(accountUsers)
    .values({
      accountId: values.accountId,
      userId: values.userId,
      role: values.role,
      inviterId: values.inviterId ?? null,
      customRoleId: values.customRoleId ?? null,
      activeAt: values.active ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('membership insert returned nothing');
  return row;
}

export type CacheKeyName = 'label' | 'inbox' | 'team';

/** Sets one cache key to now (epoch ms, always moving forward) and answers all three. */
export async function bumpCacheKeyRow(db: Executor, accountId: number, key: CacheKeyName) {
  const [row] = await db
    .select({ cacheKeys: accounts.cacheKeys, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    // NO KEY UPDATE, not UPDATE: the caller's transaction usually inserted a row referencing the account just
    // before (a label, a team), which holds KEY SHARE on it; FOR UPDATE conflicts with another transaction's KEY
    // SHARE, so two such creates at once deadlocked (one answered 500). NO KEY UPDATE only queues them.
    .for('no key update');
  if (!row) return null;
  const created = row.createdAt.getTime();
  const base = row.cacheKeys ?? { label: created, inbox: created, team: created };
  const keys = { ...base, [key]: Math.max(Date.now(), base[key] + 1) };
  await db.update(accounts).set({ cacheKeys: keys }).where(eq(accounts.id, accountId));
  return keys;
}

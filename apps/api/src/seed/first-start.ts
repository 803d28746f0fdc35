import { count, sql } from 'drizzle-orm';
import { schema, type Db } from '@app/db';
import { randomToken } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Config } from '../plugins/config.ts';
import { insertAccount, insertMembership } from '../modules/accounts/service.ts';
import { insertUser } from '../modules/users/service.ts';

// Same role as the migration lock: several processes starting together seed exactly once.
const SEED_LOCK_KEY = 72_635_482;

export type SeedResult = { accountId: number; email: string; password: string; generated: boolean };

/** On an empty installation: one account and its administrator. Answers null when users already exist. */
export async function seedFirstStart(db: Db, config: Config): Promise<SeedResult | null> {
  const generated = !config.seed.adminPassword;
  const password = config.seed.adminPassword ?? `${randomToken(9)}-${randomToken(3)}`;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [users] = await tx.select({ value: count() }).from(schema.users);
    if ((users?.value ?? 0) > 0) return null;
    const account = await insertAccount(tx, { name: config.seed.accountName });
    const user = await insertUser(tx, config.secretKeyBase, {
      name: config.seed.adminName,
      email: config.seed.adminEmail,
      passwordHash,
      confirmed: true,
    });
    await insertMembership(tx, { accountId: account.id, userId: user.id, role: 'administrator', active: true });
    return { accountId: account.id, email: user.email, password, generated };
  });
}

import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@app/db';
import type { AccountRole, Availability, CustomRolePermission } from '@app/shared/constants';
import { hashPassword } from '../lib/passwords.ts';
import type { Config } from '../plugins/config.ts';
import { insertAccount, insertMembership } from '../modules/accounts/service.ts';
import { findUserByEmail, insertUser } from '../modules/users/service.ts';

type DemoMember = { name: string; email: string; role: AccountRole; availability: Availability; customRole?: string };
type DemoAccount = {
  name: string;
  locale: string;
  customRoles: { name: string; description: string; permissions: CustomRolePermission[] }[];
  members: DemoMember[];
};

/** A realistic data set to try the product with; every demo user signs in with DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'demo-password';

const ACCOUNTS: DemoAccount[] = [
  {
    name: 'Northwind Support',
    locale: 'en',
    customRoles: [
      { name: 'Knowledge editor', description: 'Writes and publishes help-center articles', permissions: ['knowledge_base_manage'] },
      { name: 'Contact steward', description: 'Keeps the contact book clean', permissions: ['contact_manage', 'conversation_participating_manage'] },
    ],
    members: [
      { name: 'Maya Patel', email: 'maya@northwind.example', role: 'administrator', availability: 'online' },
      { name: 'Daniel Okafor', email: 'daniel@northwind.example', role: 'agent', availability: 'online' },
      { name: 'Sofia Lindqvist', email: 'sofia@northwind.example', role: 'agent', availability: 'busy' },
      { name: 'Kenji Watanabe', email: 'kenji@northwind.example', role: 'agent', availability: 'offline' },
      { name: 'Amara Nwosu', email: 'amara@northwind.example', role: 'agent', availability: 'online', customRole: 'Knowledge editor' },
      { name: 'Lucas Moreau', email: 'lucas@northwind.example', role: 'agent', availability: 'online', customRole: 'Contact steward' },
      { name: 'Priya Raman', email: 'priya@northwind.example', role: 'checker', availability: 'online' },
    ],
  },
  {
    name: 'Globex Payments',
    locale: 'en',
    customRoles: [{ name: 'Report reader', description: 'Reads every report', permissions: ['report_manage'] }],
    members: [
      { name: 'Maya Patel', email: 'maya@northwind.example', role: 'administrator', availability: 'online' },
      { name: 'Omar Haddad', email: 'omar@globex.example', role: 'agent', availability: 'online' },
      { name: 'Elena Petrova', email: 'elena@globex.example', role: 'checker', availability: 'busy' },
      { name: 'Tomás Ruiz', email: 'tomas@globex.example', role: 'agent', availability: 'offline', customRole: 'Report reader' },
    ],
  },
];

/** Loads the demo accounts; running it again changes nothing. */
export async function seedDemo(db: Db, config: Config): Promise<{ accounts: string[]; users: string[] }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users = new Set<string>();
  await db.transaction(async (tx) => {
    for (const demo of ACCOUNTS) {
      const [existing] = await tx.select().from(schema.accounts).where(eq(schema.accounts.name, demo.name)).limit(1);
      const account = existing ?? (await insertAccount(tx, { name: demo.name, locale: demo.locale }));
      const roleIds = new Map<string, number>();
      for (const role of demo.customRoles) {
        const [row] = await tx
          .insert(schema.customRoles)
          .values({ accountId: account.id, ...role })
          .onConflictDoNothing()
          .returning();
        const found =
          row ??
          (await tx
            .select()
            .from(schema.customRoles)
            .where(and(eq(schema.customRoles.accountId, account.id), sql`lower(${schema.customRoles.name}) = ${role.name.toLowerCase()}`))
            .then((r) => r[0]));
        if (found) roleIds.set(role.name, found.id);
      }
      for (const member of demo.members) {
        const user =
          (await findUserByEmail(tx, member.email)) ??
          (await insertUser(tx, config.secretKeyBase, { name: member.name, email: member.email, passwordHash, confirmed: true }));
        users.add(user.email);
        const [membership] = await tx
          .select()
          .from(schema.accountUsers)
          .where(and(eq(schema.accountUsers.accountId, account.id), eq(schema.accountUsers.userId, user.id)));
        if (membership) continue;
        const row = await insertMembership(tx, {
          accountId: account.id,
          userId: user.id,
          role: member.role,
          customRoleId: member.customRole ? (roleIds.get(member.customRole) ?? null) : null,
          active: true,
        });
        await tx.update(schema.accountUsers).set({ availability: member.availability }).where(eq(schema.accountUsers.id, row.id));
      }
    }
  });
  return { accounts: ACCOUNTS.map((a) => a.name), users: [...users] };
}

import { and, eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@app/db';
import type { AccountRole, Availability, CustomRolePermission } from '@app/shared/constants';
import { hashPassword } from '../lib/passwords.ts';
import type { Services } from '../lib/context.ts';
import { insertAccount, insertMembership } from '../modules/accounts/service.ts';
import { findUserByEmail, insertUser } from '../modules/users/service.ts';
import { DEMO_WORKSPACES } from './demo-content.ts';
import { seedDemoWorkspace } from './demo-workspace.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { rebuildReports } from '../modules/reporting-events/rebuild.ts';

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

export type DemoResult = { accounts: string[]; users: string[]; conversations: number; paymentRecords: number };

/**
 * Loads the demo accounts, their people and a lived-in workspace each (inboxes of several channels,
 * teams, labels, canned responses, custom attributes, contacts and conversations with replies and
 * notes), and withdraw and recharge records in the payments account; running it again changes nothing.
 */
export async function seedDemo(services: Services): Promise<DemoResult> {
  const accountIds = await seedDemoPeople(services.db, services.config.secretKeyBase);
  let conversations = 0;
  const seeded = new Set<number>();
  for (const workspace of DEMO_WORKSPACES) {
    const accountId = accountIds.get(workspace.account);
    if (!accountId) continue;
    const added = (await seedDemoWorkspace(services, accountId, workspace)).conversations;
    conversations += added;
    if (added > 0) seeded.add(accountId);
  }
  const payments = await seedDemoPayments(services);
  // the demo's conversations are inserted directly, not through the relay: their reports come from a rebuild
  // (of the accounts that got new conversations: running the seed again changes nothing)
  for (const accountId of seeded) await rebuildReports(services.db, accountId);
  return { accounts: ACCOUNTS.map((a) => a.name), users: DEMO_USERS, conversations, paymentRecords: payments.records };
}

const DEMO_USERS = [...new Set(ACCOUNTS.flatMap((a) => a.members.map((m) => m.email)))];

/** The demo accounts, custom roles and members; answers the account ids by name. */
async function seedDemoPeople(db: Db, secretKeyBase: string): Promise<Map<string, number>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accountIds = new Map<string, number>();
  await db.transaction(async (tx) => {
    for (const demo of ACCOUNTS) {
      const [existing] = await tx.select().from(schema.accounts).where(eq(schema.accounts.name, demo.name)).limit(1);
      const account = existing ?? (await insertAccount(tx, { name: demo.name, locale: demo.locale }));
      accountIds.set(demo.name, account.id);
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
          (await insertUser(tx, secretKeyBase, { name: member.name, email: member.email, passwordHash, confirmed: true }));
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
          // the first demo account (Northwind, the lived-in one) is where its people land after signing in
          active: demo === ACCOUNTS[0],
        });
        await tx.update(schema.accountUsers).set({ availability: member.availability }).where(eq(schema.accountUsers.id, row.id));
      }
    }
  });
  return accountIds;
}

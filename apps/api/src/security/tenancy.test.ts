import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { schema } from '@app/db';
import { CUSTOM_ROLE_PERMISSIONS, type AccountRole, type CustomRolePermission } from '@app/shared/constants';
import { canAccess, permissionsFor, type RouteName } from '@app/shared/permissions';
import type { RouteEntry } from '../plugins/id-params.ts';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createContact, createConversation, createInbox, createMember, type Member } from '../../test/factories.ts';

/**
 * Tenancy and permissions on every account route (issue 16, security suite), generated from the app's route table
 * so a route is covered the day it lands:
 * - another account's path answers 404 (the account is not even confirmed to exist);
 * - another account's record ids through one's own account never answer 2xx;
 * - each role without the route's permission answers 403;
 * and the other account's rows are unchanged after every write that was refused.
 */

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

let t: TestContext;
/** The account under attack, with one record of most kinds. */
let victim: { accountId: number; admin: Member };
/** The attacker's own account: an administrator and nothing else. */
let attacker: { accountId: number; admin: Member };
let routes: RouteEntry[];

beforeAll(async () => {
  t = await buildTestApp();
  const b = await createAccountWithAdmin(t);
  attacker = { accountId: b.account.id, admin: b.admin };
  await moveIdsApart();
  const a = await createAccountWithAdmin(t);
  victim = { accountId: a.account.id, admin: a.admin };
  await t.db.insert(schema.conversationDisplayIds).values({ accountId: victim.accountId, lastValue: 900_000 });
  await seedVictim();
  routes = t.app.routeTable.filter((r) => r.params.includes('accountId') && r.method !== 'HEAD' && !r.url.includes('*'));
}, 60_000);
afterAll(() => t?.close());

/** A raw statement's rows (both drivers, node-postgres and PGlite, answer `{ rows }`). */
const rowsOf = async <R,>(query: SQL): Promise<R[]> => ((await t.db.execute(query)) as unknown as { rows: R[] }).rows;

/**
 * Every table's ids continue far above anything the attacker's account holds, each table in its own range, so an id
 * of the victim's never names a record of the attacker's by coincidence (which would rightly answer 200).
 */
async function moveIdsApart(): Promise<void> {
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and is_identity = 'YES' order by table_name`,
  );
  let start = 1_000_000;
  for (const { table_name: table, column_name: column } of columns) {
    await t.db.execute(sql`alter table ${sql.identifier(table)} alter column ${sql.identifier(column)} restart with ${sql.raw(String(start))}`);
    start += 10_000;
  }
}

/** One of each record an account route can name, created the way users create them. */
async function seedVictim(): Promise<void> {
  const { accountId, admin } = victim;
  const agent = await createMember(t, accountId, 'agent');
  const inbox = await createInbox(t, accountId, { members: [agent.user.id] });
  const contact = await createContact(t, accountId, { email: 'victim@example.com' });
  const conversation = await createConversation(t, accountId, inbox.id, { contactId: contact.id });
  const refused: string[] = [];
  const post = async (path: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/accounts/${accountId}/${path}`, headers: admin.headers, payload });
    if (res.statusCode >= 300) refused.push(`${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
  };
  for (const make of [
    () => post(`conversations/${conversation.displayId}/messages`, { content: 'victim message' }),
    () => post(`conversations/${conversation.displayId}/messages`, { content: 'victim note', private: true }),
    () => post('labels', { title: 'victim-label' }),
    () => post('teams', { name: 'Victim team' }),
    () => post('canned_responses', { short_code: 'victim', content: 'victim canned' }),
    () => post('custom_attribute_definitions', {
      attribute_display_name: 'Victim attr',
      attribute_key: 'victim_attr',
      attribute_model: 'contact_attribute',
      attribute_display_type: 'text',
    }),
    () => post('custom_filters', { name: 'Victim folder', filter_type: 'conversation', query: { payload: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }] } }),
    () => post(`contacts/${contact.id}/notes`, { content: 'victim note' }),
    () => post('custom_roles', { name: 'Victim role', permissions: ['contact_manage'] }),
  ]) {
    await make();
  }
  expect(refused, 'the victim account is seeded through the API').toEqual([]);
}

type Snapshot = Record<string, string>;

/** A fingerprint of every row of the account, table by table: any write to it changes one. */
async function snapshot(accountId: number): Promise<Snapshot> {
  // The in-process relay stamps outbox rows and writes rollups in the background: let it finish the account's
  // events first, so a digest changes only when a request wrote something (a leaked write is relayed too).
  for (let waited = 0; ; waited += 50) {
    const [pending] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from outbox_events where account_id = ${accountId} and dispatched_at is null`);
    if (pending?.n === 0 || waited > 15_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'account_id' order by table_name`,
  );
  const out: Snapshot = {};
  for (const { table_name: table } of tables) {
    const [row] = await rowsOf<{ digest: string | null }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${sql.identifier(table)} r where r.account_id = ${accountId}`,
    );
    out[table] = row?.digest ?? '';
  }
  return out;
}

/**
 * The integer ids of the account's rows, by table; `agents` holds its members' user ids and `conversations` its
 * conversations' display ids (what the routes take).
 */
async function idsOf(accountId: number): Promise<Map<string, number[]>> {
  const tables = await rowsOf<{ table_name: string }>(
    sql`select c.table_name from information_schema.columns c
        join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
        where c.table_schema = 'public' and c.column_name = 'account_id'`,
  );
  const ids = new Map<string, number[]>();
  for (const { table_name: table } of tables) {
    const rows = await rowsOf<{ id: number }>(sql`select id::int as id from ${sql.identifier(table)} where account_id = ${accountId}`);
    ids.set(table, rows.map((r) => Number(r.id)));
  }
  const members = await rowsOf<{ id: number }>(sql`select user_id::int as id from account_users where account_id = ${accountId}`);
  ids.set('agents', members.map((r) => Number(r.id)));
  const conversations = await rowsOf<{ id: number }>(sql`select display_id::int as id from conversations where account_id = ${accountId}`);
  ids.set('conversations', conversations.map((r) => Number(r.id)));
  return ids;
}

/** Tables whose name differs from the path segment that names their rows. */
const TABLE_OF_SEGMENT: Record<string, string> = { notes: 'contact_notes' };

/**
 * The victim's ids a route's record param may be probed with: the rows of the table its path segment names
 * (`/labels/:id` → labels), or every id of the account when the segment names no table.
 */
function candidatesFor(route: RouteEntry, param: string, ids: Map<string, number[]>): number[] {
  const segment = new RegExp(`/([a-z_]+)/:${param}(?:/|$)`).exec(route.url)?.[1] ?? '';
  const own = ids.get(TABLE_OF_SEGMENT[segment] ?? segment);
  return own && own.length > 0 ? own : [...new Set([...ids.values()].flat())];
}

/** The route's path in `accountId`, with `ids` for its record params (`1` by default) and `x` for text params. */
function pathOf(route: RouteEntry, accountId: number, ids: Record<string, number> = {}): string {
  return route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    if (name === 'accountId') return String(accountId);
    return route.numericParams.includes(name) ? String(ids[name] ?? 1) : 'x';
  });
}

async function call(route: RouteEntry, url: string, member: Member) {
  const write = WRITE_METHODS.has(route.method) && route.method !== 'DELETE';
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { api_access_token: member.token, ...(write ? { 'content-type': 'application/json' } : {}) },
    ...(write ? { payload: '{}' } : {}),
  });
}

describe('tenancy and permissions on every account route', () => {
  it('walks every account route, each with its access entry', () => {
    expect(routes.length).toBeGreaterThan(150);
    const unguarded = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(unguarded).toEqual([]);
  });

  it("another account's path answers 404 on every account route, and writes change nothing there", async () => {
    const before = await snapshot(victim.accountId);
    const failures: string[] = [];
    for (const route of routes) {
      const res = await call(route, pathOf(route, victim.accountId), attacker.admin);
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot(victim.accountId)).toEqual(before);
  }, 60_000);

  it("another account's record ids through one's own account never answer 2xx or 5xx, and change nothing", async () => {
    const theirs = await idsOf(victim.accountId);
    // moveIdsApart put the victim's ids out of the attacker's reach: a 2xx can only be a leak
    const ours = new Set([...(await idsOf(attacker.accountId)).values()].flat());
    expect([...theirs.values()].flat().filter((id) => ours.has(id))).toEqual([]);
    const withIds = routes.filter((r) => r.numericParams.some((p) => p !== 'accountId'));
    expect(withIds.length).toBeGreaterThan(80);
    const before = await snapshot(victim.accountId);
    const failures: string[] = [];
    let probes = 0;
    for (const route of withIds) {
      for (const param of route.numericParams.filter((p) => p !== 'accountId')) {
        for (const id of candidatesFor(route, param, theirs)) {
          // the other record params keep the victim's first id of their own table
          const others = Object.fromEntries(route.numericParams.map((p) => [p, candidatesFor(route, p, theirs)[0] ?? 1]));
          probes += 1;
          const res = await call(route, pathOf(route, attacker.accountId, { ...others, [param]: id }), attacker.admin);
          if ((res.statusCode >= 200 && res.statusCode < 300) || res.statusCode >= 500) {
            failures.push(`${route.method} ${route.url} ${param}=${id}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(withIds.length);
    expect(failures).toEqual([]);
    expect(await snapshot(victim.accountId)).toEqual(before);
  }, 180_000);

  it('each role without the permission gets 403 on every account route, and writes change nothing', async () => {
    const { accountId } = victim;
    type Caller = { name: string; role: AccountRole; permissions: CustomRolePermission[] | null; member: Member };
    const callers: Caller[] = [
      { name: 'agent', role: 'agent', permissions: null, member: await createMember(t, accountId, 'agent') },
      { name: 'checker', role: 'checker', permissions: null, member: await createMember(t, accountId, 'checker') },
    ];
    for (const permissions of [[], ...CUSTOM_ROLE_PERMISSIONS.map((p) => [p])] as CustomRolePermission[][]) {
      const [role] = await t.db
        .insert(schema.customRoles)
        .values({ accountId, name: `role ${permissions.join(',') || 'none'}`, permissions })
        .returning();
      const member = await createMember(t, accountId, 'agent', { customRoleId: role!.id });
      callers.push({ name: `custom role [${permissions.join(',')}]`, role: 'agent', permissions, member });
    }
    const before = await snapshot(accountId);
    const failures: string[] = [];
    let probes = 0;
    for (const route of routes) {
      for (const caller of callers) {
        const tokens = permissionsFor({ role: caller.role, customRolePermissions: caller.permissions });
        if (canAccess(tokens, route.access as RouteName)) continue;
        probes += 1;
        const res = await call(route, pathOf(route, accountId), caller.member);
        if (res.statusCode !== 403) failures.push(`${caller.name} ${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(probes).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    expect(await snapshot(accountId)).toEqual(before);
  }, 180_000);
});

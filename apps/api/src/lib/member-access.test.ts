import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { CustomRolePermission } from '@app/shared/constants';
import { buildTestApp, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, createConversation, createInbox, createMember, type Member } from '../../test/factories.ts';
import { canSeeConversation, conversationCondition, loadMemberAccess, type MemberAccess } from './member-access.ts';

/**
 * The SQL condition (REST) and the predicate (realtime) are two views of one access value: over the same rows
 * they must pick the same conversations, for every kind of member.
 */
describe('member access: the SQL condition and the predicate agree', () => {
  let t: TestContext;
  let accountId: number;
  const members: Record<string, Member> = {};
  let rows: { id: number; inboxId: number; assigneeId: number | null; participants: number[] }[] = [];

  const customMember = async (name: string, permissions: CustomRolePermission[]) => {
    const [role] = await t.db.insert(schema.customRoles).values({ accountId, name, permissions }).returning();
    return createMember(t, accountId, 'agent', { customRoleId: role!.id });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await createAccountWithAdmin(t);
    accountId = a.account.id;
    members['administrator'] = a.admin;
    members['agent'] = await createMember(t, accountId, 'agent');
    members['checker'] = await createMember(t, accountId, 'checker');
    members['manage'] = await customMember('Manage', ['conversation_manage']);
    members['unassigned'] = await customMember('Unassigned', ['conversation_unassigned_manage']);
    members['participating'] = await customMember('Participating', ['conversation_participating_manage']);
    members['both'] = await customMember('Both', ['conversation_unassigned_manage', 'conversation_participating_manage']);
    members['reports'] = await customMember('Reports', ['report_manage']);
    const other = await createMember(t, accountId, 'agent');
    const everyone = Object.values(members).map((m) => m.user.id);
    // the administrator is a member of neither inbox on purpose: they see every inbox anyway
    const mine = await createInbox(t, accountId, { members: [...everyone.filter((id) => id !== a.admin.user.id), other.user.id] });
    const elsewhere = await createInbox(t, accountId, { members: [other.user.id] });
    const assignees = [null, other.user.id, ...everyone];
    for (const inbox of [mine, elsewhere]) {
      for (const assigneeId of assignees) {
        // each assignee twice: once with every restricted member participating, once with nobody
        for (const participate of [false, true]) {
          const conversation = await createConversation(t, accountId, inbox.id, { assigneeId });
          const participants = participate ? [members['participating']!.user.id, members['both']!.user.id, members['unassigned']!.user.id] : [];
          if (participants.length) await t.db.insert(schema.conversationParticipants).values(participants.map((userId) => ({ accountId, conversationId: conversation.id, userId })));
          rows.push({ id: conversation.id, inboxId: inbox.id, assigneeId, participants });
        }
      }
    }
    // another account's conversation, assigned to the agent: never in scope
    const foreign = await createAccountWithAdmin(t);
    const foreignInbox = await createInbox(t, foreign.account.id);
    const stray = await createConversation(t, foreign.account.id, foreignInbox.id, { assigneeId: members['agent']!.user.id });
    rows = [...rows, { id: stray.id, inboxId: foreignInbox.id, assigneeId: members['agent']!.user.id, participants: [] }];
  });
  afterAll(async () => {
    await t.close();
  });

  const bySql = async (access: MemberAccess) =>
    (await t.db.select({ id: schema.conversations.id }).from(schema.conversations).where(conversationCondition(access))).map((r) => r.id).sort((x, y) => x - y);
  const byPredicate = (access: MemberAccess) =>
    // the predicate judges conversations of the member's account (realtime checks the account first)
    rows
      .slice(0, -1)
      .filter((r) => canSeeConversation(access, { inboxId: r.inboxId, assigneeId: r.assigneeId, participant: r.participants.includes(access.userId) }))
      .map((r) => r.id)
      .sort((x, y) => x - y);

  it.each(['administrator', 'agent', 'checker', 'manage', 'unassigned', 'participating', 'both', 'reports'])('%s: same conversations by SQL and by predicate', async (kind) => {
    const access = await loadMemberAccess(t.db, accountId, { userId: members[kind]!.user.id });
    expect(access).not.toBeNull();
    const sql = await bySql(access!);
    expect(byPredicate(access!)).toEqual(sql);
    // and the rule itself, so a change to both views at once still fails here
    const me = members[kind]!.user.id;
    const expected: Record<string, (r: (typeof rows)[number]) => boolean> = {
      administrator: () => true,
      agent: (r) => r.inboxId === rows[0]!.inboxId,
      checker: (r) => r.inboxId === rows[0]!.inboxId,
      manage: (r) => r.inboxId === rows[0]!.inboxId,
      unassigned: (r) => r.inboxId === rows[0]!.inboxId && (r.assigneeId === null || r.assigneeId === me),
      participating: (r) => r.inboxId === rows[0]!.inboxId && (r.assigneeId === me || r.participants.includes(me)),
      both: (r) => r.inboxId === rows[0]!.inboxId && (r.assigneeId === null || r.assigneeId === me || r.participants.includes(me)),
      reports: (r) => r.inboxId === rows[0]!.inboxId && r.assigneeId === me,
    };
    const ours = rows.slice(0, -1);
    expect(sql).toEqual(ours.filter(expected[kind]!).map((r) => r.id).sort((x, y) => x - y));
    expect(sql.length).toBeGreaterThan(0);
  });

  it('loads role, custom-role permissions and inboxes in one value; null for a non-member', async () => {
    const participating = await loadMemberAccess(t.db, accountId, { userId: members['participating']!.user.id });
    expect(participating).toMatchObject({ inboxes: [rows[0]!.inboxId], restriction: { unassigned: false, participating: true }, reads: { conversations: true, contacts: true, payments: false } });
    const admin = await loadMemberAccess(t.db, accountId, { userId: members['administrator']!.user.id });
    expect(admin).toMatchObject({ inboxes: 'all', restriction: null, reads: { conversations: true, contacts: true, payments: true } });
    const checker = await loadMemberAccess(t.db, accountId, { userId: members['checker']!.user.id });
    expect(checker).toMatchObject({ restriction: null, reads: { conversations: true, contacts: false, payments: true } });
    const [user] = await t.db.select({ token: schema.users.pubsubToken }).from(schema.users).where(eq(schema.users.id, members['agent']!.user.id));
    expect((await loadMemberAccess(t.db, accountId, { pubsubToken: user!.token }))?.userId).toBe(members['agent']!.user.id);
    const stranger = (await createAccountWithAdmin(t)).admin;
    expect(await loadMemberAccess(t.db, accountId, { userId: stranger.user.id })).toBeNull();
  });
});

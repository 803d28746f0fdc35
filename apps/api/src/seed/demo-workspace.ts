import { and, eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { AccountRole } from '@app/shared/constants';
import { canAccess, permissionsFor } from '@app/shared/permissions';
import { CreateCannedResponseBodySchema } from '@app/shared/canned-responses';
import { CreateContactBodySchema } from '@app/shared/contacts';
import { CreateConversationBodySchema } from '@app/shared/conversations';
import { CreateCustomAttributeDefinitionBodySchema } from '@app/shared/custom-attributes';
import { CreateInboxBodySchema } from '@app/shared/inboxes';
import { InboxMembersBodySchema } from '@app/shared/inbox-members';
import { CreateLabelBodySchema } from '@app/shared/labels';
import { CreateTeamBodySchema } from '@app/shared/teams';
import { CreateWithdrawIssueBodySchema } from '@app/shared/payments';
import type { AccountCtx, Actor, Services } from '../lib/context.ts';
import { createCannedResponse } from '../modules/canned-responses/service.ts';
import { createContact } from '../modules/contacts/service.ts';
import { assignConversation, setConversationLabels, togglePriority, toggleStatus } from '../modules/conversations/actions.ts';
import { createConversation, loadConversation } from '../modules/conversations/service.ts';
import { createCustomAttributeDefinition } from '../modules/custom-attributes/service.ts';
import { createInbox } from '../modules/inboxes/service.ts';
import { replaceInboxMembers } from '../modules/inbox-members/service.ts';
import { createLabel } from '../modules/labels/service.ts';
import { createMessage } from '../modules/messages/service.ts';
import { announce } from '../lib/events.ts';
import { changeTeamMembers, createTeam } from '../modules/teams/service.ts';
import { createWithdrawIssue, updateWithdrawIssue } from '../modules/withdraw-issues/service.ts';
import type { DemoWorkspace, Script } from './demo-content.ts';

type Member = Actor & { role: AccountRole };

/** A context acting as one demo member, so messages, notes and audit rows carry a real author. */
function actingAs(services: Services, accountId: number, member: Member): AccountCtx {
  return {
    ...services,
    meta: { ip: null, requestId: null, userAgent: 'demo seed' },
    actor: { id: member.id, name: member.name, email: member.email },
    accountId,
    membership: { role: member.role, customRoleId: null, permissions: [member.role] },
  };
}

/** Deterministic variety: the same demo every time, without a random generator. */
const pick = <T>(items: readonly T[], i: number): T => items[i % items.length]!;

/** The n-th conversation's state: mostly open, some pending, resolved or snoozed, oldest ones resolved. */
function statusOf(i: number, total: number): 'open' | 'pending' | 'resolved' | 'snoozed' {
  if (i < total * 0.2) return 'resolved';
  return pick(['open', 'open', 'open', 'pending', 'open', 'snoozed', 'open', 'resolved'] as const, i);
}

export async function seedDemoWorkspace(services: Services, accountId: number, demo: DemoWorkspace): Promise<{ conversations: number }> {
  const { db } = services;
  const [existing] = await db
    .select({ id: schema.inboxes.id })
    .from(schema.inboxes)
    .where(and(eq(schema.inboxes.accountId, accountId), eq(schema.inboxes.name, demo.inboxes[0]!.body.name!)))
    .limit(1);
  if (existing) return { conversations: 0 };

  const rows = await db
    .select({ id: schema.users.id, name: schema.users.name, email: schema.users.email, role: schema.accountUsers.role, customRolePermissions: schema.customRoles.permissions })
    .from(schema.accountUsers)
    .innerJoin(schema.users, eq(schema.users.id, schema.accountUsers.userId))
    .leftJoin(schema.customRoles, eq(schema.customRoles.id, schema.accountUsers.customRoleId))
    .where(eq(schema.accountUsers.accountId, accountId));
  const byEmail = new Map(rows.map((r) => [r.email, r as Member]));
  const ids = (emails: string[]) => emails.flatMap((e) => (byEmail.get(e) ? [byEmail.get(e)!.id] : []));
  const admin = rows.find((r) => r.role === 'administrator') as Member;
  // the agents who work conversations: a custom role without them (the knowledge editor) is never assigned or mentioned
  const agents = rows.filter((r) => r.role === 'agent' && canAccess(permissionsFor({ role: r.role, customRolePermissions: r.customRolePermissions }), 'api:conversations.manage')) as Member[];
  const adminCtx = actingAs(services, accountId, admin);

  const inboxIds = new Map<string, number>();
  for (const inbox of demo.inboxes) {
    const created = await createInbox(adminCtx, CreateInboxBodySchema.parse(inbox.body));
    inboxIds.set(inbox.key, created.id);
    await replaceInboxMembers(adminCtx, InboxMembersBodySchema.parse({ inbox_id: created.id, user_ids: ids(inbox.members), team_leader_ids: ids(inbox.leaders ?? []) }));
  }
  const teamIds = new Map<string, number>();
  for (const team of demo.teams) {
    const created = await createTeam(adminCtx, CreateTeamBodySchema.parse({ name: team.name, description: team.description, allow_auto_assign: false }));
    teamIds.set(team.name, created.id);
    await changeTeamMembers(adminCtx, created.id, 'add', { user_ids: ids(team.members) });
  }
  for (const label of demo.labels) await createLabel(adminCtx, CreateLabelBodySchema.parse(label));
  for (const canned of demo.canned) await createCannedResponse(adminCtx, CreateCannedResponseBodySchema.parse(canned));
  for (const attribute of demo.attributes) await createCustomAttributeDefinition(adminCtx, CreateCustomAttributeDefinitionBodySchema.parse(attribute));

  const contactIds: number[] = [];
  for (const contact of demo.contacts) {
    const body = CreateContactBodySchema.parse({
      name: contact.name,
      email: contact.email,
      ...(contact.phone ? { phone_number: contact.phone } : {}),
      additional_attributes: { city: contact.city, country: contact.country, ...(contact.company ? { company_name: contact.company } : {}) },
      custom_attributes: contact.plan ? { plan: contact.plan } : {},
    });
    const created = await createContact(adminCtx, body);
    contactIds.push(created.payload.contact.id);
  }

  const inboxKeys = demo.inboxes.map((i) => i.key);
  const made: number[] = [];
  for (let i = 0; i < demo.conversations; i++) {
    const script = pick(demo.scripts, i);
    const inboxKey = pick(inboxKeys, i);
    const inboxId = inboxIds.get(inboxKey)!;
    const inbox = demo.inboxes.find((x) => x.key === inboxKey)!;
    const members = agents.filter((a) => inbox.members.includes(a.email));
    // every fifth conversation waits unassigned; the rest go round the inbox's agents
    const assignee = i % 5 === 4 || members.length === 0 ? null : pick(members, i);
    const conversationId = await playConversation(services, accountId, {
      adminCtx,
      inboxId,
      contactId: pick(contactIds, i * 7 + 3),
      script,
      assignee,
      teamId: script.team ? (teamIds.get(script.team) ?? null) : null,
      colleague: pick(agents.filter((a) => a.id !== assignee?.id), i) ?? admin,
      status: statusOf(i, demo.conversations),
    });
    made.push(conversationId);
  }
  await spreadOverTime(services, made);
  await seedDemoWithdrawIssues(services, accountId, demo, made, [admin, ...agents]);
  return { conversations: made.length };
}

/**
 * The demo's withdraw issues, each raised by the assignee of the first conversation of its script (the
 * administrator when nobody is assigned) and resolved by the administrator when it has a resolution note.
 * Goes through the service, so an order's withdraw record, when the demo has one, is linked.
 */
async function seedDemoWithdrawIssues(services: Services, accountId: number, demo: DemoWorkspace, conversationIds: number[], members: Member[]) {
  const admin = members[0]!;
  for (const issue of demo.withdrawIssues ?? []) {
    const index = conversationIds.findIndex((_, i) => pick(demo.scripts, i).subject === issue.subject);
    if (index < 0) continue;
    const [conversation] = await services.db
      .select({ displayId: schema.conversations.displayId, inboxId: schema.conversations.inboxId, assigneeId: schema.conversations.assigneeId })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, conversationIds[index]!));
    const raiser = members.find((m) => m.id === conversation!.assigneeId) ?? admin;
    const body = { order_id: issue.order_id, conversation_id: conversation!.displayId, inbox_id: conversation!.inboxId, description: issue.description };
    const created = await createWithdrawIssue(actingAs(services, accountId, raiser), CreateWithdrawIssueBodySchema.parse(body));
    if (issue.resolved) {
      await updateWithdrawIssue(actingAs(services, accountId, admin), created.payload.id, { status: 'resolved', resolution_note: issue.resolved });
    }
  }
}

type Play = {
  adminCtx: AccountCtx;
  inboxId: number;
  contactId: number;
  script: Script;
  assignee: Member | null;
  teamId: number | null;
  /** Who a note's {mention} names. */
  colleague: Member;
  status: 'open' | 'pending' | 'resolved' | 'snoozed';
};

/** One conversation, written turn by turn through the services: the contact, the assignee's replies, notes. */
async function playConversation(services: Services, accountId: number, play: Play): Promise<number> {
  const { adminCtx, script } = play;
  const created = await createConversation(adminCtx, CreateConversationBodySchema.parse({ inbox_id: play.inboxId, contact_id: play.contactId, assignee_id: null }));
  const displayId = created.id;
  const author = play.assignee ? actingAs(services, accountId, play.assignee) : adminCtx;
  for (const [kind, text] of script.turns) {
    const conversation = await loadConversation(adminCtx, displayId);
    const input =
      kind === 'in'
        ? { content: text, message_type: 'incoming' as const, sender: { type: 'Contact' as const, id: play.contactId } }
        : kind === 'note'
          ? { content: text.replace('{mention}', `[@${play.colleague.name}](mention://user/${play.colleague.id}/${encodeURIComponent(play.colleague.name)})`), private: true }
          : { content: text };
    const message = await createMessage(kind === 'in' ? adminCtx : author, conversation, input);
    await announce(adminCtx, message.entries, message.known);
  }
  if (play.assignee) await assignConversation(adminCtx, displayId, { assignee_id: play.assignee.id });
  if (play.teamId) await assignConversation(adminCtx, displayId, { team_id: play.teamId });
  if (script.labels.length) await setConversationLabels(adminCtx, displayId, { labels: script.labels });
  if (script.priority) await togglePriority(adminCtx, displayId, script.priority);
  if (play.status !== 'open') {
    const until = play.status === 'snoozed' ? Math.floor(Date.now() / 1000) + 26 * 3600 : undefined;
    await toggleStatus(adminCtx, displayId, { status: play.status, ...(until ? { snoozed_until: until } : {}) });
  }
  return (await loadConversation(adminCtx, displayId)).id;
}

/**
 * Everything above happened within seconds; a workspace to try looks lived in. The n-th conversation
 * (oldest first) starts between six days and a few minutes ago, its messages a few minutes apart, and
 * the times derived from them (last activity, first reply, waiting since) follow.
 */
async function spreadOverTime(services: Services, conversationIds: number[]): Promise<void> {
  const { db } = services;
  const now = Date.now();
  const count = conversationIds.length;
  for (const [index, id] of conversationIds.entries()) {
    const age = Math.round((6 * 24 * 60 * (count - index)) / count) + 4; // minutes
    const start = new Date(now - age * 60_000);
    const gapSeconds = Math.min(7 * 60, Math.max(45, (age * 60) / 8));
    await db.execute(sql`
      update ${schema.messages} m set created_at = ${start.toISOString()}::timestamptz + (x.rn * ${gapSeconds} * interval '1 second'), updated_at = ${start.toISOString()}::timestamptz + (x.rn * ${gapSeconds} * interval '1 second')
      from (select id, row_number() over (order by id) as rn from ${schema.messages} where conversation_id = ${id}) x
      where m.id = x.id`);
    await db.execute(sql`
      update ${schema.conversations} c set
        created_at = ${start.toISOString()}::timestamptz,
        last_activity_at = coalesce((select max(created_at) from ${schema.messages} where conversation_id = c.id), c.created_at),
        updated_at = coalesce((select max(created_at) from ${schema.messages} where conversation_id = c.id), c.created_at),
        first_reply_created_at = case when c.first_reply_created_at is null then null else
          (select min(created_at) from ${schema.messages} where conversation_id = c.id and message_type = 'outgoing' and not private) end,
        waiting_since = case when c.waiting_since is null then null else
          (select min(created_at) from ${schema.messages} where conversation_id = c.id and message_type = 'incoming'
             and id > coalesce((select max(id) from ${schema.messages} where conversation_id = c.id and message_type = 'outgoing' and not private), 0)) end
      where c.id = ${id}`);
  }
  if (count > 0) {
    await db.execute(sql`
      update ${schema.contacts} ct set last_activity_at = x.at from
        (select contact_id, max(last_activity_at) as at from ${schema.conversations} where ${inArray(schema.conversations.id, conversationIds)} group by contact_id) x
      where ct.id = x.contact_id`);
  }
}

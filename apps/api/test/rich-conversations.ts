import { eq } from 'drizzle-orm';
import { schema } from '@app/db';
import type { TestContext } from './helpers.ts';
import { createAccount, createContact, createConversation, createInbox, createMember, type Member } from './factories.ts';

/** What seedRichConversations made: the account, its administrator, and the display ids of the conversations. */
export type RichConversations = { accountId: number; admin: Member; agent: Member; displayIds: number[] };

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * `count` open conversations whose wire shape takes every optional and nullable branch between them: with and
 * without assignee (with and without avatar), team, labels, priority, snooze, custom and additional attributes;
 * contacts with and without email, phone, identifier, avatar and attributes; no messages, only an activity, a
 * private note, an outgoing reply with attachments of several kinds and an echo id, an agent bot's message.
 * Used by the serializer parity test and by `pnpm bench:serialize`; `t` needs only the database and config.
 */
export async function seedRichConversations(t: Pick<TestContext, 'db' | 'config'>, count = 25): Promise<RichConversations> {
  const ctx = t as TestContext;
  const account = await createAccount(ctx);
  const admin = await createMember(ctx, account.id, 'administrator', { name: 'Ada Admin' });
  const agent = await createMember(ctx, account.id, 'agent', { name: 'Sam Agent' });
  await t.db.update(schema.users).set({ avatarKey: `avatars/agent-${agent.user.id}.png`, displayName: 'Sam' }).where(eq(schema.users.id, agent.user.id));
  const inbox = await createInbox(ctx, account.id, { name: 'Support', members: [admin.user.id, agent.user.id] });
  const [team] = await t.db.insert(schema.teams).values({ accountId: account.id, name: 'Billing', description: 'Money matters' }).returning();
  const [bot] = await t.db.insert(schema.agentBots).values({ accountId: account.id, name: 'Helper bot' }).returning();

  const displayIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const contact = await createContact(ctx, account.id, {
      name: i % 5 === 0 ? '' : `Contact “${i}” <${i}>`,
      ...(i % 2 === 0 ? { email: `contact-${i}-${account.id}@example.com` } : {}),
      ...(i % 3 === 0 ? { phoneNumber: `+1555000${String(i).padStart(4, '0')}${account.id}` } : {}),
      ...(i % 4 === 0 ? { identifier: `ext-${account.id}-${i}` } : {}),
      ...(i % 3 === 1 ? { avatarKey: `avatars/contact-${i}.jpg` } : {}),
      ...(i % 2 === 1 ? { customAttributes: { plan: 'gold', seats: i, trial: false, tags: ['a', 'b'], nested: { since: '2024-01-01', score: 1.25 } } } : {}),
      ...(i % 4 === 1 ? { additionalAttributes: { city: 'Zürich', company_name: 'Acme\n"Quoted"', social_profiles: { github: 'octo' } } } : {}),
      blocked: i === 7,
    });
    const assignee = [null, agent, admin][i % 3];
    const conversation = await createConversation(ctx, account.id, inbox.id, {
      contactId: contact.id,
      assigneeId: assignee?.user.id ?? null,
      teamId: i % 4 === 2 ? team!.id : null,
      labels: i % 3 === 0 ? [] : i % 3 === 1 ? ['vip'] : ['billing', 'vip', 'ünïcode'],
      priority: (['high', null, 'low', 'urgent', null, 'medium'] as const)[i % 6],
      ...(i % 7 === 3 ? { snoozedUntil: minutesAgo(-60) } : {}),
      muted: i % 9 === 4,
      customAttributes: i % 2 === 0 ? { order_id: `ORD-${i}`, amount: i * 10.5, paid: i % 4 === 0, due: null } : {},
      additionalAttributes: i % 5 === 1 ? { browser: { name: 'Firefox', version: 128 }, referer: 'https://example.com/?q=a&b=<c>' } : {},
      ...(i % 6 === 2 ? { agentLastSeenAt: minutesAgo(3), assigneeLastSeenAt: minutesAgo(4), contactLastSeenAt: minutesAgo(5), firstReplyCreatedAt: minutesAgo(20) } : {}),
      ...(i % 5 === 3 ? { waitingSince: minutesAgo(30) } : {}),
      lastActivityAt: minutesAgo(i),
    });
    displayIds.push(conversation.displayId);
    const message = async (values: Partial<typeof schema.messages.$inferInsert>) => {
      const [row] = await t.db
        .insert(schema.messages)
        .values({ accountId: account.id, inboxId: inbox.id, conversationId: conversation.id, messageType: 'incoming', content: 'hello', ...values })
        .returning();
      return row!;
    };
    if (i % 8 === 5) continue; // no messages at all
    await message({ content: `Question ${i}: where is my order? 😀`, senderType: 'Contact', senderId: contact.id, createdAt: minutesAgo(i + 10), sourceId: `wamid.${i}` });
    if (i % 8 === 6) {
      await message({ content: 'Conversation was marked resolved by Sam', messageType: 'activity', createdAt: minutesAgo(i + 5) });
      continue; // the latest message is an activity: last_non_activity_message is the question
    }
    if (i % 4 === 0) {
      await message({
        content: `@Sam see this\tplease`,
        messageType: 'outgoing',
        private: true,
        senderType: 'User',
        senderId: admin.user.id,
        contentAttributes: { mentions: [agent.user.id] },
        createdAt: minutesAgo(i + 3),
      });
    }
    if (i % 4 === 1) {
      const reply = await message({
        content: i % 8 === 1 ? null : 'Here you go',
        messageType: 'outgoing',
        senderType: 'User',
        senderId: agent.user.id,
        echoId: `echo-${i}`,
        status: i % 8 === 1 ? 'failed' : 'delivered',
        contentAttributes: i % 8 === 1 ? { external_error: 'Provider said no' } : { in_reply_to: 1 },
        externalSourceIds: { slack: `ts-${i}` },
        additionalAttributes: { cc_emails: ['a@example.com'] },
        createdAt: minutesAgo(i + 2),
      });
      await t.db.insert(schema.attachments).values([
        { accountId: account.id, messageId: reply.id, fileType: 'image', storageKey: `attachments/${i}/photo.png`, fileName: 'photo.png', contentType: 'image/png', byteSize: 68 },
        { accountId: account.id, messageId: reply.id, fileType: 'file', storageKey: `attachments/${i}/invoice.pdf`, fileName: 'invoice (1).pdf', contentType: 'application/pdf', byteSize: 12_345 },
        { accountId: account.id, messageId: reply.id, fileType: 'location', coordinatesLat: '47.37', coordinatesLong: '8.54', fallbackTitle: 'Zürich HB' },
      ]);
    }
    if (i % 4 === 2) {
      await message({ content: 'Automated answer', messageType: 'outgoing', senderType: 'AgentBot', senderId: bot!.id, contentType: 'input_select', contentAttributes: { items: [{ title: 'Yes', value: 'y' }] }, createdAt: minutesAgo(i + 1) });
    }
  }
  return { accountId: account.id, admin, agent, displayIds };
}

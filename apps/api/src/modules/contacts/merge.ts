import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { schema } from '@app/db';
import type { Contact, ContactMergeBodySchema } from '@app/shared/contacts';
import { notFound } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { announce, recordEvents } from '../../lib/events.ts';
import { recordAudit } from '../audit-logs/service.ts';
import { contactDeletedEntry, contactEntry, knownContact } from './events.ts';
import type { ContactRow } from './queries.ts';
import { presentContact } from './service.ts';

const { contacts, contactInboxes, conversations, contactNotes, messages } = schema;

const blank = (value: string | null) => value === null || value.trim() === '';

/**
 * `POST actions/contact_merge`: everything of the mergee moves to the base in one transaction, then the mergee
 * is deleted.
 * - contact inboxes move to the base; where the base already has one in the same inbox, the base's is kept and the
 *   mergee's conversations there move to the base's contact inbox (the mergee's is then deleted);
 * - every other conversation, the notes, and the messages the mergee sent now belong to the base;
 * - labels are the union; attributes: the base wins, the mergee fills the base's gaps (additional and custom
 *   attribute keys, name, email, phone number, identifier, avatar); last activity is the later one.
 * After the commit: conversation.contact_changed for each moved conversation, contact.updated (base),
 * contact.deleted (mergee). An audit row records the merge on the base.
 */
export async function mergeContacts(ctx: AccountCtx, input: z.infer<typeof ContactMergeBodySchema>): Promise<Contact> {
  const baseId = input.base_contact_id;
  const mergeeId = input.mergee_contact_id;
  const outcome = await ctx.db.transaction(async (tx) => {
    // both rows locked in id order (two merges of the same pair cannot deadlock)
    const locked = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, ctx.accountId), inArray(contacts.id, [baseId, mergeeId]), sql`${contacts.deletingAt} is null`))
      .orderBy(asc(contacts.id))
      .for('update');
    const base = locked.find((r) => r.id === baseId);
    const mergee = locked.find((r) => r.id === mergeeId);
    if (!base || !mergee) throw notFound();

    const movedConversations = (await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, mergeeId))).map((r) => r.id);

    // contact inboxes: a clash on the same inbox keeps the base's
    const baseInboxes = await tx.select().from(contactInboxes).where(eq(contactInboxes.contactId, baseId)).orderBy(asc(contactInboxes.id));
    const mergeeInboxes = await tx.select().from(contactInboxes).where(eq(contactInboxes.contactId, mergeeId)).orderBy(asc(contactInboxes.id));
    for (const ci of mergeeInboxes) {
      const kept = baseInboxes.find((b) => b.inboxId === ci.inboxId);
      if (kept) {
        await tx.update(conversations).set({ contactInboxId: kept.id }).where(eq(conversations.contactInboxId, ci.id));
        await tx.delete(contactInboxes).where(eq(contactInboxes.id, ci.id));
      } else {
        await tx.update(contactInboxes).set({ contactId: baseId }).where(eq(contactInboxes.id, ci.id));
      }
    }
    if (movedConversations.length > 0) await tx.update(conversations).set({ contactId: baseId }).where(eq(conversations.contactId, mergeeId));
    await tx.update(contactNotes).set({ contactId: baseId }).where(eq(contactNotes.contactId, mergeeId));
    // a contact writes only in its own conversations: those moved (messages_conversation_id_idx finds them)
    if (movedConversations.length > 0) {
      await tx
        .update(messages)
        .set({ senderId: baseId })
        .where(and(inArray(messages.conversationId, movedConversations), eq(messages.senderType, 'Contact'), eq(messages.senderId, mergeeId)));
    }

    // the mergee goes before the base takes its unique values (email, phone number, identifier)
    await tx.delete(contacts).where(eq(contacts.id, mergeeId));
    const takeAvatar = !base.avatarKey && mergee.avatarKey !== null;
    const [merged] = await tx
      .update(contacts)
      .set({
        name: blank(base.name) ? mergee.name : base.name,
        email: blank(base.email) ? mergee.email : base.email,
        phoneNumber: blank(base.phoneNumber) ? mergee.phoneNumber : base.phoneNumber,
        identifier: blank(base.identifier) ? mergee.identifier : base.identifier,
        avatarKey: takeAvatar ? mergee.avatarKey : base.avatarKey,
        labels: [...new Set([...base.labels, ...mergee.labels])],
        additionalAttributes: { ...mergee.additionalAttributes, ...base.additionalAttributes },
        customAttributes: { ...mergee.customAttributes, ...base.customAttributes },
        lastActivityAt: [base.lastActivityAt, mergee.lastActivityAt].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null,
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, baseId))
      .returning();

    await recordAudit(tx, {
      accountId: ctx.accountId,
      actor: ctx.actor,
      meta: ctx.meta,
      action: 'update',
      auditableType: 'Contact',
      auditableId: baseId,
      associatedType: 'Contact',
      associatedId: mergeeId,
      changes: {
        merged_contact: { id: mergee.id, name: mergee.name, email: mergee.email, phone_number: mergee.phoneNumber, identifier: mergee.identifier },
        conversations_moved: movedConversations.length,
      },
    });
    const entries = await recordEvents(tx, [
      // the moved conversations first, as before: screens re-read them, then the merged contact
      ...movedConversations.map((conversationId) => ({ name: 'conversation.contact_changed' as const, accountId: ctx.accountId, inboxId: null, subject: { conversationId } })),
      contactEntry('contact.updated', merged as ContactRow),
      contactDeletedEntry(ctx, mergee),
    ]);
    return { merged: merged as ContactRow, entries, takeAvatar, mergee };
  });

  if (!outcome.takeAvatar && outcome.mergee.avatarKey) {
    const key = outcome.mergee.avatarKey;
    await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'could not remove a merged contact avatar file'));
  }
  await announce(ctx, outcome.entries, [knownContact(ctx, outcome.merged)]);
  return presentContact(ctx, outcome.merged);
}

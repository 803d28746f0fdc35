import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';
import type { AccountCtx, Services } from '../../lib/context.ts';
import type { Jobs } from '../../jobs/queue.ts';
import { announce } from '../../lib/events.ts';
import { recordAudit } from '../audit-logs/service.ts';
import type { ContactRow } from './queries.ts';
import { contactDeletedEntry } from './events.ts';
import { loadContact } from './service.ts';

const { contacts, conversations } = schema;

/**
 * A contact with more conversations than this is deleted by the `contacts:delete` job: removing its
 * conversations (and their messages, attachments...) in one request's transaction would hold locks and the
 * request for too long. At or below it the whole contact goes in one transaction.
 */
export const CONTACT_DELETE_INLINE_MAX = 50;
/** Conversations the delete job removes per transaction. */
export const CONTACT_DELETE_BATCH = 100;

/** The contact's avatar file, once the contact is gone (a failure to remove it is only logged). */
async function removeAvatarFile(services: Services, row: Pick<ContactRow, 'avatarKey'>) {
  if (!row.avatarKey) return;
  await services.storage.remove(row.avatarKey).catch((err: unknown) => services.log.warn({ err, key: row.avatarKey }, 'could not remove a contact avatar file'));
}

/**
 * `DELETE contacts/{id}`. A contact with few conversations is deleted at once (its conversations, contact
 * inboxes and notes with it); one with more than CONTACT_DELETE_INLINE_MAX is marked `deleting_at`, which
 * hides it from every contact read at once, and the job deletes it in batches. Either way contact.deleted
 * is published now and an audit row is written.
 */
export async function deleteContact(ctx: AccountCtx, jobs: Jobs, id: number): Promise<Record<string, never>> {
  const contact = await loadContact(ctx, id);
  const [{ n } = { n: 0 }] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${conversations} where ${conversations.contactId} = ${id} limit ${CONTACT_DELETE_INLINE_MAX + 1}) as c`);
  const inline = n <= CONTACT_DELETE_INLINE_MAX;
  await ctx.db.transaction(async (tx) => {
    if (inline) await tx.delete(contacts).where(and(eq(contacts.accountId, ctx.accountId), eq(contacts.id, id)));
    else await tx.update(contacts).set({ deletingAt: new Date() }).where(and(eq(contacts.accountId, ctx.accountId), eq(contacts.id, id)));
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actor: ctx.actor,
      meta: ctx.meta,
      action: 'destroy',
      auditableType: 'Contact',
      auditableId: id,
      changes: { name: contact.name, email: contact.email, phone_number: contact.phoneNumber, identifier: contact.identifier, conversations: inline ? n : `more than ${CONTACT_DELETE_INLINE_MAX}` },
    });
  });
  if (inline) await removeAvatarFile(ctx, contact);
  else jobs.enqueue('contacts', 'delete');
  await announce(ctx, [contactDeletedEntry(ctx, contact)]);
  return {};
}

/** One batch of a marked contact's conversations, in its own transaction; how many went. */
async function deleteConversationBatch(db: Executor, contactId: number): Promise<number> {
  const gone = await db
    .delete(conversations)
    .where(
      inArray(
        conversations.id,
        db.select({ id: conversations.id }).from(conversations).where(eq(conversations.contactId, contactId)).orderBy(asc(conversations.id)).limit(CONTACT_DELETE_BATCH),
      ),
    )
    .returning({ id: conversations.id });
  return gone.length;
}

/**
 * The `contacts:delete` job: for every contact marked `deleting_at`, deletes its conversations a batch per
 * transaction, then the contact. Idempotent: a second run (or worker) finds less or nothing to do, and a run
 * that died half-way is finished by the next one (the sweep enqueues it). Returns how many contacts it deleted.
 */
export async function runContactDeletions(services: Services): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [next] = await services.db
      .select({ id: contacts.id, avatarKey: contacts.avatarKey })
      .from(contacts)
      .where(isNotNull(contacts.deletingAt))
      .orderBy(asc(contacts.deletingAt))
      .limit(1);
    if (!next) return deleted;
    while ((await deleteConversationBatch(services.db, next.id)) > 0) {
      // each batch committed on its own; the loop ends when none is left
    }
    const gone = await services.db.delete(contacts).where(and(eq(contacts.id, next.id), isNotNull(contacts.deletingAt))).returning({ id: contacts.id });
    if (gone.length > 0) {
      deleted++;
      await removeAvatarFile(services, next);
    }
  }
}

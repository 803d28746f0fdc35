import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

// Reads of the public client API. Writes with effects (contacts, conversations, messages) go through
// those modules' services; only the client's own flags (hmac_verified, submitted_values) are set here.

const { channels, inboxes, contacts, contactInboxes, conversations, messages } = schema;

export type PublicInboxRow = { id: number; accountId: number; channelType: string; settings: Record<string, unknown>; secrets: string | null };

/** The inbox whose channel has this identifier (channels_identifier_key). */
export async function findInboxByIdentifier(db: Executor, identifier: string): Promise<PublicInboxRow | null> {
  const [row] = await db
    .select({ id: inboxes.id, accountId: inboxes.accountId, channelType: channels.channelType, settings: channels.settings, secrets: channels.secrets })
    .from(channels)
    .innerJoin(inboxes, eq(inboxes.channelId, channels.id))
    .where(eq(channels.identifier, identifier))
    .limit(1);
  return row ?? null;
}

export type PublicContactInboxRow = {
  id: number;
  sourceId: string;
  pubsubToken: string;
  hmacVerified: boolean;
  contact: typeof contacts.$inferSelect;
};

/** A contact inbox with its contact, the shape every client route starts from. */
async function contactInboxWhere(db: Executor, where: SQL): Promise<PublicContactInboxRow | null> {
  const [row] = await db
    .select({
      id: contactInboxes.id,
      sourceId: contactInboxes.sourceId,
      pubsubToken: contactInboxes.pubsubToken,
      hmacVerified: contactInboxes.hmacVerified,
      contact: contacts,
    })
    .from(contactInboxes)
    .innerJoin(contacts, eq(contacts.id, contactInboxes.contactId))
    .where(where)
    .limit(1);
  return row ?? null;
}

/** The contact inbox with this source id in the inbox (contact_inboxes_inbox_source_key). */
export function findContactInbox(db: Executor, inboxId: number, sourceId: string): Promise<PublicContactInboxRow | null> {
  return contactInboxWhere(db, and(eq(contactInboxes.inboxId, inboxId), eq(contactInboxes.sourceId, sourceId))!);
}

export function findContactInboxById(db: Executor, id: number): Promise<PublicContactInboxRow | null> {
  return contactInboxWhere(db, eq(contactInboxes.id, id));
}

export async function markHmacVerified(db: Executor, contactInboxId: number): Promise<void> {
  await db.update(contactInboxes).set({ hmacVerified: true, updatedAt: new Date() }).where(eq(contactInboxes.id, contactInboxId));
}

/** The account's contact holding this identifier, else this email (any case); the unique indexes serve both. */
export async function findContactByIdentity(db: Executor, accountId: number, identity: { identifier?: string | undefined; email?: string | undefined }) {
  if (identity.identifier) {
    const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.identifier, identity.identifier))).limit(1);
    if (row) return row;
  }
  if (identity.email) {
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), sql`lower(${contacts.email}) = ${identity.email.toLowerCase()}`))
      .limit(1);
    if (row) return row;
  }
  return null;
}

export type PublicConversationRow = typeof conversations.$inferSelect;

/**
 * Conversations the client of a contact inbox may see in its inbox: those of the contact inbox, or, once
 * the contact is HMAC-verified, every conversation of the contact in the inbox (conversations_contact_idx).
 */
function reach(inboxId: number, contactInbox: Pick<PublicContactInboxRow, 'id' | 'hmacVerified' | 'contact'>) {
  return contactInbox.hmacVerified
    ? and(eq(conversations.inboxId, inboxId), eq(conversations.contactId, contactInbox.contact.id))
    : and(eq(conversations.inboxId, inboxId), eq(conversations.contactInboxId, contactInbox.id));
}

export function listClientConversations(db: Executor, inboxId: number, contactInbox: PublicContactInboxRow): Promise<PublicConversationRow[]> {
  return db.select().from(conversations).where(reach(inboxId, contactInbox)).orderBy(asc(conversations.id)).limit(100);
}

export async function findClientConversation(
  db: Executor,
  inboxId: number,
  contactInbox: PublicContactInboxRow,
  displayId: number,
): Promise<PublicConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(reach(inboxId, contactInbox), eq(conversations.accountId, contactInbox.contact.accountId), eq(conversations.displayId, displayId)))
    .limit(1);
  return row ?? null;
}

export async function findConversationById(db: Executor, id: number): Promise<PublicConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row ?? null;
}

export type PublicMessageRow = typeof messages.$inferSelect;

/** The public messages (no private notes) of these conversations, oldest first. */
export function publicMessageRows(db: Executor, conversationIds: number[]): Promise<PublicMessageRow[]> {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), eq(messages.private, false)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function findPublicMessage(db: Executor, conversationId: number, messageId: number): Promise<PublicMessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, messageId), eq(messages.private, false)))
    .limit(1);
  return row ?? null;
}

/** Stores the contact's form answer in content_attributes.submitted_values, keeping the other keys. */
export async function setSubmittedValues(db: Executor, messageId: number, values: unknown): Promise<PublicMessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({
      contentAttributes: sql`${messages.contentAttributes} || jsonb_build_object('submitted_values', ${JSON.stringify(values)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(eq(messages.id, messageId))
    .returning();
  return row ?? null;
}

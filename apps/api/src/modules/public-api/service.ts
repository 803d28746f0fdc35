import { randomUUID } from 'node:crypto';
import type {
  PublicContact,
  PublicConversation,
  PublicCreateContactBody,
  PublicCreateConversationBody,
  PublicCreateMessageBody,
  PublicMessage,
  PublicUpdateContactBody,
  PublicUpdateMessageBody,
} from '@app/shared/public-api';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AccountCtx, Ctx } from '../../lib/context.ts';
import { hmacSha256, safeEqual } from '../../lib/crypto.ts';
import { createContact, resolveContactInbox, touchContactActivity, updateContact } from '../contacts/service.ts';
import { announce, recordEvents } from '../../lib/events.ts';
import { createConversation } from '../conversations/service.ts';
import { channelHmacToken } from '../inboxes/service.ts';
import { createMessage, knownMessage, messageEntry, serializeMessages } from '../messages/service.ts';
import {
  findClientConversation,
  findContactByIdentity,
  findContactInbox,
  findContactInboxById,
  findInboxByIdentifier,
  findPublicMessage,
  listClientConversations,
  markHmacVerified,
  publicMessageRows,
  setSubmittedValues,
  type PublicContactInboxRow,
  type PublicConversationRow,
  type PublicInboxRow,
} from './queries.ts';
import { serializeClientContact, serializeClientConversation, serializeClientMessage } from './serializers.ts';
import { recordCsatFromMessage } from '../csat/answer.ts';

export const HMAC_FAILED = 'HMAC failed: Invalid Identifier Hash Provided';

type Client = { inbox: PublicInboxRow; actx: AccountCtx };
type ContactClient = Client & { contactInbox: PublicContactInboxRow };

/** The API inbox of this identifier (404 for none, or another channel's), and a context acting in its account. */
async function clientOf(ctx: Ctx, identifier: string): Promise<Client> {
  const inbox = await findInboxByIdentifier(ctx.db, identifier);
  if (!inbox || inbox.channelType !== 'Channel::Api') throw notFound();
  // The client is nobody of the account: writes it causes are made as the system, with the contact as sender.
  const actx: AccountCtx = {
    ...ctx,
    actor: { id: 0, name: 'System', email: '' },
    accountId: inbox.accountId,
    membership: { role: 'administrator', customRoleId: null, permissions: ['administrator'] },
  };
  return { inbox, actx };
}

async function contactClientOf(ctx: Ctx, identifier: string, sourceId: string): Promise<ContactClient> {
  const client = await clientOf(ctx, identifier);
  const contactInbox = await findContactInbox(ctx.db, client.inbox.id, sourceId);
  if (!contactInbox) throw notFound();
  return { ...client, contactInbox };
}

async function conversationOf(ctx: Ctx, client: ContactClient, displayId: number): Promise<PublicConversationRow> {
  const row = await findClientConversation(ctx.db, client.inbox.id, client.contactInbox, displayId);
  if (!row) throw notFound();
  return row;
}

/**
 * Whether the identifier_hash proves the identifier (HMAC-SHA256 under the channel's hmac_token). With
 * hmac_mandatory a missing or wrong hash is refused with 401, as Chatwoot does; otherwise it only
 * decides whether the new contact inbox is hmac_verified.
 */
function verifiedIdentity(ctx: Ctx, inbox: PublicInboxRow, body: PublicCreateContactBody): boolean {
  const token = channelHmacToken(ctx.config.secretKeyBase, inbox.secrets);
  const verified = Boolean(body.identifier && body.identifier_hash && token && safeEqual(hmacSha256(token, body.identifier), body.identifier_hash.toLowerCase()));
  if (inbox.settings.hmac_mandatory === true && !verified) throw new AppError('unauthorized', HMAC_FAILED);
  return verified;
}

/**
 * POST contacts: a new contact inbox (a uuid source id and pubsub token) for the account's contact with
 * this identifier or email, or for a new contact made from the body.
 */
export async function createClientContact(ctx: Ctx, identifier: string, body: PublicCreateContactBody): Promise<PublicContact> {
  const { inbox, actx } = await clientOf(ctx, identifier);
  const verified = verifiedIdentity(ctx, inbox, body);
  const sourceId = randomUUID();
  const existing = await findContactByIdentity(ctx.db, inbox.accountId, body);
  if (existing) {
    await resolveContactInbox(ctx.db, { accountId: inbox.accountId, inboxId: inbox.id, contactId: existing.id, sourceId });
  } else {
    await createContact(actx, {
      name: body.name,
      email: body.email,
      phone_number: body.phone_number,
      identifier: body.identifier,
      custom_attributes: body.custom_attributes,
      inbox_id: inbox.id,
      source_id: sourceId,
    });
  }
  const contactInbox = await findContactInbox(ctx.db, inbox.id, sourceId);
  if (!contactInbox) throw new Error('contact inbox missing right after its creation');
  if (verified) await markHmacVerified(ctx.db, contactInbox.id);
  return serializeClientContact({ ...contactInbox, hmacVerified: verified });
}

export async function getClientContact(ctx: Ctx, identifier: string, sourceId: string): Promise<PublicContact> {
  const { contactInbox } = await contactClientOf(ctx, identifier, sourceId);
  return serializeClientContact(contactInbox);
}

/** PATCH contacts/{source_id}: through the contacts service (unique checks, merged custom_attributes, contact.updated). */
export async function updateClientContact(ctx: Ctx, identifier: string, sourceId: string, body: PublicUpdateContactBody): Promise<PublicContact> {
  const { actx, contactInbox } = await contactClientOf(ctx, identifier, sourceId);
  await updateContact(actx, contactInbox.contact.id, { ...body, name: body.name });
  const fresh = await findContactInboxById(ctx.db, contactInbox.id);
  if (!fresh) throw notFound();
  return serializeClientContact(fresh);
}

async function presentConversations(client: ContactClient, rows: PublicConversationRow[]): Promise<PublicConversation[]> {
  const messageRows = await publicMessageRows(client.actx.db, rows.map((r) => r.id));
  const messages = await serializeMessages(client.actx, messageRows);
  return rows.map((row) =>
    serializeClientConversation(
      row,
      client.contactInbox.contact,
      messages.filter((_m, i) => messageRows[i]!.conversationId === row.id),
    ),
  );
}

export async function listClientConversationsOf(ctx: Ctx, identifier: string, sourceId: string): Promise<PublicConversation[]> {
  const client = await contactClientOf(ctx, identifier, sourceId);
  return presentConversations(client, await listClientConversations(ctx.db, client.inbox.id, client.contactInbox));
}

/**
 * POST contacts/{source_id}/conversations: the dashboard's creation rules (display id, pending with an
 * agent bot, auto-assignment, conversation.created after the commit).
 */
export async function createClientConversation(
  ctx: Ctx,
  identifier: string,
  sourceId: string,
  body: PublicCreateConversationBody,
): Promise<PublicConversation> {
  const client = await contactClientOf(ctx, identifier, sourceId);
  const created = await createConversation(client.actx, { source_id: sourceId, inbox_id: client.inbox.id, custom_attributes: body.custom_attributes });
  const row = await conversationOf(ctx, client, created.id);
  await touchContactActivity(ctx.db, client.contactInbox.contact.id, row.createdAt);
  const [conversation] = await presentConversations(client, [row]);
  return conversation!;
}

export async function listClientMessages(ctx: Ctx, identifier: string, sourceId: string, displayId: number): Promise<PublicMessage[]> {
  const client = await contactClientOf(ctx, identifier, sourceId);
  const conversation = await conversationOf(ctx, client, displayId);
  const messages = await serializeMessages(client.actx, await publicMessageRows(ctx.db, [conversation.id]));
  return messages.map(serializeClientMessage);
}

/**
 * POST …/messages: an incoming message from the contact, with the conversation effects of any incoming
 * message (waiting_since, reopening unless muted); message.created (carrying echo_id) after the write.
 */
export async function createClientMessage(
  ctx: Ctx,
  identifier: string,
  sourceId: string,
  displayId: number,
  body: PublicCreateMessageBody,
): Promise<PublicMessage> {
  const client = await contactClientOf(ctx, identifier, sourceId);
  const conversation = await conversationOf(ctx, client, displayId);
  const contactId = client.contactInbox.contact.id;
  const created = await createMessage(client.actx, conversation, {
    content: body.content ?? null,
    echo_id: body.echo_id,
    attachments: body.attachments,
    message_type: 'incoming',
    sender: { type: 'Contact', id: contactId },
  });
  // createMessage presents a user sender only; the contact sender comes from the full presentation.
  const [message] = await serializeMessages(client.actx, [created.row]);
  if (created.created) await touchContactActivity(ctx.db, contactId, created.row.createdAt);
  await announce(client.actx, created.entries, [knownMessage(created.row, { message: message!, assigneeId: conversation.assigneeId })]);
  return serializeClientMessage(message!);
}

/** PATCH …/messages/{id}: the contact's form answer, kept in content_attributes.submitted_values; message.updated. */
export async function updateClientMessage(
  ctx: Ctx,
  identifier: string,
  sourceId: string,
  displayId: number,
  messageId: number,
  body: PublicUpdateMessageBody,
): Promise<PublicMessage> {
  const client = await contactClientOf(ctx, identifier, sourceId);
  const conversation = await conversationOf(ctx, client, displayId);
  if (!(await findPublicMessage(ctx.db, conversation.id, messageId))) throw notFound();
  const recorded = await ctx.db.transaction(async (tx) => {
    const updated = await setSubmittedValues(tx, messageId, body.submitted_values);
    if (!updated) return null;
    const entries = await recordEvents(tx, [messageEntry(updated, 'message.updated')], 'inbound');
    // an answer to the CSAT survey message is the conversation's survey response (modules/csat)
    return { row: (await recordCsatFromMessage(tx, updated, body.submitted_values)) ?? updated, entries };
  });
  if (!recorded) throw notFound();
  const [message] = await serializeMessages(client.actx, [recorded.row]);
  await announce(client.actx, recorded.entries, [knownMessage(recorded.row, { message: message!, assigneeId: conversation.assigneeId })]);
  return serializeClientMessage(message!);
}

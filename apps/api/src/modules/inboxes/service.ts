import type { z } from 'zod';
import type { Executor } from '@app/db';
import type { ChannelType, FeatureFlag } from '@app/shared/constants';
import { DEFAULT_WORKING_HOURS, UPDATE_CHANNEL_SCHEMAS, type CreateInboxBody, type Inbox, type UpdateInboxBody } from '@app/shared/inboxes';
import type { UploadedFile } from '@app/shared/profile';
import { AppError, forbidden, humanize, invalid, notFound, type FieldErrors } from '../../lib/app-error.ts';
import type { AccountCtx } from '../../lib/context.ts';
import { bumpCacheKey, getAccount, publishCacheInvalidated } from '../accounts/service.ts';
import { changesBetween, recordAudit } from '../audit-logs/service.ts';
import { visibleInboxIds } from '../inbox-members/service.ts';
import { checkAvatar, discardAvatar, storeAvatar } from './avatar.ts';
import {
  applyChannelChanges,
  channelFromPayload,
  channelParts,
  openSecrets,
  sealSecrets,
  telegramBotId,
  uniqueKeys,
  type ChannelParts,
  type FieldChange,
} from './channel-payload.ts';
import {
  channelKeyTaken,
  compactInboxRows,
  conversationCounts,
  deleteChannelRow,
  findInboxRow,
  inboxIds,
  insertChannel,
  insertInbox,
  leadsAnInbox,
  listInboxRows,
  lockChannelKey,
  updateChannelRow,
  updateInboxRow,
  type InboxValues,
  type InboxWithChannel,
} from './queries.ts';
import { serializeInbox } from './serializers.ts';

const isAdmin = (ctx: AccountCtx) => ctx.membership.role === 'administrator';

export async function loadInbox(db: Executor, accountId: number, id: number, lock = false): Promise<InboxWithChannel> {
  const row = await findInboxRow(db, accountId, id, lock);
  if (!row) throw notFound();
  return row;
}

function present(ctx: AccountCtx, row: InboxWithChannel, unresponded: number): Inbox {
  const admin = isAdmin(ctx);
  return serializeInbox(row, {
    admin,
    // Only administrators are shown credentials, so only their answers open the sealed secrets.
    secrets: admin ? openSecrets(ctx.config.secretKeyBase, row.channel.secrets) : {},
    unresponded,
    avatarUrl: row.inbox.avatarKey ? ctx.storage.url(row.inbox.avatarKey) : '',
    baseUrl: ctx.config.frontendUrl,
  });
}

/** One inbox as the caller may see it, with its unresponded count. */
export async function presentInbox(ctx: AccountCtx, row: InboxWithChannel): Promise<Inbox> {
  const counts = await conversationCounts(ctx.db, ctx.accountId, [row.inbox.id]);
  return present(ctx, row, counts.get(row.inbox.id)?.unresponded ?? 0);
}

/** Administrators see every inbox; agents, checkers and custom roles the inboxes they are members of. */
export async function listInboxes(ctx: AccountCtx) {
  const visible = await visibleInboxIds(ctx);
  const [rows, counts] = await Promise.all([listInboxRows(ctx.db, ctx.accountId, visible), conversationCounts(ctx.db, ctx.accountId, visible)]);
  return { payload: rows.map((row) => present(ctx, row, counts.get(row.inbox.id)?.unresponded ?? 0)) };
}

/** 404 for an inbox of another account and for one the caller is not a member of. */
export async function getInbox(ctx: AccountCtx, id: number) {
  const visible = await visibleInboxIds(ctx);
  if (visible && !visible.includes(id)) throw notFound();
  return presentInbox(ctx, await loadInbox(ctx.db, ctx.accountId, id));
}

/** Open and unresponded conversation counts of every inbox the caller sees (zeros included). */
export async function openConversationCounts(ctx: AccountCtx) {
  const visible = await visibleInboxIds(ctx);
  const ids = visible ?? (await inboxIds(ctx.db, ctx.accountId));
  const counts = await conversationCounts(ctx.db, ctx.accountId, visible);
  const payload = [...ids]
    .sort((a, b) => a - b)
    .map((id) => ({ inbox_id: id, open_conversations_count: counts.get(id)?.open ?? 0, unresponded_conversations_count: counts.get(id)?.unresponded ?? 0 }));
  return { payload };
}

/** Every inbox of the account, compact: for administrators and for members who lead at least one inbox. */
export async function allInboxes(ctx: AccountCtx) {
  if (!isAdmin(ctx) && !(await leadsAnInbox(ctx.db, ctx.accountId, ctx.actor.id))) throw forbidden();
  const rows = await compactInboxRows(ctx.db, ctx.accountId);
  return { payload: rows.map((r) => ({ id: r.id, name: r.name, channel_type: r.channelType })) };
}

// --- writes

/** Runs a change to the inbox list: the inbox cache key moves in the same transaction, the event follows the commit. */
export async function changeInboxes<T>(ctx: AccountCtx, work: (tx: Executor) => Promise<T>): Promise<T> {
  const { result, keys } = await ctx.db.transaction(async (tx) => {
    const result = await work(tx);
    return { result, keys: await bumpCacheKey(tx, ctx.accountId, 'inbox') };
  });
  publishCacheInvalidated(ctx, ctx.accountId, keys);
  return result;
}

const CHANNEL_FEATURES: Partial<Record<ChannelType, FeatureFlag>> = {
  'Channel::WebWidget': 'channel_website',
  'Channel::Email': 'channel_email',
  'Channel::FacebookPage': 'channel_facebook',
  'Channel::TwitterProfile': 'channel_twitter',
};

/** 403 feature_disabled, as the access plugin answers, when the account's flag for this channel is off. */
export async function requireChannelFeature(ctx: AccountCtx, channelType: ChannelType): Promise<void> {
  const flag = CHANNEL_FEATURES[channelType];
  if (!flag || (await getAccount(ctx)).features[flag]) return;
  throw new AppError('feature_disabled', `The ${flag} feature is not enabled for this account.`, { extra: { error_code: 'feature_disabled' } });
}

/** 422 on the field when another channel already holds one of this channel's lookup keys. */
async function checkUnique(tx: Executor, ctx: AccountCtx, parts: ChannelParts, fieldPrefix: string, exceptChannelId?: number) {
  for (const { field, key } of uniqueKeys(parts, ctx.accountId)) {
    await lockChannelKey(tx, key);
    if (await channelKeyTaken(tx, key, exceptChannelId)) throw invalid(`${fieldPrefix}${field}`, 'has already been taken');
  }
}

function channelColumns(ctx: AccountCtx, parts: ChannelParts) {
  const { secrets, ...columns } = parts;
  return { ...columns, secrets: sealSecrets(ctx.config.secretKeyBase, secrets) };
}

/** The inbox columns the input sets; absent fields are left out (defaults on create, unchanged on update). */
function inboxColumns(input: Omit<CreateInboxBody | UpdateInboxBody, 'channel' | 'name' | 'avatar'>): InboxValues {
  const values: InboxValues = {
    greetingEnabled: input.greeting_enabled,
    greetingMessage: input.greeting_message,
    enableEmailCollect: input.enable_email_collect,
    csatSurveyEnabled: input.csat_survey_enabled,
    enableAutoAssignment: input.enable_auto_assignment,
    autoAssignmentConfig: input.auto_assignment_config,
    workingHoursEnabled: input.working_hours_enabled,
    workingHours: input.working_hours,
    outOfOfficeMessage: input.out_of_office_message,
    timezone: input.timezone,
    allowMessagesAfterResolved: input.allow_messages_after_resolved,
    lockToSingleConversation: input.lock_to_single_conversation,
    senderNameType: input.sender_name_type,
    businessName: input.business_name,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

/** Audit entries of channel changes: credentials are named, never recorded. */
function channelAudit(changes: FieldChange[]): Record<string, [unknown, unknown]> {
  return Object.fromEntries(changes.map((c) => [`channel.${c.field}`, c.secret ? ['[FILTERED]', '[FILTERED]'] : [c.before, c.after]]));
}

export type NewInbox = {
  name: string;
  parts: ChannelParts;
  values?: InboxValues;
  avatar?: UploadedFile | undefined;
  /** How the request names channel fields in errors (`channel.` for POST inboxes). */
  fieldPrefix: string;
};

/** Creates a channel and its inbox; everything is checked before anything is written. */
export async function createInboxWith(ctx: AccountCtx, input: NewInbox): Promise<Inbox> {
  await requireChannelFeature(ctx, input.parts.channelType);
  const avatarKey = await storeAvatar(ctx, await checkAvatar(input.avatar));
  let row: InboxWithChannel;
  try {
    row = await changeInboxes(ctx, async (tx) => {
      await checkUnique(tx, ctx, input.parts, input.fieldPrefix);
      const channel = await insertChannel(tx, ctx.accountId, channelColumns(ctx, input.parts));
      const inbox = await insertInbox(tx, { workingHours: DEFAULT_WORKING_HOURS, ...input.values, accountId: ctx.accountId, channelId: channel.id, name: input.name, avatarKey });
      const changes = { name: [null, inbox.name], channel_type: [null, channel.channelType] };
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'create', auditableType: 'Inbox', auditableId: inbox.id, changes, meta: ctx.meta });
      return { inbox, channel };
    });
  } catch (error) {
    await discardAvatar(ctx, avatarKey);
    throw error;
  }
  return present(ctx, row, 0);
}

/** Telegram inboxes may come without a name: they are named after the bot id in the token. */
function inboxName(input: CreateInboxBody): string {
  if (input.name) return input.name;
  const botId = input.channel.type === 'telegram' ? telegramBotId(input.channel.bot_token) : null;
  return botId ? `Telegram bot ${botId}` : 'Telegram';
}

export async function createInbox(ctx: AccountCtx, input: CreateInboxBody): Promise<Inbox> {
  const { channel, name: _name, avatar, ...rest } = input;
  return createInboxWith(ctx, { name: inboxName(input), parts: channelFromPayload(channel), values: inboxColumns(rest), avatar, fieldPrefix: 'channel.' });
}

/** Checks PATCH's `channel{…}` against the fields of the inbox's own channel type. */
function channelUpdate(channelType: ChannelType, raw: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!raw) return {};
  const parsed = (UPDATE_CHANNEL_SCHEMAS[channelType] as z.ZodType<Record<string, unknown>>).safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) (fields[['channel', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  const message = Object.entries(fields).map(([field, list]) => `${humanize(field)} ${list[0]}`).join(', ');
  throw new AppError('validation_failed', message, { fields });
}

export async function updateInbox(ctx: AccountCtx, id: number, input: UpdateInboxBody): Promise<Inbox> {
  const { channel, name, avatar, ...rest } = input;
  const current = await loadInbox(ctx.db, ctx.accountId, id);
  const channelInput = channelUpdate(current.channel.channelType, channel);
  const avatarKey = await storeAvatar(ctx, await checkAvatar(avatar));
  let result: { row: InboxWithChannel; replacedAvatar: string | null };
  try {
    result = await changeInboxes(ctx, async (tx) => {
      const before = await loadInbox(tx, ctx.accountId, id, true);
      const parts = channelParts(before.channel, openSecrets(ctx.config.secretKeyBase, before.channel.secrets));
      const channelChanges = applyChannelChanges(parts, channelInput);
      if (channelChanges.length > 0) {
        await checkUnique(tx, ctx, parts, 'channel.', before.channel.id);
        await updateChannelRow(tx, ctx.accountId, before.channel.id, channelColumns(ctx, parts));
      }
      const values = { ...inboxColumns(rest), name };
      await updateInboxRow(tx, ctx.accountId, id, { ...values, ...(avatarKey ? { avatarKey } : {}) });
      const changes = { ...changesBetween(before.inbox as unknown as Record<string, unknown>, values), ...channelAudit(channelChanges), ...(avatarKey ? { avatar: ['[FILTERED]', '[FILTERED]'] } : {}) };
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Inbox', auditableId: id, changes, meta: ctx.meta });
      }
      return { row: await loadInbox(tx, ctx.accountId, id), replacedAvatar: avatarKey ? before.inbox.avatarKey : null };
    });
  } catch (error) {
    await discardAvatar(ctx, avatarKey);
    throw error;
  }
  await discardAvatar(ctx, result.replacedAvatar);
  return presentInbox(ctx, result.row);
}

/** Deletes the inbox now (Chatwoot queues it): the channel goes, and with it members, conversations and messages. */
export async function deleteInbox(ctx: AccountCtx, id: number): Promise<void> {
  const avatarKey = await changeInboxes(ctx, async (tx) => {
    const before = await loadInbox(tx, ctx.accountId, id, true);
    await deleteChannelRow(tx, ctx.accountId, before.channel.id);
    const changes = { name: [before.inbox.name, null], channel_type: [before.channel.channelType, null] };
    await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'destroy', auditableType: 'Inbox', auditableId: id, changes, meta: ctx.meta });
    return before.inbox.avatarKey;
  });
  await discardAvatar(ctx, avatarKey);
}

export async function removeInboxAvatar(ctx: AccountCtx, id: number): Promise<Inbox> {
  const { row, removed } = await changeInboxes(ctx, async (tx) => {
    const before = await loadInbox(tx, ctx.accountId, id, true);
    const removed = before.inbox.avatarKey;
    if (removed) {
      await updateInboxRow(tx, ctx.accountId, id, { avatarKey: null });
      await recordAudit(tx, { accountId: ctx.accountId, actor: ctx.actor, action: 'update', auditableType: 'Inbox', auditableId: id, changes: { avatar: ['[FILTERED]', null] }, meta: ctx.meta });
    }
    return { row: await loadInbox(tx, ctx.accountId, id), removed };
  });
  await discardAvatar(ctx, removed);
  return presentInbox(ctx, row);
}

/** The HMAC token of a web widget or API channel, opened from its sealed secrets ('' when it has none). */
export function channelHmacToken(secretKeyBase: string, sealed: string | null): string {
  const token = openSecrets(secretKeyBase, sealed).hmac_token;
  return typeof token === 'string' ? token : '';
}

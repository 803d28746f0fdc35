import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationCounts } from '@app/shared/conversations';
import { ConversationSchema } from '@app/shared/conversations';
import { MessageSchema } from '@app/shared/messages';
import { conversationKeys, type ConversationPages, type MessagePages, type Typer } from './api.ts';
import { wireEvent } from '../../lib/realtime/fake-cable.ts';
import { applyEvent, placeFetched, previousState, type RealtimeContext } from './realtime.ts';
import { ACCOUNT_ID, JANE, makeConversation, makeMessage, NOW, SAM, USER_ID } from './testing/fixtures.ts';
import { flattenList } from './utils/list-cache.ts';
import type { CountsFilters, ListFilters } from './utils/list-filters.ts';
import { flattenMessages } from './utils/messages-cache.ts';

const HOME_OPEN: CountsFilters = { scope: { kind: 'home' }, status: 'open' };
const list = (assigneeType: ListFilters['assigneeType'], extra: Partial<ListFilters> = {}): ListFilters => ({
  ...HOME_OPEN,
  assigneeType,
  sortBy: 'latest',
  ...extra,
});
const counts = (mine: number, unassigned: number, all: number): ConversationCounts => ({ mine_count: mine, assigned_count: all - unassigned, unassigned_count: unassigned, all_count: all });

function setup(conversations: Conversation[] = [makeConversation(1), makeConversation(2), makeConversation(3)], restriction: RealtimeContext['restriction'] = null) {
  const client = new QueryClient();
  const ctx: RealtimeContext = {
    accountId: ACCOUNT_ID,
    userId: USER_ID,
    restriction,
    openConversationId: null,
    fetchConversation: vi.fn(),
    staleCounts: vi.fn(),
    now: () => 1_000,
  };
  const seed = (filters: ListFilters, rows: Conversation[]) =>
    client.setQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, filters), { pages: [{ payload: rows, meta: {} }], pageParams: [1] });
  seed(list('all'), conversations);
  seed(list('unassigned'), conversations.filter((c) => !c.meta.assignee));
  seed(list('me'), conversations.filter((c) => c.meta.assignee?.id === USER_ID));
  client.setQueryData(conversationKeys.counts(ACCOUNT_ID, HOME_OPEN), counts(0, 3, 3));
  const rows = (filters: ListFilters) => flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, filters))).map((c) => c.id);
  const tabCounts = () => client.getQueryData<ConversationCounts>(conversationKeys.counts(ACCOUNT_ID, HOME_OPEN));
  const apply = (event: string, data: unknown) => applyEvent(client, wireEvent(event, data), ctx);
  return { client, ctx, rows, tabCounts, apply };
}

describe('realtime events applied to the conversation caches', () => {
  it('fixtures are valid against the shared schemas', () => {
    expect(ConversationSchema.safeParse(makeConversation(1)).success).toBe(true);
    expect(MessageSchema.safeParse(makeMessage(1, 1, { type: 'outgoing' })).success).toBe(true);
  });

  it('S0-7.59 conversation.created puts a new open conversation at the top of the lists it belongs to and counts it, without fetching', () => {
    const { rows, tabCounts, apply, ctx } = setup();
    const created = makeConversation(9, { last_activity_at: NOW });
    expect(apply('conversation.created', created)).toBe(true);
    expect(rows(list('all'))).toEqual([9, 1, 2, 3]);
    expect(rows(list('unassigned'))).toEqual([9, 1, 2, 3]);
    expect(rows(list('me'))).toEqual([]);
    expect(tabCounts()).toEqual(counts(0, 4, 4));
    expect(ctx.staleCounts).not.toHaveBeenCalled();
    expect(ctx.fetchConversation).not.toHaveBeenCalled();
  });

  it('S0-7.60 conversation.status_changed takes a resolved conversation out of the open lists and lowers the counts', () => {
    const { rows, tabCounts, apply } = setup();
    apply('conversation.status_changed', makeConversation(2, { status: 'resolved', updated_at: NOW }));
    expect(rows(list('all'))).toEqual([1, 3]);
    expect(rows(list('unassigned'))).toEqual([1, 3]);
    expect(tabCounts()).toEqual(counts(0, 2, 2));
  });

  it('S0-7.67 assignee.changed moves a conversation from unassigned to mine, counts follow', () => {
    const { rows, tabCounts, apply } = setup();
    apply('assignee.changed', makeConversation(3, { meta: { ...makeConversation(3).meta, assignee: JANE } }));
    expect(rows(list('me'))).toEqual([3]);
    expect(rows(list('unassigned'))).toEqual([1, 2]);
    expect(rows(list('all'))).toEqual([1, 2, 3]);
    expect(tabCounts()).toEqual(counts(1, 2, 3));
    // and on to someone else: out of mine, still assigned
    apply('assignee.changed', makeConversation(3, { meta: { ...makeConversation(3).meta, assignee: SAM } }));
    expect(rows(list('me'))).toEqual([]);
    expect(tabCounts()).toEqual(counts(0, 2, 3));
  });

  it('a restricted member sees a conversation assigned away from them leave every list; the server counts again; unassigned, it is back', () => {
    const assigned = (id: number, assignee: typeof JANE | null) => makeConversation(id, { meta: { ...makeConversation(id).meta, assignee } });
    // a custom role with conversation_unassigned_manage: their own and the unassigned ones
    const { client, rows, apply, ctx } = setup([makeConversation(1), assigned(3, JANE)], { unassigned: true, participating: false });
    client.setQueryData(conversationKeys.detail(ACCOUNT_ID, 3), assigned(3, JANE));
    apply('assignee.changed', assigned(3, SAM));
    expect(rows(list('all'))).toEqual([1]);
    expect(rows(list('me'))).toEqual([]);
    expect(ctx.staleCounts).toHaveBeenCalledWith(HOME_OPEN);
    expect(client.getQueryData<Conversation>(conversationKeys.detail(ACCOUNT_ID, 3))?.meta.assignee?.id).toBe(SAM.id);
    apply('assignee.changed', assigned(3, null));
    expect(rows(list('all'))).toEqual([1, 3]);
    expect(rows(list('unassigned'))).toEqual([1, 3]);
  });

  it('a restricted member without unassigned conversations loses one when it is unassigned; one they may participate in stays', () => {
    const assigned = (id: number, assignee: typeof JANE | null) => makeConversation(id, { meta: { ...makeConversation(id).meta, assignee } });
    const own = setup([assigned(1, JANE), assigned(2, JANE)], { unassigned: false, participating: false });
    own.apply('assignee.changed', assigned(2, null));
    expect(own.rows(list('all'))).toEqual([1]);
    // participation is not in the payload: the rows stay as they are, the counts move as for anyone
    const participating = setup([assigned(1, JANE), assigned(2, JANE)], { unassigned: false, participating: true });
    participating.apply('assignee.changed', assigned(2, SAM));
    expect(participating.rows(list('all'))).toEqual([1, 2]);
    expect(participating.rows(list('me'))).toEqual([1]);
  });

  it('S0-7.61 conversation.updated changes a row in place (labels, priority) and the open detail', () => {
    const { client, rows, apply, tabCounts } = setup();
    client.setQueryData(conversationKeys.detail(ACCOUNT_ID, 2), makeConversation(2));
    apply('conversation.updated', makeConversation(2, { labels: ['vip'], priority: 'urgent' }));
    expect(rows(list('all'))).toEqual([1, 2, 3]);
    expect(client.getQueryData<Conversation>(conversationKeys.detail(ACCOUNT_ID, 2))?.labels).toEqual(['vip']);
    expect(tabCounts()).toEqual(counts(0, 3, 3));
  });

  it('counts follow changed_attributes even for a conversation no loaded list holds, without a refetch', () => {
    const { apply, ctx, tabCounts, rows } = setup();
    // #42 was open and unassigned (outside the loaded rows); someone resolved it
    apply('conversation.status_changed', { ...makeConversation(42, { status: 'resolved' }), changed_attributes: { status: { previous_value: 'open', current_value: 'resolved' } } });
    expect(tabCounts()).toEqual(counts(0, 2, 2));
    // #43 was assigned to Sam; it is now Jane's (mine)
    apply('assignee.changed', {
      ...makeConversation(43, { meta: { ...makeConversation(43).meta, assignee: JANE } }),
      changed_attributes: { assignee_id: { previous_value: SAM.id, current_value: JANE.id } },
    });
    expect(tabCounts()).toEqual(counts(1, 2, 2));
    expect(ctx.staleCounts).not.toHaveBeenCalled();
    // an open unassigned list shows a conversation that came back to it
    apply('conversation.status_changed', { ...makeConversation(44, { last_activity_at: NOW + 100 }), changed_attributes: { status: { previous_value: 'snoozed', current_value: 'open' } } });
    expect(rows(list('unassigned'))[0]).toBe(44);
    expect(tabCounts()).toEqual(counts(1, 3, 3));
  });

  it('changed_attributes win over a cached copy that missed a change; an event without them moves no count', () => {
    const { apply, tabCounts, ctx } = setup([makeConversation(1, { status: 'pending' })]);
    apply('conversation.status_changed', { ...makeConversation(1, { status: 'open', updated_at: NOW + 5 }), changed_attributes: { status: { previous_value: 'resolved', current_value: 'open' } } });
    expect(tabCounts()).toEqual(counts(0, 4, 4));
    apply('conversation.read', makeConversation(77, { unread_count: 0 }));
    expect(tabCounts()).toEqual(counts(0, 4, 4));
    expect(ctx.staleCounts).not.toHaveBeenCalled();
  });

  it('the change is rebuilt from changed_attributes: status, priority, inbox, labels, assignee and team', () => {
    const after = makeConversation(5, { status: 'open', priority: 'urgent', inbox_id: 2, labels: ['vip'], meta: { ...makeConversation(5).meta, assignee: JANE, team: { id: 3, name: 'Tier 2' } } });
    const before = previousState(after, {
      status: { previous_value: 'pending', current_value: 'open' },
      priority: { previous_value: null, current_value: 'urgent' },
      inbox_id: { previous_value: 1, current_value: 2 },
      labels: { previous_value: [], current_value: ['vip'] },
      assignee_id: { previous_value: null, current_value: JANE.id },
      team_id: { previous_value: 9, current_value: 3 },
    });
    expect([before.status, before.priority, before.inbox_id, before.labels, before.meta.assignee, before.meta.team?.id]).toEqual(['pending', null, 1, [], null, 9]);
    expect(after.meta.assignee).toEqual(JANE);
  });

  it('an event older than what the cache holds changes nothing', () => {
    const { client, apply, rows } = setup([makeConversation(1, { status: 'resolved', updated_at: NOW + 10 })]);
    client.setQueryData(conversationKeys.detail(ACCOUNT_ID, 1), makeConversation(1, { status: 'resolved', updated_at: NOW + 10 }));
    apply('conversation.updated', makeConversation(1, { status: 'open', updated_at: NOW }));
    expect(client.getQueryData<Conversation>(conversationKeys.detail(ACCOUNT_ID, 1))?.status).toBe('resolved');
    expect(rows(list('all'))).toEqual([1]);
  });

  it('S0-7.62 conversation.read clears the unread count of the row', () => {
    const { client, apply } = setup([makeConversation(1, { unread_count: 4 })]);
    apply('conversation.read', makeConversation(1, { unread_count: 0, agent_last_seen_at: NOW }));
    const row = flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all'))))[0];
    expect(row?.unread_count).toBe(0);
  });

  it('S0-7.57 message.created appends to the open messages, updates the preview, raises unread and moves the row to the top', () => {
    const { client, apply, rows } = setup();
    client.setQueryData<MessagePages>(conversationKeys.messages(ACCOUNT_ID, 3), { pages: [{ payload: [makeMessage(300, 3)], meta: null }], pageParams: [null] });
    const message = makeMessage(301, 3, { content: 'Any update?', created_at: NOW + 5 });
    apply('message.created', { ...message, conversation: { assignee_id: null, last_activity_at: NOW + 5 } });
    expect(flattenMessages(client.getQueryData(conversationKeys.messages(ACCOUNT_ID, 3))).map((m) => m.id)).toEqual([300, 301]);
    expect(rows(list('all'))).toEqual([3, 1, 2]);
    const row = flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all'))))[0]!;
    expect(row.last_non_activity_message?.content).toBe('Any update?');
    expect(row.unread_count).toBe(1);
    // the same event again (a replay) changes nothing more
    apply('message.created', { ...message, conversation: { assignee_id: null, last_activity_at: NOW + 5 } });
    expect(flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all'))))[0]!.unread_count).toBe(1);
    expect(flattenMessages(client.getQueryData(conversationKeys.messages(ACCOUNT_ID, 3)))).toHaveLength(2);
  });

  it('S1-4.30 S1-4.31 a private note or an outgoing message does not raise the unread count; the open conversation does not either', () => {
    const { client, ctx, apply } = setup();
    const unread = (id: number) => flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all')))).find((c) => c.id === id)!.unread_count;
    apply('message.created', makeMessage(201, 2, { type: 'outgoing', created_at: NOW + 1 }));
    apply('message.created', makeMessage(202, 2, { type: 'incoming', private: true, created_at: NOW + 2 }));
    expect(unread(2)).toBe(0);
    ctx.openConversationId = 1;
    apply('message.created', makeMessage(101, 1, { created_at: NOW + 3 }));
    expect(unread(1)).toBe(0);
  });

  it('an agent reply ends the wait: the conversation leaves the unattended list and its count', () => {
    const { client, ctx, apply } = setup();
    const unattended: ListFilters = { scope: { kind: 'unattended' }, status: 'open', assigneeType: 'all', sortBy: 'latest' };
    client.setQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, unattended), { pages: [{ payload: [makeConversation(1)], meta: {} }], pageParams: [1] });
    client.setQueryData(conversationKeys.counts(ACCOUNT_ID, { scope: { kind: 'unattended' }, status: 'open' }), counts(0, 1, 1));
    apply('message.created', makeMessage(150, 1, { type: 'outgoing', created_at: NOW + 1 }));
    expect(flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, unattended)))).toEqual([]);
    expect(client.getQueryData(conversationKeys.counts(ACCOUNT_ID, { scope: { kind: 'unattended' }, status: 'open' }))).toEqual(counts(0, 0, 0));
    expect(ctx.staleCounts).not.toHaveBeenCalled();
  });

  it('a message for a conversation no list holds asks for that conversation, which is then placed without touching counts', () => {
    const { client, ctx, apply, rows, tabCounts } = setup();
    apply('message.created', makeMessage(901, 9, { created_at: NOW + 9 }));
    expect(ctx.fetchConversation).toHaveBeenCalledWith(9, { mentioned: false });
    placeFetched(client, ctx, makeConversation(9, { last_activity_at: NOW + 9 }), { mentioned: false });
    expect(rows(list('all'))[0]).toBe(9);
    expect(tabCounts()).toEqual(counts(0, 3, 3));
  });

  it('S1-4.15 message.created reconciles the optimistic copy with the same echo_id instead of adding a second one', () => {
    const { client, apply } = setup();
    const optimistic = { ...makeMessage(-5, 1, { type: 'outgoing', echo_id: 'echo-1', status: 'progress' }) };
    client.setQueryData<MessagePages>(conversationKeys.messages(ACCOUNT_ID, 1), { pages: [{ payload: [makeMessage(100, 1), optimistic], meta: null }], pageParams: [null] });
    apply('message.created', makeMessage(160, 1, { type: 'outgoing', echo_id: 'echo-1', status: 'sent' }));
    const messages = flattenMessages(client.getQueryData(conversationKeys.messages(ACCOUNT_ID, 1)));
    expect(messages.map((m) => [m.id, m.status])).toEqual([
      [100, 'sent'],
      [160, 'sent'],
    ]);
  });

  it('S0-7.58 message.updated replaces the message (a delete, a failed delivery with its error)', () => {
    const { client, apply } = setup();
    client.setQueryData<MessagePages>(conversationKeys.messages(ACCOUNT_ID, 1), { pages: [{ payload: [makeMessage(100, 1), makeMessage(101, 1, { type: 'outgoing' })], meta: null }], pageParams: [null] });
    apply('message.updated', makeMessage(101, 1, { type: 'outgoing', status: 'failed', content_attributes: { external_error: 'Channel error' }, updated_at: NOW + 50 }));
    const failed = flattenMessages(client.getQueryData(conversationKeys.messages(ACCOUNT_ID, 1))).find((m) => m.id === 101)!;
    expect(failed.status).toBe('failed');
    expect(failed.content_attributes.external_error).toBe('Channel error');
  });

  it('S0-7.64 S0-7.65 typing_on adds the typist, typing_off removes them', () => {
    const { client, apply } = setup();
    const data = { conversation: makeConversation(1), user: { id: 2, name: 'Sam Lee', type: 'user' }, is_private: true };
    apply('conversation.typing_on', data);
    expect(client.getQueryData<Typer[]>(conversationKeys.typing(ACCOUNT_ID, 1))).toEqual([{ id: 2, name: 'Sam Lee', type: 'user', isPrivate: true, at: 1_000 }]);
    apply('conversation.typing_off', data);
    expect(client.getQueryData<Typer[]>(conversationKeys.typing(ACCOUNT_ID, 1))).toEqual([]);
  });

  it('S0-7.63 conversation.mentioned puts the conversation in the mention lists and refetches their counts', () => {
    const { client, ctx, apply } = setup();
    const mentions: ListFilters = { scope: { kind: 'mentions' }, status: 'open', assigneeType: 'all', sortBy: 'latest' };
    client.setQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, mentions), { pages: [{ payload: [], meta: {} }], pageParams: [1] });
    client.setQueryData(conversationKeys.counts(ACCOUNT_ID, { scope: { kind: 'mentions' }, status: 'open' }), counts(0, 0, 0));
    apply('conversation.mentioned', { id: 2, inbox_id: 1, account_id: ACCOUNT_ID, message: makeMessage(250, 2) });
    expect(flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, mentions))).map((c) => c.id)).toEqual([2]);
    expect(ctx.staleCounts).toHaveBeenCalledWith({ scope: { kind: 'mentions' }, status: 'open' });
    // one no list holds is fetched first
    apply('conversation.mentioned', { id: 77, inbox_id: 1, account_id: ACCOUNT_ID, message: makeMessage(251, 77) });
    expect(ctx.fetchConversation).toHaveBeenCalledWith(77, { mentioned: true });
  });

  it('S0-7.70 contact.updated renames the contact on its rows', () => {
    const { client, apply } = setup();
    apply('contact.updated', { id: 102, account_id: ACCOUNT_ID, name: 'Grace Hopper' });
    const row = flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all')))).find((c) => c.id === 2)!;
    expect(row.meta.sender.name).toBe('Grace Hopper');
  });

  it('S0-7.66 conversation.contact_changed puts the merged contact on the row and the open detail; counts stay', () => {
    const { client, rows, apply, tabCounts } = setup();
    client.setQueryData(conversationKeys.detail(ACCOUNT_ID, 2), makeConversation(2));
    const base = makeConversation(2);
    const merged = { ...base.meta.sender, id: 555, name: 'Ada Lovelace', email: 'ada@example.com' };
    expect(apply('conversation.contact_changed', makeConversation(2, { meta: { ...base.meta, sender: merged }, updated_at: NOW }))).toBe(true);
    const row = flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, list('all')))).find((c) => c.id === 2)!;
    expect(row.meta.sender).toMatchObject({ id: 555, name: 'Ada Lovelace' });
    expect(client.getQueryData<Conversation>(conversationKeys.detail(ACCOUNT_ID, 2))?.meta.sender.id).toBe(555);
    expect(rows(list('all'))).toEqual([1, 2, 3]);
    expect(tabCounts()).toEqual(counts(0, 3, 3));
  });

  it("S0-7.69 contact.deleted takes the contact's conversations out of every list, fetches an open one again and the counts", () => {
    const { client, ctx, rows, apply } = setup();
    client.setQueryData(conversationKeys.detail(ACCOUNT_ID, 2), makeConversation(2));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // conversation 2's contact is 102 (fixtures)
    expect(apply('contact.deleted', { id: 102, account_id: ACCOUNT_ID, name: 'Customer 2' })).toBe(true);
    expect(rows(list('all'))).toEqual([1, 3]);
    expect(rows(list('unassigned'))).toEqual([1, 3]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.detail(ACCOUNT_ID, 2) });
    expect(ctx.staleCounts).toHaveBeenCalledWith(HOME_OPEN);
    // a contact with nothing loaded changes nothing
    vi.mocked(ctx.staleCounts).mockClear();
    expect(apply('contact.deleted', { id: 999, account_id: ACCOUNT_ID })).toBe(true);
    expect(rows(list('all'))).toEqual([1, 3]);
    expect(ctx.staleCounts).not.toHaveBeenCalled();
  });

  it('S0-7.78 events of another account are ignored', () => {
    const { apply, rows, tabCounts } = setup();
    expect(apply('conversation.created', makeConversation(9, { account_id: 99 }))).toBe(false);
    expect(apply('message.created', { ...makeMessage(5, 1), account_id: 99 })).toBe(false);
    expect(rows(list('all'))).toEqual([1, 2, 3]);
    expect(tabCounts()).toEqual(counts(0, 3, 3));
  });

  it('a list sorted by priority puts an urgent conversation first', () => {
    const { client, apply } = setup();
    const byPriority = list('all', { sortBy: 'priority_desc' });
    client.setQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, byPriority), {
      pages: [{ payload: [makeConversation(1, { priority: 'high' }), makeConversation(2, { priority: 'low' }), makeConversation(3)], meta: {} }],
      pageParams: [1],
    });
    apply('conversation.updated', makeConversation(3, { priority: 'urgent' }));
    expect(flattenList(client.getQueryData<ConversationPages>(conversationKeys.list(ACCOUNT_ID, byPriority))).map((c) => c.id)).toEqual([3, 1, 2]);
  });
});

// The API as the workspace sees it, answered inside the browser (Playwright routes): one administrator, a list of
// `conversations` conversations and `messages` messages in each. Render and scroll figures then measure the app,
// not a server. The /cable socket is held open and silent.
import type { Page, Route } from 'playwright-core';
// bench is not a dependant of the workspace packages; the web app's test fixtures are imported by path.
import { makeInbox } from '../../apps/web/src/test/fixtures.ts';

export const ACCOUNT_ID = 1;
const NOW = Math.floor(Date.now() / 1000);

const user = {
  id: 1,
  access_token: 'bench',
  account_id: ACCOUNT_ID,
  accounts: [
    {
      id: ACCOUNT_ID,
      name: 'Bench Support',
      status: 'active',
      locale: 'en',
      active_at: null,
      role: 'administrator',
      permissions: ['administrator'],
      availability: 'online',
      availability_status: 'online',
      auto_offline: true,
      custom_role_id: null,
      custom_role: null,
      leader_inbox: [],
      checker_inbox: [],
    },
  ],
  available_name: 'Jane Doe',
  avatar_url: '',
  thumbnail: '',
  confirmed: true,
  display_name: null,
  message_signature: null,
  email: 'jane@example.com',
  uid: 'jane@example.com',
  hmac_identifier: '',
  inviter_id: null,
  name: 'Jane Doe',
  provider: 'email',
  pubsub_token: 'bench',
  role: 'administrator',
  permissions: ['administrator'],
  custom_role_id: null,
  availability: 'online',
  availability_status: 'online',
  auto_offline: true,
  leader_inbox: [],
  checker_inbox: [],
  ui_settings: {},
  custom_attributes: {},
  type: null,
};

const FIRST = ['Olivia', 'Marcus', 'Amara', 'Lukas', 'Sofia', 'Hiroshi', 'Priya', 'Ethan', 'Chloé', 'Noah', 'Fatima', 'Jonas'];
const LAST = ['Bennett', 'Chen', 'Okafor', 'Schneider', 'Alvarez', 'Tanaka', 'Raman', 'Brooks', 'Martin', 'Williams', 'Zahra', 'Lindqvist'];
const LINES = [
  'Hi! I was charged twice for the Pro plan this month, could you take a look?',
  'The export to CSV button does nothing on Safari 17.',
  'How do I invite my teammates to the workspace?',
  'Thanks, that was quick!',
  'Can I change the email address on my account? I moved to a new domain last week and the old one will be switched off.',
];

function message(id: number, conversationId: number, i: number) {
  const incoming = i % 3 !== 1;
  const note = i % 17 === 5;
  return {
    id,
    content: `${LINES[i % LINES.length]}${i % 7 === 0 ? ' **Order ORD-' + (1000 + i) + '** https://example.com/orders/' + i : ''}`,
    account_id: ACCOUNT_ID,
    inbox_id: 1,
    conversation_id: conversationId,
    message_type: i % 29 === 7 ? 2 : incoming && !note ? 0 : 1,
    content_type: 'text',
    content_attributes: {},
    status: 'sent',
    private: note,
    source_id: null,
    echo_id: null,
    sender_type: incoming && !note ? 'Contact' : 'User',
    sender_id: incoming && !note ? 100 + conversationId : 1,
    sender: incoming && !note ? { id: 100 + conversationId, name: 'Customer', type: 'contact', thumbnail: '' } : { id: 1, name: 'Jane Doe', available_name: 'Jane Doe', type: 'user', thumbnail: '' },
    external_source_ids: {},
    additional_attributes: {},
    attachments: [],
    created_at: NOW - 86_400 + i * 60,
    updated_at: NOW - 86_400 + i * 60,
  };
}

function conversation(id: number) {
  const last = message(id * 1000, id, id);
  const name = `${FIRST[id % FIRST.length]} ${LAST[(id * 7) % LAST.length]}`;
  return {
    id,
    account_id: ACCOUNT_ID,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    inbox_id: 1 + (id % 3),
    status: 'open',
    priority: [null, null, 'low', 'high', null, 'urgent'][id % 6],
    labels: [[], ['billing'], [], ['vip', 'bug'], []][id % 5],
    muted: false,
    can_reply: true,
    snoozed_until: null,
    unread_count: id % 4 === 0 ? (id % 9) + 1 : 0,
    additional_attributes: {},
    custom_attributes: {},
    agent_last_seen_at: 0,
    assignee_last_seen_at: 0,
    contact_last_seen_at: 0,
    first_reply_created_at: 0,
    waiting_since: NOW - id * 30,
    last_activity_at: NOW - id * 30,
    timestamp: NOW - id * 30,
    created_at: NOW - id * 60,
    updated_at: NOW - id * 30,
    sla_policy_id: null,
    meta: {
      sender: { id: 100 + id, name, email: `customer${id}@example.com`, phone_number: null, identifier: null, thumbnail: '', blocked: false, additional_attributes: {}, custom_attributes: {}, type: 'contact' },
      channel: 'Channel::Api',
      assignee: id % 3 === 0 ? { id: 1, account_id: ACCOUNT_ID, availability_status: 'online', auto_offline: true, confirmed: true, email: 'jane@example.com', available_name: 'Jane Doe', name: 'Jane Doe', role: 'administrator', thumbnail: '', custom_role_id: null, provider: 'email' } : null,
      team: null,
      hmac_verified: false,
    },
    messages: [last],
    last_non_activity_message: last,
  };
}


/** Answers the app's calls from generated data; counts the message windows asked for. */
export async function mockApi(page: Page, options: { conversations: number; messages: number }) {
  const conversations = Array.from({ length: options.conversations }, (_, i) => conversation(i + 1));
  const counts = { mine_count: Math.floor(options.conversations / 3), assigned_count: Math.floor(options.conversations / 3), unassigned_count: options.conversations - Math.floor(options.conversations / 3), all_count: options.conversations };
  const messages = (id: number) => Array.from({ length: options.messages }, (_, i) => message(id * 10_000 + i + 1, id, i));
  const json = (route: Route, body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  const listBody = JSON.stringify({ data: { meta: counts, payload: conversations } });
  const emptyPage = JSON.stringify({ data: { meta: counts, payload: [] } });

  await page.routeWebSocket(/\/cable$/, () => {
    // held open, never answered: the realtime client waits, the figures see no events
  });
  await page.route(/\/(auth|api)\//, (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname.replace(`/api/v1/accounts/${ACCOUNT_ID}`, '~');
    let match: RegExpMatchArray | null;
    if (p === '/auth/validate_token') return json(route, { payload: { success: true, data: user } });
    if (p === '/api/v1/global_config') return json(route, { agent_bots_enabled: true, deployment: 'self_hosted', create_new_account_from_dashboard: false, enable_account_signup: false, oauth_providers: {} });
    if (p === '~') return json(route, { id: ACCOUNT_ID, name: 'Bench Support', locale: 'en', domain: null, support_email: null, status: 'active', created_at: '2024-01-01T00:00:00.000Z', features: {}, custom_attributes: {}, settings: {}, cache_keys: { label: 1, inbox: 1, team: 1 }, latest_chatwoot_version: '1.0.0' });
    if (p === '~/inboxes') return json(route, { payload: [makeInbox(1, 'Website chat'), makeInbox(2, 'Billing'), makeInbox(3, 'Enterprise')] });
    if (p === '~/labels') return json(route, { payload: ['billing', 'vip', 'bug'].map((title, i) => ({ id: i + 1, title, description: null, color: ['#F79009', '#7A5AF8', '#0BA5EC'][i], show_on_sidebar: true })) });
    if (p === '~/conversations') return route.fulfill({ status: 200, contentType: 'application/json', body: url.searchParams.get('page') === '1' ? listBody : emptyPage });
    if (p === '~/conversations/meta') return json(route, { meta: counts });
    if ((match = /^~\/conversations\/(\d+)$/.exec(p))) return json(route, conversations[Number(match[1]) - 1] ?? conversation(Number(match[1])));
    if ((match = /^~\/conversations\/(\d+)\/messages$/.exec(p))) {
      const id = Number(match[1]);
      const meta = { labels: [], additional_attributes: {}, contact: conversation(id).meta.sender, assignee: null, agent_last_seen_at: null, assignee_last_seen_at: null };
      return json(route, { meta, payload: url.searchParams.has('before') ? [] : messages(id) });
    }
    if (/^~\/contacts\/\d+\/conversations$/.test(p)) return json(route, { payload: [] });
    if (/^~\/(assignable_agents|inboxes\/open_conversations_count)$/.test(p)) return json(route, { payload: [] });
    if (p === '~/dashboard_apps') return json(route, []);
    if (/^~\/(teams|custom_filters)$/.test(p) || /^~\/conversations\/\d+\/participants$/.test(p)) return json(route, []);
    if (p === '~/notifications/unread_count') return json(route, 0);
    if (p === '/api') return json(route, { version: '1.0.0', timestamp: '', queue_services: 'embedded', data_services: 'ok' });
    return json(route, {});
  });
}

/** Any session will do: the mock answers validate_token whatever the headers. */
export const SESSION_COOKIE_VALUE = encodeURIComponent(
  JSON.stringify({ 'access-token': 'bench', 'token-type': 'Bearer', client: 'bench', expiry: String(NOW + 86_400), uid: 'jane@example.com' }),
);

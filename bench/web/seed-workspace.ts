// Seeds a realistic conversation workspace through the public API of a running server (screenshots.ts uses it):
// inboxes, labels, a team, two invited agents, contacts, conversations in every status with replies, notes,
// activity, attachments and a failed delivery. Everything goes through the same calls an integration would make.
import { deflateSync } from 'node:zlib';

export type Api = {
  base: string;
  token: string;
  accountId: number;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
};

/** Signs in with email and password and answers a client that calls the API with the user's access token. */
export async function connect(base: string, email: string, password: string): Promise<Api> {
  const response = await fetch(`${base}/auth/sign_in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`sign in: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { access_token: string; account_id: number } };
  const token = data.access_token;
  const call = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const isForm = body instanceof FormData;
    const answer = await fetch(`${base}${path.startsWith('/api') ? path : `/api/v1/accounts/${data.account_id}/${path}`}`, {
      method,
      headers: { api_access_token: token, ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
  return { base, token, accountId: data.account_id, call };
}

// --- a small PNG (a soft diagonal gradient with a band), so image previews have something to show

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export function gradientPng(width = 480, height = 300): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const band = Math.abs(y - height * 0.62 - Math.sin(x / 40) * 12) < 18 ? 0.85 : 1;
      const i = row + 1 + x * 3;
      rows[i] = Math.round((214 - 90 * t) * band);
      rows[i + 1] = Math.round((228 - 60 * t) * band);
      rows[i + 2] = Math.round(250 * band);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array())]);
}

// --- the workspace

type Conversation = { id: number };
type Message = { id: number };
type Inbox = { id: number; inbox_identifier: string };

/** A call to an API inbox's public client API (no token: the inbox identifier and the contact's source id). */
async function publicCall<T>(api: Api, inbox: Inbox, path: string, body: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const answer = await fetch(`${api.base}/public/api/v1/inboxes/${inbox.inbox_identifier}/${path}`, {
    method: 'POST',
    headers: isForm ? {} : { 'content-type': 'application/json' },
    body: isForm ? body : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`public ${path}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

const CONTACTS: [string, string, string][] = [
  ['Olivia Bennett', 'Lisbon', 'Portugal'],
  ['Marcus Chen', 'Toronto', 'Canada'],
  ['Amara Okafor', 'Lagos', 'Nigeria'],
  ['Lukas Schneider', 'Munich', 'Germany'],
  ['Sofia Alvarez', 'Valencia', 'Spain'],
  ['Hiroshi Tanaka', 'Osaka', 'Japan'],
  ['Priya Raman', 'Chennai', 'India'],
  ['Ethan Brooks', 'Denver', 'United States'],
  ['Chloé Martin', 'Lyon', 'France'],
  ['Noah Williams', 'Leeds', 'United Kingdom'],
  ['Fatima Zahra', 'Casablanca', 'Morocco'],
  ['Jonas Lindqvist', 'Uppsala', 'Sweden'],
];

/** Each thread: status, priority, labels, who it goes to, then its messages (in = the contact, out = an agent, note, activity via actions). */
const THREADS = [
  { status: 'open', priority: 'urgent', labels: ['billing', 'vip'], assign: 'me', inbox: 0, messages: [['in', "Hi! I was charged twice for the Pro plan this month — could you take a look? It's urgent, our finance team closes the books tomorrow."], ['note', 'Checked Stripe: two captures on the 3rd. @Sam can you confirm the refund flow for annual plans?'], ['out', "Thanks for flagging this, Olivia. I can see the duplicate charge on **3 May** and I've started a refund for it. You'll get a confirmation email shortly."], ['in', 'Here is the screenshot from our bank statement.', 'image'], ['in', 'Thank you, that was quick!']] },
  { status: 'open', priority: 'high', labels: ['bug'], assign: 'sam', inbox: 0, messages: [['in', 'The export to CSV button does nothing on Safari 17. Chrome works fine.'], ['out', 'Thanks Marcus — we can reproduce it and have a fix going out in the next release.']] },
  { status: 'open', priority: null, labels: ['onboarding'], assign: null, inbox: 1, messages: [['in', 'Hello, how do I invite my teammates to the workspace?']] },
  { status: 'open', priority: 'medium', labels: ['refund'], assign: 'me', inbox: 1, messages: [['in', 'I would like a refund for my last order, it arrived damaged.', 'file'], ['out', 'Sorry to hear that! Could you send a photo of the package?'], ['in', 'Sure, sending it now.']] },
  { status: 'open', priority: 'low', labels: [], assign: null, inbox: 0, messages: [['in', 'Is there a discount for non-profits?']] },
  { status: 'open', priority: null, labels: ['vip'], assign: 'priya', inbox: 2, messages: [['in', 'We are evaluating the Enterprise plan for 400 seats. Can we schedule a call this week?'], ['out', 'Absolutely — does Thursday 3 pm CET work for you?']] },
  { status: 'open', priority: 'high', labels: ['bug', 'billing'], assign: null, inbox: 1, messages: [['in', 'Invoice PDF shows the wrong VAT number.'], ['out', 'We are correcting the invoice template now.', 'failed']] },
  { status: 'pending', priority: null, labels: [], assign: 'me', inbox: 0, messages: [['in', 'Can I change the email address on my account?'], ['out', 'Yes — I have sent you a verification link. Let me know once you have clicked it.']] },
  { status: 'open', priority: null, labels: ['onboarding'], assign: 'sam', inbox: 0, messages: [['in', 'Where can I find the API keys?'], ['out', 'Under **Profile → Access token**. Here is the guide: https://docs.example.com/api']] },
  { status: 'snoozed', priority: 'medium', labels: [], assign: 'me', inbox: 2, messages: [['in', 'Please get back to me after our board meeting next week.']] },
  { status: 'resolved', priority: null, labels: ['billing'], assign: 'me', inbox: 1, messages: [['in', 'Thanks, the invoice is correct now.'], ['out', 'Glad to help! Closing this one.']] },
  { status: 'open', priority: null, labels: [], assign: null, inbox: 0, messages: [['in', 'Do you support single sign-on with Okta?']] },
] as const;

export type SeededWorkspace = {
  accountId: number;
  inboxIds: number[];
  conversationIds: number[];
  /** The richest conversation (notes, attachments, activity): the one to show. */
  showcaseId: number;
};

async function invite(api: Api, name: string, email: string): Promise<number> {
  const agent = await api.call<{ id: number }>('POST', 'agents', { name, email, role: 'agent' }).catch(async () => {
    const agents = await api.call<{ id: number; email: string }[]>('GET', 'agents');
    return agents.find((a) => a.email === email)!;
  });
  return agent.id;
}

/** Seeds one account's workspace; `me` is the signed-in administrator. */
export async function seedWorkspace(api: Api): Promise<SeededWorkspace> {
  const profile = await api.call<{ id: number }>('GET', '/api/v1/profile');
  const sam = await invite(api, 'Sam Lee', 'sam.lee@example.com');
  const priya = await invite(api, 'Priya Patel', 'priya.patel@example.com');
  const people: Record<string, number> = { me: profile.id, sam, priya };

  // API-channel inboxes; without a webhook an agent's reply counts as sent. A broken webhook makes a failing channel.
  const inboxes: Inbox[] = [];
  for (const name of ['Website chat', 'Billing', 'Enterprise']) inboxes.push(await api.call<Inbox>('POST', 'inboxes', { name, channel: { type: 'api' } }));
  const broken = await api.call<Inbox>('POST', 'inboxes', { name: 'Partner API', channel: { type: 'api', webhook_url: 'http://partner-api.invalid/hook' } });
  for (const inbox of [...inboxes, broken]) {
    await api.call('POST', 'inbox_members', { inbox_id: inbox.id, user_ids: Object.values(people) }).catch(() => undefined);
  }
  for (const [title, color] of [
    ['billing', '#F79009'],
    ['refund', '#E5484D'],
    ['vip', '#7A5AF8'],
    ['bug', '#0BA5EC'],
    ['onboarding', '#12B76A'],
  ] as const) {
    await api.call('POST', 'labels', { title, color }).catch(() => undefined);
  }
  await api.call('POST', 'teams', { name: 'Tier 2 support', description: 'Escalations' }).catch(() => undefined);

  const image = gradientPng();
  const conversationIds: number[] = [];
  for (let i = 0; i < THREADS.length; i++) {
    const thread = THREADS[i]!;
    const [name, city, country] = CONTACTS[i % CONTACTS.length]!;
    const failing = thread.messages.some((m) => m[2] === 'failed');
    const inbox = failing ? broken : inboxes[thread.inbox]!;
    // The contact writes in through the inbox's public client API, as a real integration does.
    const contact = await publicCall<{ id: number; source_id: string }>(api, inbox, 'contacts', {
      name,
      email: `${name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').replace(' ', '.')}@example.com`,
      phone_number: `+1555${String(1000 + i * 37).padStart(7, '0')}`,
    });
    await api.call('PATCH', `contacts/${contact.id}`, { additional_attributes: { city, country, company_name: ['Northwind', 'Globex', 'Initech', 'Umbrella'][i % 4] } });
    const thread_ = `contacts/${contact.source_id}/conversations`;
    const conversation = await publicCall<Conversation>(api, inbox, thread_, {});
    const path = `conversations/${conversation.id}`;
    const incoming = (body: unknown) => publicCall<Message>(api, inbox, `${thread_}/${conversation.id}/messages`, body);
    for (const [kind, content, extra] of thread.messages as readonly (readonly [string, string, string?])[]) {
      if (kind === 'in' && (extra === 'image' || extra === 'file')) {
        const form = new FormData();
        form.set('content', content);
        form.append('attachments[]', extra === 'image' ? new Blob([image], { type: 'image/png' }) : new Blob(['%PDF-1.4\n%…\n'], { type: 'application/pdf' }), extra === 'image' ? 'bank-statement.png' : 'delivery-note.pdf');
        await incoming(form);
      } else if (kind === 'in') {
        await incoming({ content });
      } else if (kind === 'note') {
        const body = content.replace('@Sam', `[@Sam Lee](mention://user/${sam}/Sam%20Lee)`);
        await api.call<Message>('POST', `${path}/messages`, { content: body, private: true });
      } else {
        await api.call<Message>('POST', `${path}/messages`, { content });
      }
    }
    if (thread.assign) await api.call('POST', `${path}/assignments`, { assignee_id: people[thread.assign] });
    if (thread.labels.length) await api.call('POST', `${path}/labels`, { labels: thread.labels });
    if (thread.priority) await api.call('POST', `${path}/toggle_priority`, { priority: thread.priority });
    if (thread.status !== 'open') {
      const until = thread.status === 'snoozed' ? Math.floor(Date.now() / 1000) + 6 * 86_400 : undefined;
      await api.call('POST', `${path}/toggle_status`, { status: thread.status, ...(until ? { snoozed_until: until } : {}) });
    }
    conversationIds.push(conversation.id);
  }
  return { accountId: api.accountId, inboxIds: inboxes.map((i) => i.id), conversationIds, showcaseId: conversationIds[0]! };
}

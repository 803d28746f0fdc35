import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { RouteEntry } from '../plugins/id-params.ts';
import { buildTestApp, injectMultipart, type TestContext } from '../../test/helpers.ts';
import { createAccountWithAdmin, type Member } from '../../test/factories.ts';

/**
 * CSV exports and the public client API (issue 16, security suite).
 * - Every route that answers `text/csv` (found in the route table, so a new one fails here until it has a probe)
 *   is fed values stored through the API that a spreadsheet would run as formulas (= + - @, a tab or a carriage
 *   return first) and must write each with the escaping apostrophe, and no cell that starts a formula.
 * - The public client API of an API inbox answers a contact its own conversations and public messages only: never
 *   a private note, never another contact's conversation or message, whatever ids are put in its paths.
 */

const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3+cmd|calc', '@SUM(A1:A2)', '\t=1+3', '\r=1+4'];
/** What a spreadsheet runs: a formula start that is not a plain signed number (a phone number, a negative amount). */
const RUNS_AS_FORMULA = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell);

let t: TestContext;
let accountId: number;
let admin: Member;
const csvRoutes = () => t.app.routeTable.filter((r: RouteEntry) => r.produces?.includes('text/csv') && r.method === 'GET');

beforeAll(async () => {
  t = await buildTestApp();
  ({ account: { id: accountId }, admin } = await createAccountWithAdmin(t));
}, 30_000);
afterAll(() => t?.close());

const api = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, payload?: object) => {
  const res = await t.app.inject({ method, url: path.startsWith('/') ? path : `/api/v1/accounts/${accountId}/${path}`, headers: admin.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
};

/** Polls a job's JSON until it finished. */
async function finished(path: string): Promise<{ id: number; status: string }> {
  for (const deadline = Date.now() + 15_000; ; ) {
    const job = (await api('GET', path)).json().payload as { id: number; status: string };
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`${path} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A CSV of names under a header, each value quoted (the importers read it back as the same text). */
const csvText = (header: string[], rows: string[][]) =>
  [header, ...rows].map((row) => row.map((v) => `"${v.replace(/"/g, '""')}"`).join(',')).join('\r\n');

const since = () => Math.floor(Date.now() / 1000) - 86_400;
const reportQuery = () => `since=${since()}&until=${since() + 2 * 86_400}`;

/**
 * One probe per CSV route: stores the formulas through the API where that export reads them, answers the CSV.
 * `values` are the stored texts the export must carry (escaped); labels can only start with '-' of the formula starts.
 */
type Probe = { values: string[]; download: () => Promise<string> };
const probes: Record<string, Probe | { exempt: string }> = {
  'GET /api/v1/accounts/:accountId/contacts/exports/:id/download': {
    values: FORMULAS,
    async download() {
      for (const name of FORMULAS) await api('POST', 'contacts', { name, email: `c${Math.random().toString(36).slice(2)}@example.com` });
      const job = (await api('POST', 'contacts/export', {})).json().payload as { id: number };
      await finished(`contacts/exports/${job.id}`);
      return (await api('GET', `contacts/exports/${job.id}/download`)).body;
    },
  },
  'GET /api/v1/accounts/:accountId/contacts/imports/:id/errors': {
    values: FORMULAS,
    async download() {
      const file = csvText(['name', 'email'], FORMULAS.map((name) => [name, 'not an email']));
      const res = await injectMultipart(t.app, 'POST', `/api/v1/accounts/${accountId}/contacts/import`, admin.headers, { import_file: { data: Buffer.from(file), filename: 'c.csv', type: 'text/csv' } });
      expect(res.statusCode, res.body).toBe(202);
      const job = await finished(`contacts/imports/${res.json().payload.id}`);
      return (await api('GET', `contacts/imports/${job.id}/errors`)).body;
    },
  },
  'GET /api/v1/accounts/:accountId/withdraws/export': { values: FORMULAS, download: () => paymentsExport('withdraws') },
  'GET /api/v1/accounts/:accountId/recharges/export': { values: FORMULAS, download: () => paymentsExport('recharges') },
  'GET /api/v1/accounts/:accountId/payment_imports/:id/errors': {
    values: FORMULAS,
    async download() {
      const inbox = await apiInbox();
      // the report names a refused row by its order id: that is where the formulas go
      const file = csvText(['order_id', 'amount', 'customer_name'], FORMULAS.map((orderId, i) => [orderId, 'not a number', `Customer ${i}`]));
      const res = await injectMultipart(t.app, 'POST', `/api/v1/accounts/${accountId}/withdraws/import`, admin.headers, [
        ['inbox_id', String(inbox)],
        ['file', { data: Buffer.from(file), filename: 'w.csv', type: 'text/csv' }],
      ]);
      expect(res.statusCode, res.body).toBe(202);
      const job = await finished(`payment_imports/${res.json().payload.id}`);
      return (await api('GET', `payment_imports/${job.id}/errors`)).body;
    },
  },
  'GET /api/v2/accounts/:accountId/reports/agents': {
    values: FORMULAS,
    async download() {
      for (const name of FORMULAS) await api('POST', 'agents', { name, email: `a${Math.random().toString(36).slice(2)}@example.com`, role: 'agent' });
      return (await api('GET', `/api/v2/accounts/${accountId}/reports/agents?${reportQuery()}`)).body;
    },
  },
  'GET /api/v2/accounts/:accountId/reports/inboxes': {
    values: FORMULAS,
    async download() {
      for (const name of FORMULAS) await api('POST', 'inboxes', { name, channel: { type: 'api', webhook_url: '' } });
      return (await api('GET', `/api/v2/accounts/${accountId}/reports/inboxes?${reportQuery()}`)).body;
    },
  },
  'GET /api/v2/accounts/:accountId/reports/teams': {
    values: FORMULAS,
    async download() {
      for (const name of FORMULAS) await api('POST', 'teams', { name });
      return (await api('GET', `/api/v2/accounts/${accountId}/reports/teams?${reportQuery()}`)).body;
    },
  },
  'GET /api/v2/accounts/:accountId/reports/labels': {
    // titles are one word of letters, digits, '-' and '_': of the formula starts only '-' fits
    values: ['-cmd', '-2-3x'],
    async download() {
      for (const title of ['-cmd', '-2-3x']) await api('POST', 'labels', { title });
      return (await api('GET', `/api/v2/accounts/${accountId}/reports/labels?${reportQuery()}`)).body;
    },
  },
  'GET /api/v2/accounts/:accountId/reports/conversation_traffic': { exempt: 'counts by weekday and hour: no stored text' },
  'GET /api/v1/accounts/:accountId/csat_survey_responses/download': {
    values: FORMULAS,
    async download() {
      const inbox = await apiInbox({ csat: true });
      for (const feedback of FORMULAS) await answeredSurvey(inbox, feedback);
      return (await api('GET', `csat_survey_responses/download?${reportQuery()}`)).body;
    },
  },
};

async function paymentsExport(kind: 'withdraws' | 'recharges'): Promise<string> {
  const inbox = await apiInbox();
  const records = FORMULAS.map((name, i) => ({ inbox_id: inbox, order_id: `${kind}-${i}`, amount: '10', customer_name: name, upi_id: null, extras: { note: name } }));
  await api('POST', `${kind}/import`, { records });
  return (await api('GET', `${kind}/export?max_count=10000`)).body;
}

/** An API inbox made through the API (CSAT surveys on when asked); answers its id. */
async function apiInbox(options: { csat?: boolean } = {}): Promise<number> {
  const res = await api('POST', 'inboxes', { name: `Inbox ${Math.random().toString(36).slice(2)}`, channel: { type: 'api', webhook_url: '' } });
  const id = res.json().id as number;
  if (options.csat) await api('PATCH', `inboxes/${id}`, { csat_survey_enabled: true });
  return id;
}

/** A conversation of the inbox, resolved; its survey, sent by the worker, answered through the public page. */
async function answeredSurvey(inboxId: number, feedback: string): Promise<void> {
  const identifier = (await api('GET', `inboxes/${inboxId}`)).json().inbox_identifier as string;
  const pub = `/public/api/v1/inboxes/${identifier}`;
  const contact = (await t.app.inject({ method: 'POST', url: `${pub}/contacts`, payload: { name: feedback } })).json() as { source_id: string };
  const conversation = (await t.app.inject({ method: 'POST', url: `${pub}/contacts/${contact.source_id}/conversations`, payload: {} })).json() as { id: number; uuid: string };
  await api('POST', `conversations/${conversation.id}/toggle_status`, { status: 'resolved' });
  const uuid = conversation.uuid ?? ((await api('GET', `conversations/${conversation.id}`)).json().uuid as string);
  for (const deadline = Date.now() + 10_000; ; ) {
    const res = await t.app.inject({ method: 'PUT', url: `/public/api/v1/csat_survey/${uuid}`, payload: { message: { submitted_values: { csat_survey_response: { rating: 1, feedback_message: feedback } } } } });
    if (res.statusCode === 200) return;
    if (Date.now() > deadline) throw new Error(`survey of ${uuid}: ${res.statusCode} ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('CSV exports escape formula cells', () => {
  it('every CSV route of the route table has a probe (a new export fails here until it has one)', () => {
    const routes = csvRoutes().map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.filter((r) => !(r in probes))).toEqual([]);
  });

  for (const [route, probe] of Object.entries(probes)) {
    if ('exempt' in probe) continue;
    it(`${route}: every stored formula comes out escaped, and no cell starts one`, async () => {
      const body = await probe.download();
      const cells = (parse(body, { relax_column_count: true }) as string[][]).flat();
      expect(cells.filter(RUNS_AS_FORMULA)).toEqual([]);
      // the values really are in the file (else the check above proves nothing)
      // (a name may have been trimmed on the way in: then its formula starts after the tab or carriage return)
      const escaped = (value: string) => cells.some((cell) => cell.includes(`'${value}`) || cell.includes(`'${value.trim()}`));
      expect(probe.values.filter((value) => !escaped(value))).toEqual([]);
    }, 20_000);
  }
});

describe('the public client API never shows private notes or another contact\'s conversations', () => {
  const pub = (identifier: string, rest: string) => `/public/api/v1/inboxes/${identifier}${rest}`;
  /** A valid body for each kind of write, so a probe is refused for whose ids it names, not for its shape. */
  const probeBody = (method: string) => (method === 'PATCH' ? { content: 'probe', name: 'probe', submitted_values: { email: 'probe@example.com' } } : { content: 'probe', name: 'probe' });
  const inject = (method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: payload ?? probeBody(method) }) });

  it('every public inbox route, with the victim\'s conversation and message ids under the attacker\'s contact (or another inbox), answers 404 and leaks nothing', async () => {
    const inboxId = await apiInbox();
    const identifier = (await api('GET', `inboxes/${inboxId}`)).json().inbox_identifier as string;
    const otherIdentifier = (await api('GET', `inboxes/${await apiInbox()}`)).json().inbox_identifier as string;
    const contact = async (name: string) => (await inject('POST', pub(identifier, '/contacts'), { name })).json() as { source_id: string };
    const victim = await contact('Victim');
    const attacker = await contact('Attacker');

    const conversation = (await inject('POST', pub(identifier, `/contacts/${victim.source_id}/conversations`), {})).json() as { id: number };
    const own = await inject('POST', pub(identifier, `/contacts/${victim.source_id}/conversations/${conversation.id}/messages`), { content: 'victim secret message' });
    expect(own.statusCode, own.body).toBe(200);
    await api('POST', `conversations/${conversation.id}/messages`, { content: 'agent reply to the victim' });
    await api('POST', `conversations/${conversation.id}/messages`, { content: 'private note about the victim', private: true });
    const messageId = own.json().id as number;
    const SECRETS = ['victim secret message', 'agent reply to the victim', 'private note about the victim'];

    // The victim sees the conversation and the public messages, never the note (the positive control).
    const seen = await inject('GET', pub(identifier, `/contacts/${victim.source_id}/conversations/${conversation.id}/messages`));
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('agent reply to the victim');
    expect(seen.body).not.toContain('private note about the victim');
    const list = await inject('GET', pub(identifier, `/contacts/${victim.source_id}/conversations`));
    expect(list.body).toContain('agent reply to the victim');
    expect(list.body).not.toContain('private note about the victim');

    // Every route of the public inbox API, filled with the victim's ids under the attacker's source id, and with
    // the victim's own source id under another inbox's identifier.
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/public/api/v1/inboxes/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const leaks: string[] = [];
    for (const route of routes) {
      for (const [inbox, sourceId] of [[identifier, attacker.source_id], [otherIdentifier, victim.source_id]] as const) {
        const url = route.url
          .replace(':inbox_identifier', inbox)
          .replace(':source_id', sourceId)
          .replace(':conversation_id', String(conversation.id))
          .replace(':message_id', String(messageId));
        const res = await inject(route.method, url);
        // a route without a contact in its path (creating one) is open to anyone; every other names the victim's things
        const foreign = route.url.includes(':source_id') && (route.url.includes(':conversation_id') || inbox === otherIdentifier);
        if (foreign && res.statusCode !== 404) leaks.push(`${route.method} ${url}: ${res.statusCode}`);
        if (res.statusCode >= 500 || SECRETS.some((s) => res.body.includes(s))) leaks.push(`${route.method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(leaks).toEqual([]);

    // The attacker's own conversation list is theirs alone, and the victim's messages are unchanged.
    const theirs = await inject('GET', pub(identifier, `/contacts/${attacker.source_id}/conversations`));
    expect(theirs.statusCode).toBe(200);
    expect(SECRETS.filter((s) => theirs.body.includes(s))).toEqual([]);
    const after = await inject('GET', pub(identifier, `/contacts/${victim.source_id}/conversations/${conversation.id}/messages`));
    expect(after.body).toContain('victim secret message');
    expect(after.body).not.toContain('probe');
  }, 20_000);
});

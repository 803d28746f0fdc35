import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInViaApi, test } from '../../fixtures.ts';
import { serverFor } from '../../playwright.config.ts';
import { WorkspaceSetup, type Credentials } from '../conversations/workspace-setup.ts';

/**
 * One field's payload: a visible marker, then markup that calls the page's `__xss` hook (or opens a dialog) if
 * it is ever parsed as HTML or evaluated as a template. Short enough for the 255-character name fields.
 */
const payload = (tag: string) =>
  `Xss ${tag} <img src=x onerror="__xss('${tag}:img')"><svg onload="__xss('${tag}:svg')">"><script>__xss('${tag}:script')</script>'><img src=y onerror=alert('${tag}')>{{constructor.constructor('__xss(1)')()}} end`;

/** A message's payload: the field payload plus markdown links, anchors, frames and event handlers the message formatter could turn into markup. */
const messageCorpus = (tag: string) =>
  [
    payload(tag),
    `[click ${tag}](javascript:__xss('${tag}:md'))`,
    `[upper ${tag}](JaVaScRiPt:alert('${tag}'))`,
    `<a href="javascript:__xss('${tag}:a')">anchor ${tag}</a>`,
    `<iframe srcdoc="<script>parent.__xss('${tag}:iframe')</script>"></iframe>`,
    `<details open ontoggle="__xss('${tag}:details')">details</details>`,
    `**bold <img src=x onerror="__xss('${tag}:bold')">** and \`<img src=x onerror="__xss('${tag}:code')">\``,
    `https://example.com/"><img src=x onerror="__xss('${tag}:url')">`,
  ].join('\n');

/** Everything stored in beforeAll, for the tests to open. */
type Seeded = { accountId: number; inboxId: number; conversationId: number; contactId: number; agent: Credentials };
let seeded: Seeded;

/** The payload of `tag` as the page must show it: as text, markup and all. */
const shownAsText = (tag: string) => `Xss ${tag} <img src=x onerror="__xss('${tag}:img')">`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Stores the corpus through the API in every text field the dashboard renders: messages (incoming, outgoing,
 * private), the contact, the inbox, a label, a team, a canned response, attribute definitions and values,
 * the agent's name (an actor of the notifications), a CSAT comment, and a withdrawal and a withdraw issue.
 */
async function seed(request: APIRequestContext): Promise<Seeded> {
  // unique names: a retry (or a failed test's fresh worker) seeds again into the same server
  const run = Date.now().toString(36);
  const setup = await WorkspaceSetup.signIn(request);
  const inbox = await setup.inbox(payload('inbox'));
  await setup.call('PATCH', `inboxes/${inbox.id}`, { csat_survey_enabled: true });
  const agent = await setup.agent('Xavier Agent', [inbox]);
  await setup.call('PATCH', `agents/${agent.id}`, { name: payload('agent') });

  await setup.call('POST', 'custom_attribute_definitions', {
    attribute_display_name: payload('attr-name'),
    attribute_description: payload('attr-desc'),
    attribute_key: `xss_contact_${run}`,
    attribute_model: 'contact_attribute',
  });
  await setup.call('POST', 'custom_attribute_definitions', {
    attribute_display_name: payload('conv-attr'),
    attribute_key: `xss_conversation_${run}`,
    attribute_model: 'conversation_attribute',
  });
  await setup.call('POST', 'labels', { title: `xss_${run}`, description: payload('label') });
  const team = await setup.call<{ id: number }>('POST', 'teams', { name: `${payload('team')} ${run}`, description: payload('team-desc') });
  await setup.call('POST', 'canned_responses', { short_code: `xss${run}`, content: payload('canned') });

  // the contact's incoming message carries the corpus; the contact then gets a payload in every free-text field
  const conversationId = await setup.conversationFrom(inbox, 'Xena Contact', messageCorpus('incoming'));
  const conversation = await setup.call<{ meta: { sender: { id: number } } }>('GET', `conversations/${conversationId}`);
  const contactId = conversation.meta.sender.id;
  await setup.call('PUT', `contacts/${contactId}`, {
    name: payload('contact'),
    additional_attributes: { company_name: payload('company'), city: payload('city'), description: payload('bio') },
    custom_attributes: { [`xss_contact_${run}`]: payload('attr-value') },
  });
  await setup.call('POST', `conversations/${conversationId}/messages`, { content: messageCorpus('outgoing') });
  await setup.call('POST', `conversations/${conversationId}/messages`, { content: messageCorpus('note'), private: true });
  await setup.call('POST', `conversations/${conversationId}/labels`, { labels: [`xss_${run}`] });
  await setup.call('POST', `conversations/${conversationId}/assignments`, { team_id: team.id });
  await setup.call('POST', `conversations/${conversationId}/assignments`, { assignee_id: agent.id });
  // the agent hands another conversation to the administrator: their notification names the agent as its actor
  const handed = await setup.conversationFrom(inbox, 'Hana Handed', 'Please pass me on');
  const asAgent = await WorkspaceSetup.signIn(request, agent, setup.accountId);
  await asAgent.call('POST', `conversations/${handed}/assignments`, { assignee_id: setup.adminId });

  // the payments screens: a withdrawal imported with payloads in its text fields, and a withdraw issue about it
  const orderId = `Xss order <img src=x onerror="__xss('order:img')"> ${run}`;
  await setup.call('POST', 'withdraws/import', {
    records: [{ inbox_id: inbox.id, order_id: orderId, amount: '10.00', customer_name: payload('customer'), customer_reference: payload('reference') }],
  });
  await setup.call('POST', 'withdraw_issues', { order_id: orderId, conversation_id: conversationId, inbox_id: inbox.id, description: payload('issue') });

  // a second conversation, resolved, for a CSAT answer whose comment is a payload
  const rated = await setup.conversationFrom(inbox, 'Rory Rater', 'Thanks');
  await setup.call('POST', `conversations/${rated}/messages`, { content: 'You are welcome' });
  await setup.call('POST', `conversations/${rated}/toggle_status`, { status: 'resolved' });
  const { uuid } = await setup.call<{ uuid: string }>('GET', `conversations/${rated}`);
  await expect
    .poll(async () => (await request.put(`/public/api/v1/csat_survey/${uuid}`, { data: { message: { submitted_values: { csat_survey_response: { rating: 2, feedback_message: payload('csat') } } } } })).status())
    .toBe(200);
  return { accountId: setup.accountId, inboxId: inbox.id, conversationId, contactId, agent };
}

/**
 * Records every call of the `__xss` hook and every dialog on the page's context, across navigations. The
 * init script installs the hook before any of the app's scripts run; the exposed binding reports to the test.
 */
async function watch(page: Page) {
  const fired: string[] = [];
  const dialogs: string[] = [];
  await page.exposeBinding('__xssReport', (_source, id: string) => fired.push(String(id)));
  await page.addInitScript(() => {
    const report = (window as unknown as { __xssReport: (id: string) => void }).__xssReport;
    Object.assign(window, { __xss: (id: unknown) => report(String(id)) });
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { fired, dialogs };
}

/** The hook and the dialog listener catch a payload that does run: without this the spec could pass blind. */
async function proveTheHookWorks(page: Page, watched: { fired: string[]; dialogs: string[] }) {
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', `<img id="xss-control" src=x onerror="__xss('control')">`));
  await expect.poll(() => watched.fired).toEqual(['control']);
  await page.evaluate(() => setTimeout(() => alert('control')));
  await expect.poll(() => watched.dialogs).toEqual(['control']);
  await page.evaluate(() => document.getElementById('xss-control')?.remove());
  watched.fired.length = 0;
  watched.dialogs.length = 0;
}

/**
 * Opens a screen and waits for each payload's marker (there whether the payload became text or markup); once the
 * failed image loads that fire onerror have settled, checks nothing ran, no javascript: link is clickable, and
 * each payload is shown as text, markup and all.
 */
async function visit(page: Page, watched: { fired: string[]; dialogs: string[] }, path: string, tags: string[]) {
  await page.goto(`/app/accounts/${seeded.accountId}/${path}`);
  const body = page.locator('body');
  for (const tag of tags) await expect(body, `${path} shows ${tag}`).toContainText(`Xss ${tag} `);
  await page.waitForLoadState('networkidle');
  expect(watched.fired, `scripts ran on ${path}`).toEqual([]);
  expect(watched.dialogs, `dialogs opened on ${path}`).toEqual([]);
  await expect(page.locator('a[href*="javascript:" i], [src*="javascript:" i], iframe[srcdoc]'), path).toHaveCount(0);
  for (const tag of tags) await expect(body, `${path} shows ${tag} as text`).toContainText(shownAsText(tag));
}

test.describe('[security] XSS corpus in Chromium', () => {
  // each test opens several full page loads, and a busy CI machine takes a few seconds over each
  test.describe.configure({ timeout: 60_000 });
  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(60_000);
    const request = await playwright.request.newContext({ baseURL: serverFor(testInfo.parallelIndex).url });
    seeded = await seed(request);
    await request.dispose();
  });

  test('the conversation list and view show every message payload as text, and markdown javascript: links as plain text', async ({ page }) => {
    const watched = await watch(page);
    await signInViaApi(page);
    await page.goto(`/app/accounts/${seeded.accountId}/dashboard`);
    await proveTheHookWorks(page, watched);

    await visit(page, watched, 'dashboard', ['inbox']);
    // the thread (incoming, outgoing, private note, assignment activity) and the sidebar (contact, attributes)
    await visit(page, watched, `conversations/${seeded.conversationId}`, ['incoming', 'outgoing', 'note', 'contact', 'team', 'agent', 'company', 'city', 'bio', 'attr-value']);
    const thread = page.locator('.cw-message__text');
    // the markdown link with a javascript: target is left as its source text, not turned into a link
    await expect(thread.filter({ hasText: "[click outgoing](javascript:__xss('outgoing:md'))" })).toHaveCount(1);
    await expect(thread.filter({ hasText: "[upper incoming](JaVaScRiPt:alert('incoming'))" })).toHaveCount(1);
    // the bare URL stops at the markup: its link goes to example.com, the rest is text
    await expect(thread.getByRole('link', { name: /^https:\/\/example\.com\// }).first()).toHaveAttribute('href', /^https:\/\/example\.com\//);
    await visit(page, watched, `search?q=${encodeURIComponent('Xss incoming')}`, ['incoming']);
    await visit(page, watched, `search?q=${encodeURIComponent('Xss contact')}`, ['contact']);
  });

  test('the contacts and the settings lists show the stored payloads as text', async ({ page }) => {
    const watched = await watch(page);
    await signInViaApi(page);
    await page.goto(`/app/accounts/${seeded.accountId}/contacts`);
    await proveTheHookWorks(page, watched);

    await visit(page, watched, 'contacts', ['contact', 'company']);
    await visit(page, watched, `contacts/${seeded.contactId}`, ['contact', 'bio', 'attr-name', 'attr-value']);
    // the details form holds the company and city as field values
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue(new RegExp(`^${escapeRegExp(shownAsText('company'))}`));
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(new RegExp(`^${escapeRegExp(shownAsText('city'))}`));
    await visit(page, watched, 'settings/inboxes/list', ['inbox']);
    await visit(page, watched, `settings/inboxes/${seeded.inboxId}`, ['inbox']);
    await visit(page, watched, 'settings/labels/list', ['label']);
    await visit(page, watched, 'settings/teams/list', ['team']);
    await visit(page, watched, 'settings/canned-response/list', ['canned']);
    await visit(page, watched, 'settings/custom-attributes/list', ['conv-attr']);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.locator('body')).toContainText(shownAsText('attr-name'));
    await expect(page.locator('body')).toContainText(shownAsText('attr-desc'));
    await visit(page, watched, 'settings/agents/list', ['agent']);
  });

  test('the reports, the conversation summaries and the checker view show the stored payloads as text', async ({ page }) => {
    const watched = await watch(page);
    await signInViaApi(page);
    await page.goto(`/app/accounts/${seeded.accountId}/reports/csat`);
    await proveTheHookWorks(page, watched);

    await visit(page, watched, 'reports/csat', ['csat', 'agent']);
    await visit(page, watched, 'reports/inboxes', ['inbox']);
    await visit(page, watched, 'reports/teams', ['team']);
    await visit(page, watched, `conversation-summaries/${seeded.inboxId}`, ['inbox', 'agent']);
    await visit(page, watched, `checker-view/${seeded.inboxId}/withdraw`, ['order', 'customer']);
    await visit(page, watched, `checker-view/${seeded.inboxId}/issues`, ['order', 'issue']);
  });

  test('notifications name the contact and the acting agent as text, and the agent’s own screens run nothing', async ({ page, browser }) => {
    const watched = await watch(page);
    await signInViaApi(page);
    await page.goto(`/app/accounts/${seeded.accountId}/notifications`);
    await proveTheHookWorks(page, watched);
    // the contact (new message) and the agent (handing a conversation over) are the notifications' actors
    await visit(page, watched, 'notifications', ['contact', 'agent']);

    // the agent, assigned the conversation: their notification, list and view of it
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    const agentWatched = await watch(agentPage);
    await signInViaApi(agentPage, seeded.agent);
    await agentPage.goto(`/app/accounts/${seeded.accountId}/notifications`);
    await proveTheHookWorks(agentPage, agentWatched);
    await visit(agentPage, agentWatched, 'notifications', ['agent']);
    await expect(agentPage.getByRole('link', { name: new RegExp(`#${seeded.conversationId}`) }).first()).toBeVisible();
    await visit(agentPage, agentWatched, `conversations/${seeded.conversationId}`, ['incoming', 'outgoing', 'note', 'contact']);
    await context.close();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../../fixtures.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';

// A local receiver for the webhook (records each POST with its delivery id) that also serves the dashboard
// app's page, which shows the context the conversation screen posts to it.
type Received = { delivery: string; body: { event?: string; content?: string } };
const received: Received[] = [];
let server: http.Server;
let origin: string;

const APP_PAGE = `<!doctype html><meta charset="utf-8"><title>Orders</title><p id="who">waiting</p>
<script>
  addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.event === 'appContext') document.getElementById('who').textContent = 'Contact: ' + m.data.contact.name + ', agent: ' + m.data.currentAgent.name;
  });
</script>`;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(APP_PAGE);
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ delivery: String(req.headers['x-chatwoot-delivery']), body: JSON.parse(body) as Received['body'] });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('[integrations] a webhook receives an event, lists it in its delivery log and redelivers it', async ({ adminPage: page }) => {
  // Names and content of this run only: a retry runs on the same server, beside this run's webhook and deliveries.
  const stamp = Date.now();
  const name = `E2E receiver ${stamp}`;
  const hello = `Hello through the webhook ${stamp}`;
  await page.goto(`/app/accounts/${page.accountId}/settings/integrations`);
  await page.getByRole('link', { name: 'Configure Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).first().click();
  const form = page.getByRole('form', { name: 'Add a webhook' });
  await form.getByLabel('Webhook URL').fill('ftp://example.com');
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(form.getByText('Enter a valid URL starting with http:// or https://.')).toBeVisible();
  await form.getByLabel('Webhook URL').fill(`${origin}/hook`);
  await form.getByLabel('Name').fill(name);
  // Conversation created and Message created are ticked for a new webhook.
  await expect(form.getByLabel('Message created')).toBeChecked();
  await form.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Webhook added')).toBeVisible();
  await expect(page.getByRole('cell', { name: new RegExp(`^${name} http`) })).toBeVisible();

  // A contact writes in: the conversation and its first message are events the webhook subscribes to.
  const setup = await WorkspaceSetup.signIn(page.request);
  const inbox = await setup.inbox('Hooks inbox');
  await setup.conversationFrom(inbox, 'Wendy Webhook', hello);
  const ours = () => received.find((r) => r.body.event === 'message_created' && r.body.content === hello);
  await expect.poll(() => ours()?.body.content, { timeout: 20_000 }).toBe(hello);

  await page.getByRole('button', { name: `Deliveries: ${name}` }).click();
  const log = page.getByRole('dialog', { name: 'Deliveries' });
  const message = log.getByRole('listitem').filter({ hasText: 'message_created' });
  await expect(message.getByText('Delivered')).toBeVisible({ timeout: 10_000 });
  await expect(message.getByText('200', { exact: true })).toBeVisible();
  await message.getByRole('button', { name: 'View payload' }).click();
  await expect(message.getByText(`"content": "${hello}"`)).toBeVisible();

  const deliveryId = ours()!.delivery;
  await message.getByRole('button', { name: 'Redeliver' }).click();
  await expect(page.getByText('Delivery queued again')).toBeVisible();
  await expect.poll(() => received.filter((r) => r.delivery === deliveryId).length, { timeout: 20_000 }).toBe(2);
  await expect(message.getByText('Attempts: 2')).toBeVisible({ timeout: 10_000 });
});

test('[integrations] a dashboard app shows as a tab beside the conversation and receives its context', async ({ adminPage: page }) => {
  const setup = await WorkspaceSetup.signIn(page.request);
  const inbox = await setup.inbox('Apps inbox');
  const conversationId = await setup.conversationFrom(inbox, 'Dana Dashboard', 'Where is my order?');
  // its own name: a retry runs on the same server, beside this run's app
  const app = `Orders ${Date.now()}`;

  await page.goto(`/app/accounts/${page.accountId}/settings/integrations/dashboard_apps`);
  await page.getByRole('button', { name: 'Add dashboard app' }).first().click();
  const form = page.getByRole('form', { name: 'Add a dashboard app' });
  await form.getByLabel('Name').fill(app);
  await form.getByLabel('Page URL').fill(`${origin}/orders`);
  await form.getByRole('button', { name: 'Create app' }).click();
  await expect(page.getByText('Dashboard app added')).toBeVisible();
  await expect(page.getByRole('cell', { name: app, exact: true })).toBeVisible();

  await page.goto(`/app/accounts/${page.accountId}/conversations/${conversationId}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Where is my order?')).toBeVisible();
  await page.getByRole('tab', { name: app }).click();
  const frame = page.frameLocator(`iframe[title="${app} for this conversation"]`);
  await expect(frame.locator('#who')).toHaveText(/Contact: Dana Dashboard, agent: /);
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Where is my order?')).toBeVisible();
});

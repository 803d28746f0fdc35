import { expect, signInViaApi, test } from '../fixtures.ts';
import { WorkspaceSetup } from './conversations/workspace-setup.ts';

test.describe('[reports] the report screens', () => {
  test('an administrator opens the conversation report for the last 30 days, groups it by week and downloads the CSV', async ({ page }) => {
    const { accountId } = await signInViaApi(page);
    // a conversation with a reply today, counted by the relay into the rollups the report reads
    const setup = await WorkspaceSetup.signIn(page.request);
    const inbox = await setup.inbox(`Reports ${Date.now()}`);
    const conversation = await setup.conversationFrom(inbox, 'Rhea Report', 'Where is my parcel?');
    await setup.call('POST', `conversations/${conversation}/messages`, { content: 'On its way!' });
    await expect
      .poll(async () => {
        const now = Math.floor(Date.now() / 1000);
        const summary = await setup.reports<{ outgoing_messages_count: number }>(`reports/summary?since=${now - 86_400}&until=${now + 60}&timezone_offset=5`);
        return summary.outgoing_messages_count;
      })
      .toBeGreaterThan(0);

    await page.goto(`/app/accounts/${accountId}/reports/conversation`);
    await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Metrics' }).getByRole('button', { name: /^Conversations/ })).toBeVisible();

    await page.getByRole('button', { name: /Report period/ }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const days = (url: string) => {
      const query = new URL(url).searchParams;
      return (Number(query.get('until')) - Number(query.get('since'))) / 86_400;
    };
    const thirtyDays = page.waitForRequest((r) => r.url().includes('/reports/summary?') && days(r.url()) >= 29);
    await page.getByRole('button', { name: 'Apply' }).click();
    const summary = new URL((await thirtyDays).url()).searchParams;
    expect(summary.get('timezone_offset')).toBe('5');
    expect(summary.get('business_hours')).toBe('false');
    // whole days of the reports' zone (UTC + 5), the last one today there: the range holds now, whatever the hour
    expect((Number(summary.get('since')) + 5 * 3600) % 86_400).toBe(0);
    expect(Number(summary.get('until')) * 1000).toBeGreaterThan(Date.now());

    const weekly = page.waitForRequest((r) => /\/reports\?/.test(r.url()) && new URL(r.url()).searchParams.get('group_by') === 'week');
    await page.getByRole('combobox', { name: 'Group by' }).selectOption('week');
    expect(new URL((await weekly).url()).searchParams.get('metric')).toBe('conversations_count');
    await expect(page.getByRole('table', { name: 'Conversations by week' })).toBeAttached();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^conversation-report-\d{2}-\d{2}-\d{4}\.csv$/);
  });

  test('the overview scrolls inside its pane: the shell itself never scrolls', async ({ page }) => {
    const { accountId } = await signInViaApi(page);
    await page.setViewportSize({ width: 1280, height: 520 });
    await page.goto(`/app/accounts/${accountId}/reports/overview`);
    await expect(page.getByRole('heading', { name: 'Conversation traffic' })).toBeVisible();
    await expect(page.locator('.reports-heatmap td')).toHaveCount(7 * 24);
    const { scrollHeight, clientHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, clientHeight: document.documentElement.clientHeight }));
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
  });

  test('an agent opening the reports lands on CSAT and is offered only the CSAT and agent reports', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const agent = await setup.agent('Rita Reports', []);
    const context = await browser.newContext();
    const page = await context.newPage();
    const { accountId } = await signInViaApi(page, agent);
    await page.goto(`/app/accounts/${accountId}/reports`);
    await expect(page).toHaveURL(new RegExp(`/app/accounts/${accountId}/reports/csat$`));
    await expect(page.getByRole('heading', { level: 1, name: 'CSAT' })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Section navigation' });
    await expect(menu.getByRole('link')).toHaveText(['CSAT', 'Agents']);
    // the conversation report is not theirs: the guard sends them on
    await page.goto(`/app/accounts/${accountId}/reports/conversation`);
    await expect(page).not.toHaveURL(/reports\/conversation/);
    await context.close();
  });

  test('a customer answers the satisfaction survey and the CSAT report counts it', async ({ page, browser }) => {
    const { accountId } = await signInViaApi(page);
    const setup = await WorkspaceSetup.signIn(page.request);
    const inbox = await setup.inbox(`Survey ${Date.now()}`);
    await setup.call('PATCH', `inboxes/${inbox.id}`, { csat_survey_enabled: true });
    const contact = `Sam Survey ${Date.now()}`;
    const conversation = await setup.conversationFrom(inbox, contact, 'Thanks for the help');
    await setup.call('POST', `conversations/${conversation}/messages`, { content: 'Glad to help!' });
    const metrics = async () => (await setup.call<{ total_count: number; total_sent_messages_count: number }>('GET', 'csat_survey_responses/metrics'));
    const before = await metrics();
    await setup.call('POST', `conversations/${conversation}/toggle_status`, { status: 'resolved' });
    // the relay sends the survey once the resolve is committed
    await expect.poll(async () => (await metrics()).total_sent_messages_count).toBe(before.total_sent_messages_count + 1);
    const { uuid } = await setup.call<{ uuid: string }>('GET', `conversations/${conversation}`);

    // the customer, signed in nowhere, answers on the public page
    const customer = await browser.newContext();
    const survey = await customer.newPage();
    await survey.goto(`/survey/responses/${uuid}`);
    await survey.getByRole('radio', { name: 'Very satisfied' }).check();
    await survey.getByRole('textbox', { name: /Anything you would like to tell us/ }).fill('Quick and kind');
    await survey.getByRole('button', { name: 'Send rating' }).click();
    await expect(survey.getByText('Thank you for your feedback!')).toBeVisible();
    await customer.close();

    expect((await metrics()).total_count).toBe(before.total_count + 1);
    await page.goto(`/app/accounts/${accountId}/reports/csat`);
    const responses = page.getByRole('region', { name: 'Responses' });
    await expect(responses.getByRole('row').filter({ hasText: contact })).toContainText('Quick and kind');
  });
});

import { SESSION_COOKIE } from '@app/shared/auth';
import { expect, test } from '../../fixtures.ts';

test.describe('[shell] local cache', () => {
  test('S1-9.21 S1-9.23 a reload shows the sidebar’s inboxes from IndexedDB before the server answers', async ({ adminPage }) => {
    const { accountId } = adminPage;
    const name = `Cached inbox ${Date.now() % 100_000}`;
    const created = await adminPage.evaluate(
      async ({ accountId, name, cookie }) => {
        const session = JSON.parse(decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith(`${cookie}=`))!.split('=')[1]!));
        const response = await fetch(`/api/v1/accounts/${accountId}/inboxes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...session },
          body: JSON.stringify({ name, channel: { type: 'api' } }),
        });
        return (await response.json()) as { id: number };
      },
      { accountId, name, cookie: SESSION_COOKIE },
    );
    const inboxes = adminPage.getByRole('region', { name: 'Inboxes' });

    // the first load asks the server and keeps the answer
    await adminPage.goto(`/app/accounts/${accountId}/dashboard`);
    await expect(inboxes.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    await expect
      .poll(() =>
        adminPage.evaluate(async (dbName) => {
          const names = (await indexedDB.databases()).map((d) => d.name);
          return names.includes(dbName);
        }, `cw-store-${accountId}`),
      )
      .toBe(true);

    // a reload whose inbox list never arrives still shows it
    let held = 0;
    await adminPage.route(`**/api/v1/accounts/${accountId}/inboxes`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      held += 1;
      // never answered
    });
    await adminPage.reload();
    await expect(inboxes.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', `/app/accounts/${accountId}/inbox/${created.id}`);
    expect(held).toBeGreaterThan(0);
    await adminPage.unroute(`**/api/v1/accounts/${accountId}/inboxes`);
  });
});

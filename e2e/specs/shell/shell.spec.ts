import type { WebSocketRoute } from '@playwright/test';
import { expect, inAppNavigator, signInViaApi, test } from '../../fixtures.ts';
import { ShellPage } from './shell-page.ts';

test.describe('[shell] application shell', () => {
  test('S0-2.69 S0-2.80 S0-2.77 signed in, the rail, the conversations menu and the bell are there', async ({ adminPage }) => {
    const shell = new ShellPage(adminPage);
    await expect(shell.rail).toBeVisible();
    for (const name of ['Conversations', 'Notifications']) {
      await expect(shell.rail.getByRole('link', { name, exact: false }).first()).toBeVisible();
    }
    await expect(shell.rail.getByRole('button', { name: 'Help' })).toBeVisible();
    await expect(shell.rail.getByRole('link', { name: 'Conversations' })).toHaveAttribute('aria-current', 'page');
    await expect(shell.sectionMenu.getByRole('link', { name: 'All conversations', exact: true })).toHaveAttribute('href', `/app/accounts/${adminPage.accountId}/dashboard`);
    await expect(shell.sectionMenu.getByRole('link', { name: 'Mentions', exact: true })).toBeVisible();
    await expect(shell.sectionMenu.getByRole('link', { name: 'Unattended', exact: true })).toBeVisible();
  });

  test('no rail or section-menu entry leads to a screen that does not exist; the "?" opens the in-app help', async ({ adminPage }) => {
    // one visit per entry, and the menu grows with every inbox earlier specs created
    test.setTimeout(90_000);
    const shell = new ShellPage(adminPage);
    await expect(shell.rail.getByRole('link', { name: 'Conversations' })).toBeVisible();
    const hrefs = [
      ...(await shell.rail.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
      ...(await shell.sectionMenu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))),
    ];
    // …and the settings menu, once the settings screens are there
    const settings = shell.rail.getByRole('link', { name: 'Settings' });
    if ((await settings.count()) > 0) {
      await settings.click();
      await expect(shell.sectionMenu).toBeVisible();
      hrefs.push(...(await shell.sectionMenu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))));
    }
    const navigator = inAppNavigator(adminPage);
    for (const href of new Set(hrefs.filter((h) => h.startsWith('/app/')))) {
      await navigator.follow(href);
      await navigator.settled(href);
      await expect(shell.rail, href).toBeVisible();
      await expect(adminPage.getByRole('heading', { name: 'Page not found' }), href).toHaveCount(0);
    }
    await shell.rail.getByRole('button', { name: 'Help' }).click();
    await expect(adminPage.getByRole('dialog', { name: 'Help' })).toContainText('Private note stays with your team');
  });

  test('S0-4.31 S0-4.32 S0-4.33 S0-7.20 changing availability from the avatar menu is saved', async ({ adminPage }) => {
    const shell = new ShellPage(adminPage);
    await shell.avatar.click();
    await expect(shell.availability('Online')).toBeDisabled();
    await shell.availability('Busy').click();
    await expect(adminPage.getByText('Your availability is now Busy')).toBeVisible();
    await expect(shell.availability('Busy')).toHaveAttribute('aria-checked', 'true');
    await expect(shell.availability('Online')).toBeEnabled();

    // kept by the server: a fresh page shows it
    await adminPage.reload();
    await shell.avatar.click();
    await expect(shell.availability('Busy')).toBeDisabled();
    await shell.availability('Online').click();
    await expect(shell.availability('Online')).toHaveAttribute('aria-checked', 'true');
  });

  test('S0-9.43 S0-9.44 the keyboard opens and closes the shortcut list', async ({ adminPage }) => {
    await new ShellPage(adminPage).rail.waitFor();
    await adminPage.keyboard.press('Control+Slash');
    await expect(adminPage.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await adminPage.keyboard.press('Control+Escape');
    await expect(adminPage.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  });

  test('S0-4.08 S0-4.09 S0-4.10 when /cable drops (as in a server restart) the notice says reconnecting, then back online for 2 s', async ({ page }) => {
    // Every /cable socket goes through here: the first is passed to the server and later closed; the ones the
    // client opens after that wait until `release`, like a server that is not back yet.
    const sockets: WebSocketRoute[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.routeWebSocket(/\/cable$/, async (ws) => {
      sockets.push(ws);
      if (sockets.length > 1) await released;
      ws.connectToServer();
    });
    const { accountId } = await signInViaApi(page);
    await page.goto(`/app/accounts/${accountId}/dashboard`);
    const shell = new ShellPage(page);
    await expect(shell.rail).toBeVisible();
    await expect.poll(() => sockets.length).toBe(1);
    // let the subscription come up before pulling the plug
    await page.waitForTimeout(500);
    await expect(shell.networkNotice).toBeHidden();

    await sockets[0]!.close({ code: 1006, reason: 'server restarting' });
    await expect(shell.networkNotice).toHaveText(/Reconnecting…/);
    await expect(shell.networkNotice.getByRole('button', { name: 'Refresh' })).toBeVisible();

    release();
    await expect(shell.networkNotice).toHaveText(/Back online/);
    await expect(shell.networkNotice).toBeHidden({ timeout: 4_000 });
  });

  test('S0-4.07 S0-8.14 going offline shows the offline notice', async ({ adminPage }) => {
    const shell = new ShellPage(adminPage);
    await expect(shell.rail).toBeVisible();
    await adminPage.context().setOffline(true);
    await expect(shell.networkNotice).toHaveText(/You are offline/);
    await adminPage.context().setOffline(false);
    await expect(shell.networkNotice).toHaveText(/Back online/);
  });
});

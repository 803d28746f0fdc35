import { CHROMIUM_ARGS, findFullChromium } from '../../chromium.ts';
import { currentServer, expect, test } from '../../fixtures.ts';

// The push service itself is out of reach here (the API tests play it); this checks the browser's end:
// the service worker the profile page registers shows what a push carries.
// The headless shell the other specs run in shows no notifications: this file takes a worker with the full browser.
test.use({ launchOptions: { executablePath: findFullChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS } });

test.describe('[profile] browser push', () => {
  test('the service worker shows a push as a notification with its title and tag, and keeps the conversation address for a click', async ({ adminPage }) => {
    const origin = currentServer().url;
    await adminPage.context().grantPermissions(['notifications'], { origin: origin });
    const cdp = await adminPage.context().newCDPSession(adminPage);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');

    const scope = await adminPage.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' });
      const worker = (await navigator.serviceWorker.ready).active!;
      // `ready` answers a worker still activating; a push sent then can be lost (seen once in CI)
      if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
      return registration.scope;
    });
    expect(scope).toBe(`${origin}/app/`);
    await expect.poll(() => registrations.find((r) => r.scopeURL === scope)?.registrationId).toBeDefined();
    const { registrationId } = registrations.find((r) => r.scopeURL === scope)!;

    const message = { title: 'New message in #12', tag: 'conversation_assignment_12_4', url: `${origin}/app/accounts/${adminPage.accountId}/conversations/12` };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: origin, registrationId, data: JSON.stringify(message) });
    await expect
      .poll(() =>
        adminPage.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({ title: n.title, tag: n.tag, url: (n.data as { url: string }).url }));
        }),
      )
      .toEqual([{ title: message.title, tag: message.tag, url: message.url }]);
  });
});

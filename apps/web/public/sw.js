/* global self */
/* Relay Desk service worker: shows browser pushes (apps/api notification-subscriptions) and opens their conversation. */
/* The push carries JSON {title, tag, url} (Chatwoot's push message); the app registers this file at /app/sw.js, scope /app/. */

const scope = new URL(self.registration.scope);

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Relay Desk';
  event.waitUntil(
    self.registration.showNotification(title, {
      tag: message.tag,
      icon: new URL('favicon.svg', scope).href,
      badge: new URL('favicon.svg', scope).href,
      data: { url: message.url || scope.href },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || scope.href, scope);
  // Only our own pages, whatever address the server put in the push: its path, on this origin.
  const target = new URL(url.pathname + url.search + url.hash, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target) || windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        if (open.url !== target && 'navigate' in open) return open.navigate(target).then((w) => (w || open).focus());
        return open.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});

/* The member app's service worker: shows Web Push notifications and opens their page on click. */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: 'Dance Training', body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Dance Training';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: message.body || '',
      image: message.image || undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: message.notificationId || undefined,
      data: { url: message.url || '/', notificationId: message.notificationId || null },
    }),
  );
});

/** The page to open (a link elsewhere opens as it is; on this site with the notification's id, so the app counts the open). */
function targetOf(data) {
  const url = new URL(data?.url ? data.url : '/', self.location.origin);
  if (url.origin !== self.location.origin) return url.href;
  if (data?.notificationId) url.searchParams.set('notification', data.notificationId);
  return url.href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetOf(event.notification.data);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'navigate' in client)
          return client.focus().then(() => client.navigate(target));
      }
      return self.clients.openWindow(target);
    }),
  );
});

/*
 * Web push service worker. It is registered only when a customer turns push on (on the
 * profile page) and has no fetch handler, so it adds nothing to any page's loading.
 * The server sends JSON: { title, body, url?, id? }.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'HashHarbor', body: '' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: message.id ? `notification-${message.id}` : undefined,
      data: { url: message.url || '/dashboards' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/dashboards', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

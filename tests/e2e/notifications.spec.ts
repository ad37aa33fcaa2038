import { test, expect, apiSignIn, islandsReady, signUp, storeSession } from './fixtures.ts';

const DATE = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/;

test('a confirmed deposit raises the bell without a reload; opening and Mark to all clear it', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A customer of its own: other tests' sign-ins notify the demo account.
  const session = await signUp(request);
  const auth = { Authorization: `Bearer ${session.token}` };
  await request.patch('/api/notifications/read_all/', { headers: auth });
  await storeSession(page, { ...session, user: { ...session.user, unread_message_count: 0 } });
  await page.goto('/wallet');
  await islandsReady(page);
  const bell = page.getByRole('button', { name: /notifications/i });
  await expect(bell).toHaveAccessibleName('No unread notifications');
  await bell.click({ force: true });
  await expect(page.locator('#notification-panel')).toHaveCount(0);

  // Something happens elsewhere: a sandbox deposit is paid and confirmed.
  const deposit = await request.post('/api/transactions/', { headers: auth, data: { type: 'deposit', currency: 'USDT', amount: '75' } });
  expect(deposit.status()).toBe(201);
  await expect.poll(async () => (await (await request.post('/api/transactions/verify/', { headers: auth })).json()).completed, { timeout: 15_000 }).toBe(1);

  await expect(bell).toHaveAccessibleName(/1/, { timeout: 30_000 });
  await bell.click();
  const panel = page.locator('#notification-panel');
  await expect(panel.getByRole('heading', { name: 'Notification' })).toBeVisible();
  const first = panel.getByRole('listitem').first();
  await expect(first).toContainText('HashHarbor');
  await expect(first.locator('time')).toHaveText(DATE);
  await first.getByRole('button').click();
  await expect(bell).toHaveAccessibleName('No unread notifications');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Two more, then Mark to all.
  for (const amount of ['10', '20']) {
    await request.post('/api/transactions/', { headers: auth, data: { type: 'deposit', currency: 'USDT', amount } });
  }
  await expect.poll(async () => (await (await request.post('/api/transactions/verify/', { headers: auth })).json()).pending, { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(bell).toHaveAccessibleName(/2/, { timeout: 30_000 });
  await bell.click();
  await panel.getByRole('button', { name: 'Mark to all' }).click();
  await expect(bell).toHaveAccessibleName('No unread notifications');
  await expect(panel).toHaveCount(0);
  const list = await (await request.get('/api/notifications/', { headers: auth })).json();
  expect(list.results.every((item: { is_read: boolean }) => item.is_read)).toBe(true);
});

test('the service worker shows a pushed message (delivered through the DevTools protocol)', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/login');
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId,
    data: JSON.stringify({ title: 'Deposit confirmed', body: '75 USDT was credited.', id: 42 }),
  });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}|${n.body}`)))
    .toContain('Deposit confirmed|75 USDT was credited.');
});

test('the push switch explains when the browser cannot subscribe', async ({ page, context, baseURL, request }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await storeSession(page, await apiSignIn(request));
  await page.goto('/profiles');
  await islandsReady(page);
  const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
  await toggle.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Push notifications could not be turned on' })).toBeVisible({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});

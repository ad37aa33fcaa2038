/**
 * Web push for real: a push service runs in the test over HTTPS; a customer registers a
 * browser subscription pointing at it; what the server then pushes is received,
 * decrypted with the subscription's private key and read. A subscription the service
 * says is gone (410) deactivates its device.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { Device } from '../../contracts/devices.ts';
import type { PublicConfig } from '../../contracts/config.ts';
import { EXIT_OK, runOperatorCommand } from '../../server/operator/commands.ts';
import { PUSH_TTL_SECONDS } from '../../server/notifications/push.ts';
import { signUp, type NewAccount } from './helpers/accounts.ts';
import { call, expectUnreadCountsExact, newestNotification, sendNotes, type Client } from './helpers/notifications.ts';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type PushService,
} from './helpers/push-service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const onPostgres = process.env.API_TEST_DB === 'postgres';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let service: PushService;
let t: TestApp;
let account: NewAccount;
let client: Client;
let subscription: BrowserSubscription;
let device: Device;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ push: { send: service.send } });
  account = await signUp(t, 'pushy');
  client = { id: account.user.id, headers: account.headers };
  subscription = browserSubscription(`${service.origin}/push/${randomBytes(8).toString('hex')}`);
  const registered = await call(t, client, 'POST', '/api/devices/', {
    registration_id: 'pushy-browser',
    name: 'Chrome',
    type: 'web',
    web_push: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
  expect(registered.statusCode).toBe(201);
  device = registered.json<Device>();
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const signInAgain = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { username: account.username, password: account.password },
    headers: { 'user-agent': CHROME_ON_WINDOWS },
  });

async function vapidPublicKey(app: TestApp): Promise<string> {
  const response = await app.app.inject({ method: 'GET', url: '/api/config/' });
  expect(response.statusCode).toBe(200);
  return response.json<PublicConfig>().vapid_public_key;
}

describe('the VAPID key', () => {
  it('is generated at first start, kept in the database and given to browsers', async () => {
    const key = await vapidPublicKey(t);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = await t.db.selectFrom('server_settings').select('value').where('name', '=', 'vapid_keys').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(key);
    expect(await vapidPublicKey(t)).toBe(key);
  });

  describe.runIf(onPostgres)('with a second instance on the same database', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({ sameDatabaseAs: t });
    });
    afterAll(() => second?.close());

    it('is the same key', async () => {
      expect(await vapidPublicKey(second)).toBe(await vapidPublicKey(t));
    });
  });
});

describe('delivery', () => {
  it('pushes a new notification to the web device, encrypted for it and signed with the VAPID key', async () => {
    const arriving = service.nextPush();
    const signedIn = await signInAgain();
    expect(signedIn.statusCode).toBe(200);
    const push = await arriving;

    expect(push.path).toBe(new URL(subscription.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    const vapid = verifyVapid(String(push.headers.authorization));
    expect(vapid.publicKey).toBe(await vapidPublicKey(t));
    expect(vapid.claims).toMatchObject({ aud: service.origin, sub: 'mailto:operator@hashharbor.example' });

    const message = JSON.parse(decryptPush(push.body, subscription));
    const notification = await newestNotification(t, client);
    expect(notification.kind).toBe('new_sign_in');
    expect(message).toEqual({ title: 'New sign-in', body: notification.body, url: '/dashboards', id: notification.id });
    expect(message.body).toContain('Chrome (Windows)');
    expect(message.body).toContain('127.0.0.1');
    await expectUnreadCountsExact(t.db);
  });

  it('answers the request without waiting for the push service', async () => {
    service.answer(201, 3_000);
    const arriving = service.nextPush();
    const started = Date.now();
    expect((await signInAgain()).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_500);
    await arriving;
    await t.app.push.drain();
    service.answer(201);
  });

  it('pushes what the operator’s console broadcast from another process, on the next sweep', async () => {
    const exit = await runOperatorCommand({ db: t.db, now: () => t.clock.now(), out: () => {} }, [
      'broadcast',
      '--title',
      'Maintenance tonight',
      '--body',
      'Withdrawals pause from 02:00 to 03:00 UTC.',
    ]);
    expect(exit).toBe(EXIT_OK);
    const arriving = service.nextPush();
    await t.app.push.drain();
    const message = JSON.parse(decryptPush((await arriving).body, subscription));
    expect(message).toMatchObject({ title: 'Maintenance tonight', body: 'Withdrawals pause from 02:00 to 03:00 UTC.' });
  });

  it('does not push a notification older than a push service would keep', async () => {
    await t.db
      .insertInto('notifications')
      .values({
        user_id: account.user.id,
        kind: 'broadcast',
        title: 'Stale',
        body: 'From the day before yesterday',
        date_created: new Date(Date.now() - 2 * 86_400_000),
      })
      .execute();
    await t.db
      .updateTable('users')
      .set((eb) => ({ unread_message_count: eb('unread_message_count', '+', 1) }))
      .where('id', '=', String(account.user.id))
      .execute();
    const before = service.received.length;
    await t.app.push.drain();
    expect(service.received.length).toBe(before);
    const waiting = await t.db.selectFrom('notifications').select('id').where('pushed_at', 'is', null).execute();
    expect(waiting).toEqual([]);
  });

  it('deactivates the device when its push service answers that the subscription is gone', async () => {
    service.answer(410);
    const arriving = service.nextPush();
    await sendNotes(t.db, account.user.id, 1, 'Gone');
    await arriving;
    await t.app.push.drain();
    const after = await call(t, client, 'GET', `/api/devices/${device.registration_id}/`);
    expect(after.json()).toEqual({ ...device, active: false });

    // An inactive device gets nothing.
    const before = service.received.length;
    await sendNotes(t.db, account.user.id, 1, 'Unheard');
    await t.app.push.drain();
    expect(service.received.length).toBe(before);
    await expectUnreadCountsExact(t.db);
    service.answer(201);
  });
});

describe('the default sender', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('sends nothing to a private address (a device cannot aim the server at its own network)', async () => {
    const owner = await signUp(plain, 'inward');
    const ownerClient = { id: owner.user.id, headers: owner.headers };
    const inward = browserSubscription(`${service.origin}/push/internal`);
    const registered = await call(plain, ownerClient, 'POST', '/api/devices/', {
      registration_id: 'inward',
      type: 'web',
      web_push: { endpoint: inward.endpoint, keys: inward.keys },
    });
    expect(registered.statusCode).toBe(201);
    const before = service.received.length;
    await sendNotes(plain.db, owner.user.id, 1, 'Inward');
    await plain.app.push.drain();
    expect(service.received.length).toBe(before);
    expect((await call(plain, ownerClient, 'GET', '/api/devices/inward/')).json().active).toBe(true);
  });
});

describe('VAPID keys from the configuration', () => {
  it('are the ones given to browsers', async () => {
    const keys = webpush.generateVAPIDKeys();
    const configured = await createTestApp({
      env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://hashharbor.example/contact' },
    });
    try {
      expect(await vapidPublicKey(configured)).toBe(keys.publicKey);
      const stored = await configured.db.selectFrom('server_settings').select('name').where('name', '=', 'vapid_keys').execute();
      expect(stored).toEqual([]);
    } finally {
      await configured.close();
    }
  });
});

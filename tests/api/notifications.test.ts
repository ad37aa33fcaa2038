/**
 * The bell's API as the top bar uses it: the list (newest first, 10 a page), one
 * notification, marking one read or unread (PATCH and PUT) and all read. Only your own;
 * the unread count equals the unread notifications after every test.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contracts/notifications.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { fund, key, minerId, newCustomer, type Customer } from './helpers/mining.ts';
import {
  call,
  expectUnreadCountsExact,
  newestNotification,
  notificationsOf,
  sendNotes,
  unreadCount,
} from './helpers/notifications.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');

const t = useTestApp();
let alice: Customer;
let bob: Customer;
beforeAll(async () => {
  alice = await newCustomer(t, 'alice');
  bob = await newCustomer(t, 'bob', { language: 'ru' });
});
afterEach(async () => {
  await expectUnreadCountsExact(t.db);
});

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('GET /api/notifications/', () => {
  it('lists what happened to the customer, with the system as the creator', async () => {
    await fund(t, alice, 'USDT', '250');
    const list = await notificationsOf(t, alice);
    expect(list).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          title: en('notification.deposit_confirmed.title'),
          body: en('notification.deposit_confirmed.body', { amount: '250.00', currency: 'USDT' }),
          date_created: expect.stringMatching(ISO_TIME),
          is_read: false,
          kind: 'deposit_confirmed',
          event: { creator: { username: 'HashHarbor' } },
        },
      ],
    });
    expect(await unreadCount(t, alice)).toBe(1);
  });

  it('writes each notification in its recipient’s language', async () => {
    await fund(t, bob, 'USDT', '40');
    const newest = await newestNotification(t, bob);
    expect(newest.title).toBe(ru('notification.deposit_confirmed.title'));
  });

  it('gives 10 a page by default, newest first, with links to the neighbouring pages', async () => {
    const carol = await newCustomer(t, 'carol');
    await sendNotes(t.db, carol.id, 12);
    const first = await call(t, carol, 'GET', '/api/notifications/');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ count: number; next: string | null; previous: string | null; results: Notification[] }>();
    expect(page.count).toBe(12);
    expect(page.results.map((n) => n.title)).toEqual(['Note 12', 'Note 11', 'Note 10', 'Note 9', 'Note 8', 'Note 7', 'Note 6', 'Note 5', 'Note 4', 'Note 3']);
    expect(page.next).toBe('/api/notifications/?limit=10&offset=10');
    expect(page.previous).toBeNull();

    const second = (await call(t, carol, 'GET', page.next!)).json<{ results: Notification[]; previous: string | null }>();
    expect(second.results.map((n) => n.title)).toEqual(['Note 2', 'Note 1']);
    expect(second.previous).toBe('/api/notifications/?limit=10&offset=0');
    expect((await call(t, carol, 'GET', '/api/notifications/?limit=3&offset=11')).json().results).toHaveLength(1);
  });

  it('names the referred buyer as the creator of a referral commission', async () => {
    const referrer = await newCustomer(t, 'referrer');
    const buyer = await newCustomer(t, 'buyer', { referredBy: referrer });
    await fund(t, buyer, 'USDT', '10000');
    const ordered = await call(t, buyer, 'POST', '/api/user-miners/', {
      miner: await minerId(t.db, 'M60S 186T'),
      ownership_type: 'own',
      idempotency_key: key(),
    });
    expect(ordered.statusCode).toBe(201);
    const commission = await newestNotification(t, referrer);
    expect(commission.kind).toBe('referral_commission');
    expect(commission.event.creator.username).toBe(buyer.username);
    expect((await newestNotification(t, buyer)).event.creator.username).toBe('HashHarbor');
  });

  it('shows nobody else’s notifications', async () => {
    const aliceIds = (await notificationsOf(t, alice, 100)).results.map((n) => n.id);
    const bobIds = (await notificationsOf(t, bob, 100)).results.map((n) => n.id);
    expect(aliceIds.length).toBeGreaterThan(0);
    expect(bobIds.some((id) => aliceIds.includes(id))).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const response = await call(t, null, 'GET', '/api/notifications/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: en('error.notAuthenticated') });
  });

  it('refuses a bad page in the request language', async () => {
    const response = await call(t, alice, 'GET', '/api/notifications/?limit=500&offset=-1', undefined, 'ru');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      limit: [ru('error.maximum', { limit: 100 })],
      offset: [ru('error.minimum', { limit: 0 })],
    });
  });
});

describe('one notification: GET, PATCH and PUT /api/notifications/{id}/', () => {
  let note: Notification;
  beforeAll(async () => {
    await sendNotes(t.db, alice.id, 1, 'Single');
    note = await newestNotification(t, alice);
  });
  const url = () => `/api/notifications/${note.id}/`;

  it('answers one of your notifications as the list shows it', async () => {
    const response = await call(t, alice, 'GET', url());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(note);
  });

  it('marks it read with PATCH, which lowers the count by one, once', async () => {
    const before = await unreadCount(t, alice);
    const read = await call(t, alice, 'PATCH', url(), { is_read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...note, is_read: true });
    expect(await unreadCount(t, alice)).toBe(before - 1);

    // Opening it again changes nothing.
    expect((await call(t, alice, 'PATCH', url(), { is_read: true })).json().is_read).toBe(true);
    expect(await unreadCount(t, alice)).toBe(before - 1);
    await expectUnreadCountsExact(t.db);
  });

  it('marks it unread again, which raises the count', async () => {
    const before = await unreadCount(t, alice);
    const unread = await call(t, alice, 'PATCH', url(), { is_read: false });
    expect(unread.json().is_read).toBe(false);
    expect(await unreadCount(t, alice)).toBe(before + 1);
    await expectUnreadCountsExact(t.db);
  });

  it('replaces the read state with PUT', async () => {
    const before = await unreadCount(t, alice);
    const put = await call(t, alice, 'PUT', url(), { is_read: true });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...note, is_read: true });
    expect(await unreadCount(t, alice)).toBe(before - 1);
    expect((await call(t, alice, 'PUT', url(), { is_read: false })).json().is_read).toBe(false);
    expect(await unreadCount(t, alice)).toBe(before);
  });

  it('leaves it as it is for a PATCH without is_read', async () => {
    const response = await call(t, alice, 'PATCH', url(), {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(note);
  });

  it('is "not found" for anyone else, who can change nothing', async () => {
    const before = await unreadCount(t, alice);
    for (const [method, payload] of [['GET'], ['PATCH', { is_read: true }], ['PUT', { is_read: true }]] as const) {
      const response = await call(t, bob, method, url(), payload);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: en('error.notFound') });
    }
    expect((await call(t, alice, 'GET', url())).json().is_read).toBe(false);
    expect(await unreadCount(t, alice)).toBe(before);
    expect((await call(t, alice, 'GET', '/api/notifications/987654321/')).statusCode).toBe(404);
  });

  it('refuses wrong types, unknown fields and huge values with field errors in the request language', async () => {
    const cases: [string, unknown, string, Record<string, string[]>][] = [
      ['PATCH', { is_read: 'yes' }, 'ru', { is_read: [ru('error.type.boolean')] }],
      ['PUT', { is_read: 1 }, 'ar', { is_read: [ar('error.type.boolean')] }],
      ['PUT', {}, 'ru', { is_read: [ru('error.required')] }],
      ['PATCH', { is_read: true, title: 'Hacked' }, 'ar', { title: [ar('error.unknownField')] }],
      ['PATCH', { is_read: 'x'.repeat(10_240) }, 'ru', { is_read: [ru('error.type.boolean')] }],
      ['PUT', { is_read: null, body: '<script>' }, 'ar', { is_read: [ar('error.type.boolean')], body: [ar('error.unknownField')] }],
    ];
    for (const [method, payload, lang, errors] of cases) {
      const response = await call(t, alice, method as 'PATCH' | 'PUT', url(), payload, lang);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const array = await call(t, alice, 'PATCH', url(), [true], 'ru');
    expect(array.statusCode).toBe(400);
    expect((await call(t, alice, 'GET', url())).json()).toEqual(note);
  });

  it('refuses ids that are not ids, and bodies that are not JSON', async () => {
    for (const id of ['abc', '0', '-4', '1.5', '99999999999999999999']) {
      const response = await call(t, alice, 'GET', `/api/notifications/${id}/`, undefined, 'ar');
      expect(response.statusCode, id).toBe(400);
      expect(Object.keys(response.json())).toEqual(['id']);
    }
    const notJson = await t.app.inject({
      method: 'PATCH',
      url: url(),
      payload: '{"is_read": tru',
      headers: { ...alice.headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'PATCH',
      url: url(),
      payload: 'is_read=true',
      headers: { ...alice.headers, 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('PATCH /api/notifications/read_all/', () => {
  it('marks all the caller’s notifications read and no one else’s', async () => {
    const dave = await newCustomer(t, 'dave');
    const erin = await newCustomer(t, 'erin');
    await sendNotes(t.db, dave.id, 4);
    await sendNotes(t.db, erin.id, 3);
    await call(t, dave, 'PATCH', `/api/notifications/${(await newestNotification(t, dave)).id}/`, { is_read: true });

    const response = await call(t, dave, 'PATCH', '/api/notifications/read_all/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    expect(await unreadCount(t, dave)).toBe(0);
    expect((await notificationsOf(t, dave)).results.every((n) => n.is_read)).toBe(true);

    expect(await unreadCount(t, erin)).toBe(3);
    expect((await notificationsOf(t, erin)).results.every((n) => !n.is_read)).toBe(true);
    await expectUnreadCountsExact(t.db);

    // Nothing left to mark; a JSON body, if a client sends one, is ignored.
    expect((await call(t, dave, 'PATCH', '/api/notifications/read_all/', {})).json()).toEqual({ updated: 0 });
  });

  it('counts what arrives afterwards as unread', async () => {
    const frank = await newCustomer(t, 'frank');
    await sendNotes(t.db, frank.id, 2);
    await call(t, frank, 'PATCH', '/api/notifications/read_all/');
    await fund(t, frank, 'USDT', '5');
    expect(await unreadCount(t, frank)).toBe(1);
    expect((await newestNotification(t, frank)).is_read).toBe(false);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, null, 'PATCH', '/api/notifications/read_all/')).statusCode).toBe(401);
  });
});

describe('the unread count', () => {
  it('stays exact when reads, unreads, read_all and new notifications race', async () => {
    const gina = await newCustomer(t, 'gina');
    await sendNotes(t.db, gina.id, 8);
    const ids = (await notificationsOf(t, gina)).results.map((n) => n.id);
    await Promise.all([
      ...ids.map((id) => call(t, gina, 'PATCH', `/api/notifications/${id}/`, { is_read: true })),
      ...ids.map((id) => call(t, gina, 'PATCH', `/api/notifications/${id}/`, { is_read: true })),
      ...ids.slice(0, 3).map((id) => call(t, gina, 'PUT', `/api/notifications/${id}/`, { is_read: false })),
      call(t, gina, 'PATCH', '/api/notifications/read_all/'),
      sendNotes(t.db, gina.id, 3, 'Late'),
      call(t, gina, 'PATCH', '/api/notifications/read_all/'),
    ]);
    await expectUnreadCountsExact(t.db);
    const unread = (await notificationsOf(t, gina, 100)).results.filter((n) => !n.is_read).length;
    expect(await unreadCount(t, gina)).toBe(unread);
  });
});

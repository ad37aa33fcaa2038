/**
 * Push devices as the profile's push switch registers them: a browser's subscription
 * as a web device (POST), read, changed (PUT, PATCH) and removed (DELETE); only your own.
 */
import { createECDH, createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../contracts/devices.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { newCustomer, type Customer } from './helpers/mining.ts';
import { call } from './helpers/notifications.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');

const t = useTestApp();
let alice: Customer;
let bob: Customer;
beforeAll(async () => {
  alice = await newCustomer(t, 'alice');
  bob = await newCustomer(t, 'bob');
});

/** What a browser's PushSubscription.toJSON() gives, and the id the site makes of it. */
function browserSubscription(service = 'https://fcm.googleapis.com/fcm/send') {
  const endpoint = `${service}/${randomBytes(12).toString('base64url')}`;
  const keys = {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  return { endpoint, keys, registrationId: createHash('sha256').update(endpoint).digest('hex') };
}

function webDevice(name = 'Chrome on Windows') {
  const { registrationId, ...web_push } = browserSubscription();
  return { registration_id: registrationId, name, type: 'web', active: true, web_push };
}

const devices = (customer: Customer) => call(t, customer, 'GET', '/api/devices/');

describe('POST /api/devices/', () => {
  it('registers a browser’s subscription as a web device', async () => {
    const body = webDevice();
    const response = await call(t, alice, 'POST', '/api/devices/', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      ...body,
      date_created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await devices(alice)).json().results[0]).toEqual(response.json());
  });

  it('registers an app’s token without a subscription, named as given or not at all', async () => {
    const response = await call(t, alice, 'POST', '/api/devices/', { registration_id: 'fcm:APA91b-xyz_123', type: 'android' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ registration_id: 'fcm:APA91b-xyz_123', name: '', type: 'android', active: true, web_push: null });
  });

  it('updates the device when the same registration_id comes again (200)', async () => {
    const body = webDevice('Firefox');
    const first = (await call(t, alice, 'POST', '/api/devices/', body)).json<Device>();
    const renewed = browserSubscription();
    const again = await call(t, alice, 'POST', '/api/devices/', {
      ...body,
      name: 'Firefox on Linux',
      web_push: { endpoint: renewed.endpoint, keys: renewed.keys },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      ...first,
      name: 'Firefox on Linux',
      web_push: { endpoint: renewed.endpoint, keys: renewed.keys },
    });
    const all = (await devices(alice)).json<{ results: Device[] }>().results;
    expect(all.filter((device) => device.registration_id === body.registration_id)).toHaveLength(1);
  });

  it('gives a subscription to the account that registered it last (a shared browser)', async () => {
    const body = webDevice('Shared laptop');
    expect((await call(t, alice, 'POST', '/api/devices/', body)).statusCode).toBe(201);
    expect((await call(t, bob, 'POST', '/api/devices/', body)).statusCode).toBe(201);
    const path = `/api/devices/${body.registration_id}/`;
    expect((await call(t, alice, 'GET', path)).statusCode).toBe(404);
    expect((await call(t, bob, 'GET', path)).json().name).toBe('Shared laptop');
  });

  it('refuses a web device without its subscription, and a subscription on another type', async () => {
    const { web_push, ...withoutSubscription } = webDevice();
    const missing = await call(t, alice, 'POST', '/api/devices/', withoutSubscription, 'ru');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ web_push: [ru('error.webPushRequired')] });

    const misplaced = await call(t, alice, 'POST', '/api/devices/', { ...withoutSubscription, type: 'ios', web_push }, 'ar');
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json()).toEqual({ web_push: [ar('error.webPushWebOnly')] });
  });

  it('refuses keys that no browser would give', async () => {
    const body = webDevice();
    const notOnTheCurve = Buffer.alloc(65, 7);
    notOnTheCurve[0] = 4;
    const response = await call(
      t,
      alice,
      'POST',
      '/api/devices/',
      { ...body, web_push: { ...body.web_push, keys: { p256dh: notOnTheCurve.toString('base64url'), auth: 'c2hvcnQ' } } },
      'ru',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'web_push.keys.p256dh': [ru('error.pushKey')],
      'web_push.keys.auth': [ru('error.pushKey')],
    });
  });

  it('refuses bad registration ids, endpoints, names and types with field errors, never a 500', async () => {
    const body = webDevice();
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [{ ...body, registration_id: 'has spaces/and slashes' }, 'ru', { registration_id: [ru('error.registrationIdFormat')] }],
      [{ ...body, registration_id: '' }, 'ar', { registration_id: [ar('error.minLength', { limit: 1 })] }],
      [{ ...body, registration_id: 'a'.repeat(256) }, 'ru', { registration_id: [ru('error.maxLength', { limit: 255 })] }],
      [{ ...body, registration_id: 12345 }, 'ar', { registration_id: [ar('error.type.string')] }],
      [{ ...body, web_push: { ...body.web_push, endpoint: 'http://push.example/abc' } }, 'ru', { 'web_push.endpoint': [ru('error.pushEndpoint')] }],
      [{ ...body, web_push: { ...body.web_push, endpoint: 'javascript:alert(1)' } }, 'ar', { 'web_push.endpoint': [ar('error.pushEndpoint')] }],
      [
        { ...body, web_push: { ...body.web_push, endpoint: `https://push.example/${'x'.repeat(10_240)}` } },
        'ru',
        { 'web_push.endpoint': [ru('error.maxLength', { limit: 2048 })] },
      ],
      [{ ...body, web_push: { ...body.web_push, keys: { p256dh: 'not base64!', auth: 42 } } }, 'ar', {
        'web_push.keys.p256dh': [ar('error.pushKey')],
        'web_push.keys.auth': [ar('error.type.string')],
      }],
      [{ ...body, web_push: { endpoint: body.web_push.endpoint } }, 'ru', { 'web_push.keys': [ru('error.required')] }],
      [{ ...body, name: 'x'.repeat(10_240) }, 'ar', { name: [ar('error.maxLength', { limit: 100 })] }],
      [{ ...body, name: 'bell\u0007' }, 'ru', { name: [ru('error.controlCharacters')] }],
      [{ ...body, type: 'pager' }, 'ar', { type: [ar('error.enum', { values: 'web, android, ios' })] }],
      [{ ...body, active: 'yes' }, 'ru', { active: [ru('error.type.boolean')] }],
      [{ ...body, owner: 'bob' }, 'ar', { owner: [ar('error.unknownField')] }],
      [{ name: 'only a name' }, 'ru', { registration_id: [ru('error.required')], type: [ru('error.required')] }],
    ];
    for (const [payload, lang, errors] of cases) {
      const response = await call(t, alice, 'POST', '/api/devices/', payload, lang);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
  });

  it('keeps the number of devices of one account bounded', async () => {
    const many = await newCustomer(t, 'many');
    for (let index = 0; index < 20; index++) {
      const response = await call(t, many, 'POST', '/api/devices/', { registration_id: `token-${index}`, type: 'ios' });
      expect(response.statusCode).toBe(201);
    }
    const refused = await call(t, many, 'POST', '/api/devices/', { registration_id: 'token-20', type: 'ios' }, 'ru');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: ru('error.tooManyDevices', { max: 20 }) });
    // Renewing one it has is still fine.
    expect((await call(t, many, 'POST', '/api/devices/', { registration_id: 'token-3', type: 'ios' })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t, null, 'POST', '/api/devices/', webDevice())).statusCode).toBe(401);
    expect((await call(t, null, 'GET', '/api/devices/')).statusCode).toBe(401);
  });
});

describe('GET /api/devices/', () => {
  it('lists only your devices, newest first, a page at a time', async () => {
    const carol = await newCustomer(t, 'carol');
    for (let index = 1; index <= 3; index++) {
      await call(t, carol, 'POST', '/api/devices/', { registration_id: `carol-${index}`, name: `Phone ${index}`, type: 'android' });
    }
    const page = (await call(t, carol, 'GET', '/api/devices/?limit=2')).json();
    expect(page.count).toBe(3);
    expect(page.results.map((device: Device) => device.name)).toEqual(['Phone 3', 'Phone 2']);
    expect(page.next).toBe('/api/devices/?limit=2&offset=2');
    const aliceNames = (await devices(alice)).json<{ results: Device[] }>().results.map((device) => device.name);
    expect(aliceNames).not.toContain('Phone 1');
  });
});

describe('/api/devices/{registration_id}/', () => {
  let device: Device;
  const path = () => `/api/devices/${device.registration_id}/`;
  beforeAll(async () => {
    device = (await call(t, alice, 'POST', '/api/devices/', webDevice('Edge'))).json<Device>();
  });

  it('answers one of your devices', async () => {
    const response = await call(t, alice, 'GET', path());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(device);
  });

  it('changes some fields with PATCH', async () => {
    const response = await call(t, alice, 'PATCH', path(), { name: 'Edge at work', active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...device, name: 'Edge at work', active: false });
    device = response.json();
  });

  it('replaces it with PUT, keeping a subscription left out', async () => {
    const response = await call(t, alice, 'PUT', path(), { name: 'Edge', type: 'web', active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...device, name: 'Edge', active: true });
    device = response.json();

    const required = await call(t, alice, 'PUT', path(), { name: 'Edge' }, 'ar');
    expect(required.statusCode).toBe(400);
    expect(required.json()).toEqual({ type: [ar('error.required')], active: [ar('error.required')] });
  });

  it('drops the subscription when the type is no longer web, and needs one to become web again', async () => {
    const other = (await call(t, alice, 'POST', '/api/devices/', webDevice('Tablet'))).json<Device>();
    const otherPath = `/api/devices/${other.registration_id}/`;
    const app = await call(t, alice, 'PATCH', otherPath, { type: 'android' });
    expect(app.json()).toMatchObject({ type: 'android', web_push: null });
    const back = await call(t, alice, 'PATCH', otherPath, { type: 'web' }, 'ru');
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ web_push: [ru('error.webPushRequired')] });
  });

  it('takes a new registration_id, unless another of your devices has it', async () => {
    const renamed = await call(t, alice, 'PATCH', path(), { registration_id: 'edge-renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().registration_id).toBe('edge-renamed');
    expect((await call(t, alice, 'GET', path())).statusCode).toBe(404);
    device = renamed.json();

    await call(t, alice, 'POST', '/api/devices/', { registration_id: 'taken-id', type: 'ios' });
    const clash = await call(t, alice, 'PATCH', path(), { registration_id: 'taken-id' }, 'ar');
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ registration_id: [ar('error.registrationIdTaken')] });
  });

  it('is "not found" for anyone else, who can neither change nor remove it', async () => {
    for (const [method, payload] of [
      ['GET'],
      ['PATCH', { active: false }],
      ['PUT', { name: 'Mine now', type: 'ios', active: true }],
      ['DELETE'],
    ] as const) {
      const response = await call(t, bob, method, path(), payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: en('error.notFound') });
    }
    expect((await call(t, alice, 'GET', path())).json()).toEqual(device);
  });

  it('refuses a malformed registration_id in the path and bad changes', async () => {
    const long = await call(t, alice, 'GET', `/api/devices/${'a'.repeat(300)}/`, undefined, 'ru');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ registration_id: [ru('error.maxLength', { limit: 255 })] });
    const odd = await call(t, alice, 'GET', `/api/devices/${encodeURIComponent('bad id!')}/`, undefined, 'ar');
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ registration_id: [ar('error.registrationIdFormat')] });
    const wrong = await call(t, alice, 'PATCH', path(), { active: 'no', extra: 1 }, 'ru');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ active: [ru('error.type.boolean')], extra: [ru('error.unknownField')] });
  });

  it('removes it with DELETE (204), after which it is gone', async () => {
    const removed = await call(t, alice, 'DELETE', path());
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(t, alice, 'GET', path())).statusCode).toBe(404);
    expect((await call(t, alice, 'DELETE', path())).statusCode).toBe(404);
  });
});

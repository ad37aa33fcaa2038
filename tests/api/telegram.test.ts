import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { post } from './helpers/accounts.ts';
import { insertUser } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');

const BOT = { token: '7000001:test-bot-token-for-the-api-suite', username: 'harbour_test_bot' };

let t: TestApp;
let withoutBot: TestApp;
beforeAll(async () => {
  [t, withoutBot] = await Promise.all([
    createTestApp({ env: { TELEGRAM_BOT_TOKEN: BOT.token, TELEGRAM_BOT_USERNAME: BOT.username } }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await t?.close();
  await withoutBot?.close();
});

type WidgetFields = Record<string, string | number>;

/** Widget data signed as Telegram signs it: HMAC-SHA-256 of the sorted fields, keyed with SHA-256(bot token). */
function signed(fields: WidgetFields, token = BOT.token): WidgetFields {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(dataCheckString).digest('hex') };
}

const now = () => Math.floor(t.clock.now().getTime() / 1000);
const telegramAuth = (app: TestApp, payload: object, headers: Record<string, string> = {}) =>
  post(app, '/api/telegram_auth/', payload, headers);

describe('POST /api/telegram_auth/', () => {
  it('creates a confirmed account named after the Telegram user, without email or password', async () => {
    const data = signed({
      id: 5550001,
      first_name: 'Анна',
      last_name: 'Harbour',
      username: 'anna_tg',
      photo_url: 'https://t.me/i/userpic/320/anna.jpg',
      auth_date: now(),
    });
    const response = await telegramAuth(t, data, { 'accept-language': 'ar' });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      username: 'anna_tg',
      email: null,
      first_name: 'Анна',
      last_name: 'Harbour',
      language: 'ar',
      is_verified: true,
      has_password: false,
      telegram_linked: true,
      totp_enabled: false,
    });

    const again = await telegramAuth(t, signed({ id: 5550001, username: 'anna_tg', auth_date: now() }));
    expect(again.json().user.id).toBe(user.id);
  });

  it('signs in the account already linked to the Telegram id', async () => {
    const { id } = await insertUser(t.db, { username: 'linked_sailor', is_verified: true, telegram_id: '5550002' });
    const response = await telegramAuth(t, signed({ id: 5550002, first_name: 'Other name', auth_date: now() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id, username: 'linked_sailor', telegram_linked: true });
  });

  it('names the account tg<id> when the Telegram username is taken or missing', async () => {
    const taken = await telegramAuth(t, signed({ id: 5550003, username: 'demo', auth_date: now() }));
    expect(taken.json().user.username).toBe('tg5550003');
    const none = await telegramAuth(t, signed({ id: 5550004, first_name: 'Nameless', auth_date: now() }));
    expect(none.json().user.username).toBe('tg5550004');
  });

  it('refuses data with a wrong hash, changed fields or another bot’s signature', async () => {
    const data = signed({ id: 5550005, first_name: 'Mallory', auth_date: now() });
    const cases = [
      { ...data, hash: '0'.repeat(64) },
      { ...data, id: 5550006 },
      { ...data, first_name: 'Eve' },
      { ...data, username: 'added_later' },
      signed({ id: 5550005, auth_date: now() }, '7000002:another-bot-token-entirely'),
      { ...data, hash: 'not-hex' },
    ];
    for (const payload of cases) {
      const response = await telegramAuth(t, payload, { 'accept-language': 'ar' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ detail: ar('error.telegramInvalid') });
    }
  });

  it('refuses data signed more than a day ago', async () => {
    const response = await telegramAuth(t, signed({ id: 5550007, auth_date: now() - 86_401 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.telegramExpired') });
  });

  it('asks for a second factor when the linked account has two-factor on', async () => {
    await insertUser(t.db, { username: 'guarded_sailor', is_verified: true, telegram_id: '5550008', totp_secret: 'v1.sealed' });
    const response = await telegramAuth(t, signed({ id: 5550008, auth_date: now() }));
    expect(response.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });

  it('checks the shape of the widget data', async () => {
    const response = await telegramAuth(t, { id: 'abc', auth_date: -1, hash: 'x'.repeat(65), extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      id: [en('error.type.integer')],
      auth_date: [en('error.minimum', { limit: 0 })],
      hash: [en('error.maxLength', { limit: 64 })],
      extra: [en('error.unknownField')],
    });
  });

  it('tells the sign-in screen the bot to show', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ telegram_bot_username: BOT.username, vapid_public_key: expect.any(String) });
  });
});

describe('without a Telegram bot configured', () => {
  it('answers 404 and tells the sign-in screen there is no bot', async () => {
    const response = await telegramAuth(withoutBot, signed({ id: 5550009, auth_date: now() }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
    const config = await withoutBot.app.inject({ method: 'GET', url: '/api/config/' });
    expect(config.json()).toEqual({ telegram_bot_username: null, vapid_public_key: expect.any(String) });
  });
});

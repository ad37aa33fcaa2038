/**
 * Every accounts endpoint against what a careless or hostile client sends: wrong types,
 * missing fields, 10 KB strings, odd Unicode, SQL-looking text. The answer is always a
 * 400 with field errors in the request's language, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { signUp, type NewAccount } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');

let t: TestApp;
let account: NewAccount;
beforeAll(async () => {
  t = await createTestApp({
    env: { TELEGRAM_BOT_TOKEN: '7000001:bad-input-suite-bot-token', TELEGRAM_BOT_USERNAME: 'bad_input_bot' },
  });
  account = await signUp(t, 'target');
});
afterAll(() => t?.close());

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  /** ":id" stands for the signed-in account's id. */
  path: string;
  /** A body the endpoint accepts the shape of. */
  valid: Record<string, unknown>;
  /** What odd values are mixed into (default `valid`): without passwords to check where that is slow. */
  base?: Record<string, unknown>;
  /** The fields odd values go into (default: every text field). Passwords are only ever hashed. */
  oddFields?: string[];
  /** Its text fields and their maxLength. */
  text: Record<string, number>;
  required: string[];
  signedIn?: boolean;
}

const endpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/register/',
    valid: {
      username: 'valid_name',
      email: 'valid@example.test',
      password: 'harbour lights 42',
      referral_code: 'DEMO2026',
      language: 'en',
    },
    text: { username: 32, email: 254, password: 128, referral_code: 16 },
    required: ['username', 'email', 'password'],
  },
  {
    method: 'POST',
    path: '/api/login/',
    valid: { username: 'demo', password: 'hashpower-2026' },
    text: { username: 254, password: 256 },
    oddFields: ['username'],
    required: ['username', 'password'],
  },
  {
    method: 'POST',
    path: '/api/otp/',
    valid: { purpose: 'login', email: 'demo@hashharbor.example', code: '123456', challenge: 'abc' },
    text: { email: 254, code: 20, challenge: 128 },
    required: ['purpose'],
  },
  {
    method: 'POST',
    path: '/api/password_reset/',
    valid: { email: 'demo@hashharbor.example', code: '123456', password: 'harbour lights 42' },
    text: { email: 254, code: 20, password: 128 },
    required: ['email'],
  },
  {
    method: 'POST',
    path: '/api/telegram_auth/',
    valid: {
      id: 1,
      first_name: 'A',
      last_name: 'B',
      username: 'c',
      photo_url: 'https://t.me/p.jpg',
      auth_date: 1,
      hash: 'f'.repeat(64),
    },
    text: { first_name: 256, last_name: 256, username: 64, photo_url: 1024, hash: 64 },
    required: ['id', 'auth_date', 'hash'],
  },
  {
    method: 'PATCH',
    path: '/api/users/:id/',
    valid: {
      first_name: 'A',
      last_name: 'B',
      username: 'valid_name',
      language: 'en',
      email: 'valid@example.test',
      current_password: 'x',
      new_password: 'harbour lights 42',
    },
    text: { first_name: 150, last_name: 150, username: 32, email: 254, current_password: 256, new_password: 128 },
    base: {},
    required: [],
    signedIn: true,
  },
  {
    method: 'PUT',
    path: '/api/users/:id/',
    valid: { first_name: 'A', last_name: 'B', username: 'valid_name', language: 'en' },
    text: { first_name: 150, last_name: 150, username: 32 },
    required: ['first_name', 'last_name', 'username', 'language'],
    signedIn: true,
  },
  {
    method: 'DELETE',
    path: '/api/users/:id/',
    valid: { password: 'x', confirm: 'DELETE', code: '123456' },
    text: { password: 256, confirm: 16, code: 20 },
    base: {},
    oddFields: ['confirm', 'code'],
    required: [],
    signedIn: true,
  },
  {
    method: 'POST',
    path: '/api/users/:id/verify_email/',
    valid: { code: '123456' },
    text: { code: 20 },
    required: ['code'],
    signedIn: true,
  },
  {
    method: 'POST',
    path: '/api/verify_totp/',
    valid: { code: '123456' },
    text: { code: 20 },
    required: ['code'],
    signedIn: true,
  },
  {
    method: 'POST',
    path: '/api/disable_totp/',
    valid: { code: '123456' },
    text: { code: 20 },
    required: ['code'],
    signedIn: true,
  },
];

function send(endpoint: Endpoint, payload: unknown, language: string) {
  return t.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    payload: payload as object,
    headers: { 'accept-language': language, ...(endpoint.signedIn ? account.headers : {}) },
  });
}

const urlOf = (endpoint: Endpoint) => endpoint.path.replace(':id', String(account.user.id));
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe.each(endpoints)('$method $path', (endpoint) => {
  it('names every field of the wrong type, in Russian', async () => {
    for (const wrong of [12345, true, ['list'], { nested: 'object' }, null]) {
      const payload = Object.fromEntries(Object.keys(endpoint.text).map((field) => [field, wrong]));
      const response = await send(endpoint, { ...endpoint.valid, ...payload }, 'ru');
      expect(response.statusCode, `${label(endpoint)} ${JSON.stringify(wrong)}`).toBe(400);
      const expected = Object.fromEntries(
        Object.keys(endpoint.text).map((field) => [field, [ru('error.type.string')]]),
      );
      expect(response.json()).toEqual(expected);
    }
  });

  it('names every missing field, in Arabic', async () => {
    if (endpoint.required.length === 0) return;
    const response = await send(endpoint, {}, 'ar');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual([...endpoint.required].sort());
    for (const field of endpoint.required) expect(response.json()[field]).toEqual([ar('error.required')]);
  });

  it('refuses 10 KB strings in every text field, without doing the work', async () => {
    const long = 'x'.repeat(10 * 1024);
    const payload = Object.fromEntries(Object.keys(endpoint.text).map((field) => [field, long]));
    const response = await send(endpoint, { ...endpoint.valid, ...payload }, 'ru');
    expect(response.statusCode).toBe(400);
    for (const [field, limit] of Object.entries(endpoint.text)) {
      expect(response.json()[field], field).toContain(ru('error.maxLength', { limit }));
    }
  });

  it('never fails on odd Unicode or SQL-looking text', async () => {
    const oddities = [
      '\u0000',
      'nul\u0000byte',
      '\u202eRTL override',
      '\u200fعلي\u200f',
      '\ud800',
      '😀'.repeat(8),
      "'; DROP TABLE users; --",
      "' OR '1'='1",
      'Robert"); DELETE FROM auth_tokens; --',
    ];
    const fields = endpoint.oddFields ?? Object.keys(endpoint.text);
    const cases = oddities.flatMap((odd) => fields.map((field) => ({ field, odd })));
    // At once: some reach a password check, which takes a moment each.
    const responses = await Promise.all(
      cases.map(({ field, odd }) => send(endpoint, { ...(endpoint.base ?? endpoint.valid), [field]: odd }, 'ar')),
    );
    responses.forEach((response, index) => {
      const { field, odd } = cases[index]!;
      expect(response.statusCode, `${label(endpoint)} ${field}=${JSON.stringify(odd)}: ${response.body}`).toBeLessThan(
        500,
      );
    });
  });

  it('refuses fields it does not know', async () => {
    const response = await send(endpoint, { ...endpoint.valid, is_admin: true }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().is_admin).toEqual([en('error.unknownField')]);
  });

  // Found by tests/api/fuzz.test.ts: these names once met Object.prototype's members and answered 500.
  it('refuses unknown fields named like JavaScript object members the same way', async () => {
    const response = await send(
      endpoint,
      { ...endpoint.valid, constructor: 1, toString: 'x', hasOwnProperty: 0 },
      'en',
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      constructor: [en('error.unknownField')],
      toString: [en('error.unknownField')],
      hasOwnProperty: [en('error.unknownField')],
    });
  });
});

describe('field rules on odd input', () => {
  it('refuses SQL-looking and right-to-left usernames and emails with the field rule', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/',
      headers: { 'accept-language': 'ar' },
      payload: {
        username: "x'; DROP TABLE users;--",
        email: "x'; DROP TABLE users;--@x",
        password: 'harbour lights 42',
      },
    });
    expect(response.json()).toEqual({ username: [ar('validation.username')], email: [ar('error.format.email')] });

    const rtl = await t.app.inject({
      method: 'POST',
      url: '/api/register/',
      payload: { username: '\u200fadmin', email: 'admin\u200f@example.test', password: 'harbour lights 42' },
    });
    expect(rtl.json()).toEqual({ username: [en('validation.username')], email: [en('error.format.email')] });
  });

  it('treats SQL-looking sign-in names as names that match no account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { username: "demo' --", password: "' OR '1'='1" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });

  it('stores SQL-looking names as plain text', async () => {
    const name = "Robert'); DROP TABLE users; --";
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${account.user.id}/`,
      headers: account.headers,
      payload: { first_name: name },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().first_name).toBe(name);
    expect((await t.signIn()).user.username).toBe('demo');
  });

  it('refuses a purpose it does not know, and a language it does not speak', async () => {
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/otp/',
      headers: { 'accept-language': 'ru' },
      payload: { purpose: 'admin', email: 'demo@hashharbor.example' },
    });
    expect(otp.json()).toEqual({ purpose: [ru('error.enum', { values: 'signup, login, two_factor' })] });
    const language = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${account.user.id}/`,
      headers: account.headers,
      payload: { language: 'fr' },
    });
    expect(language.json()).toEqual({ language: [en('error.enum', { values: 'en, ru, es, ar, tr, de' })] });
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { useTestApp } from './helpers/test-app.ts';
import { insertUser } from './helpers/fixtures.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');

const t = useTestApp();

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login/', payload: payload as object, headers });

describe('POST /api/login/', () => {
  it('signs the demo user in and answers the token and the user', async () => {
    const response = await login(
      { username: 'demo', password: 'hashpower-2026' },
      { 'user-agent': 'vitest-browser/1.0' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      username: 'demo',
      email: 'demo@hashharbor.example',
      first_name: 'Dana',
      last_name: 'Demo',
      language: 'en',
      is_verified: true,
      // This sign-in's own new_sign_in notification.
      unread_message_count: 1,
      referral_code: 'DEMO2026',
      date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      totp_enabled: false,
      has_password: true,
      telegram_linked: false,
      pending_email: null,
    });
  });

  it('stores only a hash of the token, with the device and address it was issued to', async () => {
    const response = await login({ username: 'demo', password: 'hashpower-2026' }, { 'user-agent': 'token-audit/2.0' });
    const { token } = response.json();
    const rows = await t.db.selectFrom('auth_tokens').selectAll().where('user_agent', '=', 'token-audit/2.0').execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.ip).toBe('127.0.0.1');
    expect(row.revoked_at).toBeNull();
    const ttlDays = (row.expires_at.getTime() - row.created_at.getTime()) / 86_400_000;
    expect(ttlDays).toBeCloseTo(7, 3);
  });

  it('accepts the email address, in any letter case, instead of the username', async () => {
    expect((await login({ username: 'Demo@HashHarbor.example', password: 'hashpower-2026' })).statusCode).toBe(200);
    expect((await login({ username: 'DEMO', password: 'hashpower-2026' })).statusCode).toBe(200);
  });

  it('refuses a wrong password', async () => {
    const response = await login({ username: 'demo', password: 'hashpower-2025' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });

  it('refuses an unknown user with the very same answer', async () => {
    const response = await login({ username: 'nobody-here', password: 'hashpower-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });

  it('refuses a deleted account', async () => {
    await insertUser(t.db, { username: 'gone', deleted_at: new Date() });
    const response = await login({ username: 'gone', password: 'whatever' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });

  it('answers in the language of Accept-Language', async () => {
    const russian = await login(
      { username: 'demo', password: 'wrong' },
      { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    );
    expect(russian.json()).toEqual({ detail: ru('error.invalidCredentials') });
    expect(russian.headers['content-language']).toBe('ru');
    expect(russian.headers.vary).toContain('Accept-Language');

    const arabic = await login({ password: 'x' }, { 'accept-language': 'ar' });
    expect(arabic.json()).toEqual({ username: [ar('error.required')] });
    expect(arabic.headers['content-language']).toBe('ar');
  });

  it('names every missing field', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [en('error.required')], password: [en('error.required')] });
  });

  it('refuses empty strings', async () => {
    const response = await login({ username: '', password: '' });
    expect(response.json()).toEqual({
      username: [en('error.minLength', { limit: 1 })],
      password: [en('error.minLength', { limit: 1 })],
    });
  });

  it('does not coerce types in the body', async () => {
    const response = await login({ username: 12345, password: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [en('error.type.string')], password: [en('error.type.string')] });
  });

  it('refuses 10 KB strings without hashing them', async () => {
    const long = 'x'.repeat(10 * 1024);
    const response = await login({ username: long, password: long });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: [en('error.maxLength', { limit: 254 })],
      password: [en('error.maxLength', { limit: 256 })],
    });
  });

  it('refuses fields it does not know', async () => {
    const response = await login({ username: 'demo', password: 'hashpower-2026', remember: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ remember: [en('error.unknownField')] });
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"demo"', '[1, 2]', 'null', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: en('error.type.object') });
    }
  });

  it('refuses invalid JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      payload: '{"username": "demo", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: ru('error.invalidJson') });
  });

  it('refuses an empty JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidJson') });
  });

  it('refuses JSON that tries prototype pollution', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "demo", "password": "x", "__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidJson') });
  });

  it('refuses bodies that are not JSON', async () => {
    for (const [contentType, payload] of [
      ['text/plain', 'username=demo'],
      ['application/x-www-form-urlencoded', 'username=demo&password=hashpower-2026'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login/',
        headers: { 'content-type': contentType, 'accept-language': 'ar' },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: ar('error.unsupportedMediaType') });
    }
  });

  it('refuses a body over the size limit', async () => {
    const response = await login({ username: 'demo', password: 'x'.repeat(200 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: en('error.bodyTooLarge') });
  });
});

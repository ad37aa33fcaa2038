import { describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { GOOD_PASSWORD, newIdentity, post, signUp } from './helpers/accounts.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');

const t = useTestApp();

const register = (payload: object, headers: Record<string, string> = {}) => post(t, '/api/register/', payload, headers);
const otp = (payload: object, headers: Record<string, string> = {}) => post(t, '/api/otp/', payload, headers);

describe('POST /api/register/', () => {
  it('creates an unconfirmed account and emails a 6-digit code in the chosen language', async () => {
    const identity = newIdentity('newbie');
    const response = await register({ ...identity, password: GOOD_PASSWORD, language: 'ar' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      detail: en('notice.accountCreated', { email: identity.email }),
      email: identity.email,
      resend_after: 60,
    });

    const mail = await t.mailbox.next(identity.email);
    const code = /\b(\d{6})\b/.exec(mail.subject)![1]!;
    expect(mail.subject).toBe(ar('mail.signupCode.subject', { code }));
    expect(mail.text).toContain(ar('mail.greeting', { username: identity.username }));
    expect(mail.text).toContain(code);

    const row = await t.db
      .selectFrom('users')
      .select(['is_verified', 'language', 'password_hash'])
      .where('username', '=', identity.username)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_verified: false, language: 'ar' });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    // Codes are kept only as keyed hashes.
    const stored = await t.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('email', '=', identity.email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toContain(code);
  });

  it('signs the new customer in once the code is confirmed, without a new-sign-in notice', async () => {
    const identity = newIdentity('confirmed');
    await register({ ...identity, password: GOOD_PASSWORD }, { 'accept-language': 'tr' });
    const code = await t.mailbox.code(identity.email);
    const response = await otp({ purpose: 'signup', email: identity.email.toUpperCase(), code });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      username: identity.username,
      email: identity.email,
      is_verified: true,
      language: 'tr',
      has_password: true,
      totp_enabled: false,
      pending_email: null,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/users/${body.user.id}/`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);

    await t.app.mailer.idle();
    expect(t.mailbox.unread(identity.email)).toEqual([]);
    // A code works once.
    const again = await otp({ purpose: 'signup', email: identity.email, code });
    expect(again.json()).toEqual({ code: [en('error.codeExpired')] });
  });

  it('records who referred the new customer, whatever the letter case of the code', async () => {
    const account = await signUp(t, 'referred', { referral_code: 'demo2026' });
    const row = await t.db
      .selectFrom('users as u')
      .innerJoin('users as referrer', 'referrer.id', 'u.referred_by')
      .select('referrer.username')
      .where('u.id', '=', String(account.user.id))
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('demo');
  });

  it('refuses an unknown referral code', async () => {
    const response = await register({ ...newIdentity('badref'), password: GOOD_PASSWORD, referral_code: 'NOSUCH99' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ referral_code: [en('error.referralUnknown')] });
  });

  it('refuses a username or an email already in use, whatever their letter case', async () => {
    const response = await register(
      { username: 'DEMO', email: 'Demo@HashHarbor.example', password: GOOD_PASSWORD },
      { 'accept-language': 'ru' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [ru('error.usernameTaken')], email: [ru('error.emailTaken')] });
  });

  it('keeps the names of deleted accounts out of reach', async () => {
    const response = await register({ ...newIdentity('x'), username: 'deleted-1', password: GOOD_PASSWORD });
    expect(response.json()).toEqual({ username: [en('error.usernameTaken')] });
  });

  it('refuses weak passwords with the reason, in the request language', async () => {
    const identity = { username: 'strongman', email: 'strongman@example.test' };
    const cases: [string, string][] = [
      ['short1!', 'validation.passwordShort'],
      ['2026202620', 'validation.passwordNumeric'],
      ['baseball', 'validation.passwordCommon'],
      ['Password1', 'validation.passwordCommon'],
      ['strongman-2026', 'validation.passwordLikeUser'],
    ];
    for (const [password, key] of cases) {
      const response = await register({ ...identity, password }, { 'accept-language': 'ar' });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ password: [ar(key as Parameters<typeof ar>[0])] });
    }
    const tooLong = await register({ ...identity, password: 'x'.repeat(129) });
    expect(tooLong.json()).toEqual({ password: [en('error.maxLength', { limit: 128 })] });
  });

  it('refuses usernames the login field could mistake, in the shared wording', async () => {
    for (const username of ['ab', 'has space', 'ann@home', 'name\u200f', "o'brien"]) {
      const response = await register({ username, email: 'who@example.test', password: GOOD_PASSWORD });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().username, username).toContain(en('validation.username'));
    }
  });

  it('replaces the registration of an unconfirmed email, and only the newest code works', async () => {
    const identity = newIdentity('retry');
    await register({ ...identity, password: GOOD_PASSWORD });
    const firstCode = await t.mailbox.code(identity.email);

    const renamed = `${identity.username}_2`.slice(0, 32);
    const again = await register({ username: renamed, email: identity.email, password: 'another fine phrase' });
    expect(again.statusCode).toBe(201);
    const secondCode = await t.mailbox.code(identity.email);
    if (secondCode !== firstCode) {
      expect((await otp({ purpose: 'signup', email: identity.email, code: firstCode })).json()).toEqual({
        code: [en('error.codeInvalid')],
      });
    }
    const confirmed = await otp({ purpose: 'signup', email: identity.email, code: secondCode });
    expect(confirmed.json().user.username).toBe(renamed);
    const accounts = await t.db.selectFrom('users').select('id').where('email', '=', identity.email).execute();
    expect(accounts).toHaveLength(1);

    // Confirmed now: the email is taken for good.
    const third = await register({ ...newIdentity('late'), email: identity.email, password: GOOD_PASSWORD });
    expect(third.json()).toEqual({ email: [en('error.emailTaken')] });
  });
});

describe('POST /api/otp/ sending a signup code', () => {
  it('waits 60 seconds between sends, then sends a new code that replaces the old one', async () => {
    const identity = newIdentity('resend');
    await register({ ...identity, password: GOOD_PASSWORD });
    const firstCode = await t.mailbox.code(identity.email);

    const tooSoon = await otp({ purpose: 'signup', email: identity.email }, { 'accept-language': 'ru' });
    expect(tooSoon.statusCode).toBe(429);
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(tooSoon.json()).toEqual({ detail: ru('error.rateLimited', { seconds: retryAfter }) });

    t.clock.advance(60_000);
    const resent = await otp({ purpose: 'signup', email: identity.email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ detail: en('notice.codeSent', { minutes: 10 }), resend_after: 60 });
    const secondCode = await t.mailbox.code(identity.email);
    if (secondCode !== firstCode) {
      const old = await otp({ purpose: 'signup', email: identity.email, code: firstCode });
      expect(old.json()).toEqual({ code: [en('error.codeInvalid')] });
    }
    expect((await otp({ purpose: 'signup', email: identity.email, code: secondCode })).statusCode).toBe(200);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const response = await otp({ purpose: 'signup', email: 'nobody-at-all@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: en('notice.codeSent', { minutes: 10 }), resend_after: 60 });
    const tooSoon = await otp({ purpose: 'signup', email: 'nobody-at-all@example.test' });
    expect(tooSoon.statusCode).toBe(429);
    await t.app.mailer.idle();
    expect(t.mailbox.unread('nobody-at-all@example.test')).toEqual([]);
  });

  it('sends no signup code to a confirmed account, with the same answer', async () => {
    const response = await otp({ purpose: 'signup', email: 'demo@hashharbor.example' });
    expect(response.json()).toEqual({ detail: en('notice.codeSent', { minutes: 10 }), resend_after: 60 });
    await t.app.mailer.idle();
    expect(t.mailbox.unread('demo@hashharbor.example')).toEqual([]);
  });
});

/**
 * What happens to an account lands in the bell, in the account's language: a sign-in
 * (but not the first one, right after signing up), a password changed or reset,
 * two-factor turned on or off, a new email address confirmed.
 */
import * as OTPAuth from 'otpauth';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../contracts/notifications.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { GOOD_PASSWORD, login, newIdentity, post, signUp, type NewAccount } from './helpers/accounts.ts';
import { call, expectUnreadCountsExact, notificationsOf, unreadCount, type Client } from './helpers/notifications.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const t = useTestApp();
afterEach(async () => {
  await expectUnreadCountsExact(t.db);
});

const clientOf = (account: NewAccount): Client => ({ id: account.user.id, headers: account.headers });
const kinds = async (account: NewAccount) => (await notificationsOf(t, clientOf(account), 100)).results.map((n) => n.kind);
const newest = async (account: NewAccount): Promise<Notification> => (await notificationsOf(t, clientOf(account), 1)).results[0]!;

function authenticatorCode(secret: string): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: t.clock.now().getTime() });
}

describe('signing in', () => {
  let account: NewAccount;
  beforeAll(async () => {
    account = await signUp(t, 'signer');
  });

  it('adds nothing for the first sign-in, the one that completes the signup', async () => {
    expect(await kinds(account)).toEqual([]);
    expect(await unreadCount(t, clientOf(account))).toBe(0);
  });

  it('adds a new_sign_in naming the device and the address, and the answer counts it', async () => {
    const response = await login(t, account.username, account.password, { 'user-agent': FIREFOX_ON_LINUX });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.unread_message_count).toBe(1);
    const notification = await newest(account);
    expect(notification).toMatchObject({
      kind: 'new_sign_in',
      title: en('notification.new_sign_in.title'),
      body: en('notification.new_sign_in.body', { device: 'Firefox (Linux)', ip: '127.0.0.1' }),
      is_read: false,
      event: { creator: { username: 'HashHarbor' } },
    });
  });

  it('says "an unknown device" when the browser does not say what it is', async () => {
    await login(t, account.username, account.password, { 'user-agent': 'curl/8.5.0' });
    expect((await newest(account)).body).toBe(
      en('notification.new_sign_in.body', { device: en('mail.unknownDevice'), ip: '127.0.0.1' }),
    );
  });

  it('adds one for a sign-in with an emailed code too, and none for a wrong password', async () => {
    const before = (await kinds(account)).length;
    expect((await login(t, account.username, 'not the password')).statusCode).toBe(400);
    expect(await kinds(account)).toHaveLength(before);

    expect((await post(t, '/api/otp/', { purpose: 'login', email: account.email })).statusCode).toBe(200);
    const code = await t.mailbox.code(account.email);
    expect((await post(t, '/api/otp/', { purpose: 'login', email: account.email, code })).statusCode).toBe(200);
    expect(await kinds(account)).toHaveLength(before + 1);
    expect((await newest(account)).kind).toBe('new_sign_in');
  });

  it('writes in the account’s language', async () => {
    const arabic = await signUp(t, 'arabic', { language: 'ar' });
    await login(t, arabic.username, arabic.password, { 'user-agent': FIREFOX_ON_LINUX });
    const notification = await newest(arabic);
    expect(notification.title).toBe(ar('notification.new_sign_in.title'));
    expect(notification.body).toBe(ar('notification.new_sign_in.body', { device: 'Firefox (Linux)', ip: '127.0.0.1' }));
  });
});

describe('security changes', () => {
  let account: NewAccount;
  beforeAll(async () => {
    account = await signUp(t, 'guarded');
  });

  it('adds password_changed when the password is changed in the profile', async () => {
    const response = await call(t, clientOf(account), 'PATCH', `/api/users/${account.user.id}/`, {
      current_password: account.password,
      new_password: 'quiet harbour 77',
    });
    expect(response.statusCode).toBe(200);
    expect(await newest(account)).toMatchObject({ kind: 'password_changed', title: en('notification.password_changed.title') });
    account.password = 'quiet harbour 77';
  });

  it('adds two_factor_enabled and two_factor_disabled, and a sign-in only once the second factor passed', async () => {
    const setup = await post(t, '/api/enable_totp/', undefined, account.headers);
    const { secret } = setup.json();
    expect((await post(t, '/api/verify_totp/', { code: authenticatorCode(secret) }, account.headers)).statusCode).toBe(200);
    expect((await newest(account)).kind).toBe('two_factor_enabled');

    t.clock.advance(30_000);
    const challenge = (await login(t, account.username, account.password)).json().challenge;
    expect((await newest(account)).kind).toBe('two_factor_enabled');
    const passed = await post(t, '/api/otp/', { purpose: 'two_factor', challenge, code: authenticatorCode(secret) });
    expect(passed.statusCode).toBe(200);
    expect((await newest(account)).kind).toBe('new_sign_in');

    t.clock.advance(30_000);
    const off = await post(t, '/api/disable_totp/', { code: authenticatorCode(secret) }, account.headers);
    expect(off.statusCode).toBe(204);
    expect(await newest(account)).toMatchObject({ kind: 'two_factor_disabled', title: en('notification.two_factor_disabled.title') });
  });

  it('adds email_changed with the new address once it is confirmed', async () => {
    const { email } = newIdentity('moved');
    const change = await call(t, clientOf(account), 'PATCH', `/api/users/${account.user.id}/`, { email });
    expect(change.statusCode).toBe(200);
    expect((await newest(account)).kind).not.toBe('email_changed');
    const code = await t.mailbox.code(email);
    const confirmed = await post(t, `/api/users/${account.user.id}/verify_email/`, { code }, account.headers);
    expect(confirmed.statusCode).toBe(200);
    expect(await newest(account)).toMatchObject({
      kind: 'email_changed',
      body: en('notification.email_changed.body', { email }),
    });
    account.email = email;
  });

  it('adds password_reset when the password is reset with an emailed code', async () => {
    expect((await post(t, '/api/password_reset/', { email: account.email })).statusCode).toBe(200);
    const code = await t.mailbox.code(account.email);
    const reset = await post(t, '/api/password_reset/', { email: account.email, code, password: GOOD_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // Every session ended with the reset: read the bell from a new one.
    const again = await login(t, account.username, GOOD_PASSWORD);
    const session = { id: account.user.id, headers: { authorization: `Bearer ${again.json().token}` } };
    const [signIn, resetNotice] = (await notificationsOf(t, session, 2)).results;
    expect(signIn!.kind).toBe('new_sign_in');
    expect(resetNotice).toMatchObject({ kind: 'password_reset', title: en('notification.password_reset.title') });
  });
});

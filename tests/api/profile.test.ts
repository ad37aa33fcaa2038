import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateToken } from '../../server/auth/tokens.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { login, newIdentity, post, signedIn, signUp, type NewAccount } from './helpers/accounts.ts';
import { type SignedIn, useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');
const ar = useTranslations('ar');
const de = useTranslations('de');

const t = useTestApp();
let demo: SignedIn;
beforeAll(async () => {
  demo = await t.signIn();
});

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE';
const userCall = (
  method: Method,
  session: { user: { id: number }; headers: Record<string, string> },
  payload?: object,
  headers = {},
) =>
  t.app.inject({
    method,
    url: `/api/users/${session.user.id}/`,
    payload,
    headers: { ...session.headers, ...headers },
  });
const patch = (session: SignedIn, payload: object, headers = {}) => userCall('PATCH', session, payload, headers);
const isSignedIn = async (session: SignedIn) => (await userCall('GET', session)).statusCode === 200;

describe('editing the profile', () => {
  let account: NewAccount;
  beforeAll(async () => {
    account = await signUp(t, 'editor');
  });

  it('changes names, username and language at once and answers the user', async () => {
    const response = await patch(account, { first_name: '  Ада ', last_name: 'لوفليس', language: 'ru' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Ада', last_name: 'لوفليس', language: 'ru' });

    const renamed = `${account.username}_x`.slice(0, 32);
    const rename = await patch(account, { username: renamed });
    expect(rename.json().username).toBe(renamed);
    expect((await userCall('GET', account)).json().username).toBe(renamed);
    // Back, and a new letter case of one's own name is fine.
    expect((await patch(account, { username: account.username.toUpperCase() })).statusCode).toBe(200);
    expect((await patch(account, { username: account.username })).statusCode).toBe(200);
  });

  it('keeps names with right-to-left marks, refuses control characters', async () => {
    const rtl = await patch(account, { first_name: '\u200fعلي\u200f' });
    expect(rtl.statusCode).toBe(200);
    const nul = await patch(account, { first_name: 'Nul\u0000l', last_name: 'Tab\there' }, { 'accept-language': 'ar' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      first_name: [ar('error.controlCharacters')],
      last_name: [ar('error.controlCharacters')],
    });
  });

  it('refuses a username someone else has, whatever its letter case', async () => {
    const response = await patch(account, { username: 'Demo' }, { 'accept-language': 'ru' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [ru('error.usernameTaken')] });
  });

  it('replaces the whole profile with PUT, which needs every editable field', async () => {
    const incomplete = await userCall('PUT', account, { first_name: 'Ada' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({
      last_name: [en('error.required')],
      username: [en('error.required')],
      language: [en('error.required')],
    });
    const full = await userCall('PUT', account, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: account.username,
      language: 'de',
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', language: 'de' });
  });

  it('keeps a new email pending until the code sent to it is entered', async () => {
    const newEmail = newIdentity('moved').email;
    const response = await patch(account, { email: newEmail });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: account.email, pending_email: newEmail });
    const code = await t.mailbox.code(newEmail);

    const wrong = await post(
      t,
      `/api/users/${account.user.id}/verify_email/`,
      { code: code === '000000' ? '111111' : '000000' },
      account.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [en('error.codeInvalid')] });

    const confirmed = await post(t, `/api/users/${account.user.id}/verify_email/`, { code }, account.headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail, pending_email: null, is_verified: true });
    expect((await login(t, newEmail, account.password)).statusCode).toBe(200);
    account.email = newEmail;
  });

  it('refuses an email another account has, and confirming with nothing pending', async () => {
    const taken = await patch(account, { email: 'DEMO@hashharbor.example' });
    expect(taken.json()).toEqual({ email: [en('error.emailTaken')] });
    const nothing = await post(t, `/api/users/${account.user.id}/verify_email/`, { code: '123456' }, account.headers);
    expect(nothing.json()).toEqual({ code: [en('error.codeInvalid')] });
  });

  it('changes the password with the current one, signing out the other sessions', async () => {
    const other = signedIn((await login(t, account.username, account.password)).json());

    const wrong = await patch(
      account,
      { current_password: 'not my password', new_password: 'harbour at midnight' },
      { 'accept-language': 'ru' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: [ru('error.currentPasswordWrong')] });
    const missing = await patch(account, { new_password: 'harbour at midnight' });
    expect(missing.json()).toEqual({ current_password: [en('error.required')] });
    const weak = await patch(account, { current_password: account.password, new_password: '12345678' });
    expect(weak.json()).toEqual({ new_password: [en('validation.passwordNumeric')] });
    const alone = await patch(account, { current_password: account.password });
    expect(alone.json()).toEqual({ new_password: [en('error.required')] });

    const changed = await patch(account, { current_password: account.password, new_password: 'harbour at midnight' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().has_password).toBe(true);
    expect(await isSignedIn(account)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    // The account chose German above: its notices come in German.
    await t.mailbox.next(account.email, new RegExp(de('mail.passwordChanged.subject')));
    expect((await login(t, account.username, 'harbour at midnight')).statusCode).toBe(200);
    account.password = 'harbour at midnight';
  });

  it("hides other users' profiles behind a 404 for every method", async () => {
    const other = { user: demo.user, headers: account.headers };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { first_name: 'Mallory' }],
      ['PUT', { first_name: 'M', last_name: 'M', username: 'mallory', language: 'en' }],
      ['DELETE', { password: 'hashpower-2026' }],
    ] as const) {
      const response = await userCall(method, other, payload);
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ detail: en('error.notFound') });
    }
    const verify = await post(t, `/api/users/${demo.user.id}/verify_email/`, { code: '123456' }, account.headers);
    expect(verify.statusCode).toBe(404);
    expect((await userCall('GET', demo)).json().first_name).toBe('Dana');
  });
});

describe('deleting the account', () => {
  it('needs the right password, then signs out everywhere and anonymises the account', async () => {
    const account = await signUp(t, 'goodbye', { referral_code: 'DEMO2026' });
    await patch(account, { first_name: 'Gone', last_name: 'Soon' });
    const other = signedIn((await login(t, account.username, account.password)).json());

    const wrong = await userCall('DELETE', account, { password: 'not it' }, { 'accept-language': 'ar' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ar('error.currentPasswordWrong')] });
    expect((await userCall('DELETE', account, {})).json()).toEqual({ password: [en('error.required')] });
    const noBody = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${account.user.id}/`,
      headers: account.headers,
    });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ password: [en('error.required')] });

    const response = await userCall('DELETE', account, { password: account.password });
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(account)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    expect((await login(t, account.username, account.password)).statusCode).toBe(400);
    expect((await login(t, account.email, account.password)).statusCode).toBe(400);

    // The row stays (every ledger row still points at it), with nothing personal left.
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', String(account.user.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: `deleted-${account.user.id}`,
      email: null,
      pending_email: null,
      first_name: '',
      last_name: '',
      password_hash: null,
      telegram_id: null,
      totp_secret: null,
      referred_by: expect.any(String),
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    // The name and the address are free again.
    const again = await post(t, '/api/register/', {
      username: account.username,
      email: account.email,
      password: 'fresh harbour start',
    });
    expect(again.statusCode).toBe(201);
  });

  it('needs an authenticator code as well when two-factor is on', async () => {
    const account = await signUp(t, 'twofold');
    const { secret } = (await post(t, '/api/enable_totp/', undefined, account.headers)).json();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const code = () => totp.generate({ timestamp: t.clock.now().getTime() });
    await post(t, '/api/verify_totp/', { code: code() }, account.headers);
    t.clock.advance(30_000);

    const without = await userCall('DELETE', account, { password: account.password });
    expect(without.json()).toEqual({ code: [en('error.required')] });
    const wrong = await userCall('DELETE', account, {
      password: account.password,
      code: '000000' === code() ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ code: [en('error.totpInvalid')] });
    const done = await userCall('DELETE', account, { password: account.password, code: code() });
    expect(done.statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', String(account.user.id))
      .execute();
    expect(rows).toEqual([]);
  });

  it('takes "DELETE" as the confirmation of an account without a password', async () => {
    const { id } = await t.db
      .insertInto('users')
      .values({ username: 'tg_only_user', telegram_id: '8800001', referral_code: 'TGONLY01', is_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As if signed in through the Telegram widget (tests/api/telegram.test.ts covers that part).
    const session = await issueToken(id);
    expect((await userCall('GET', session)).json()).toMatchObject({ has_password: false, email: null });
    const wrong = await userCall('DELETE', session, { confirm: 'delete' });
    expect(wrong.json()).toEqual({ confirm: [en('error.deleteConfirm')] });
    expect((await userCall('DELETE', session, { confirm: 'DELETE' })).statusCode).toBe(204);
  });
});

/** A session for an account that has no password to sign in with. */
async function issueToken(userId: string): Promise<SignedIn> {
  const { token, hash } = generateToken();
  await t.db
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: hash, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return { token, user: { id: Number(userId) } as SignedIn['user'], headers: { authorization: `Bearer ${token}` } };
}

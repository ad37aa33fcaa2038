import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { login, post, signUp, type NewAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');

const t = useTestApp();

/** What an authenticator app shows for `secret` at the app's current time. */
function authenticatorCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  return totp.generate({ timestamp: t.clock.now().getTime() + offsetSteps * 30_000 });
}

/** The next 30-second step, so a code not used yet exists. */
const nextStep = () => t.clock.advance(30_000);

async function turnOnTwoFactor(account: NewAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(t, '/api/enable_totp/', undefined, account.headers);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const verified = await post(t, '/api/verify_totp/', { code: authenticatorCode(secret) }, account.headers);
  expect(verified.statusCode).toBe(200);
  nextStep();
  return { secret, recoveryCodes: verified.json().recovery_codes };
}

async function challengeFor(account: NewAccount): Promise<string> {
  const response = await login(t, account.username, account.password);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return response.json().challenge;
}

const secondFactor = (challenge: string, code: string, headers: Record<string, string> = {}) =>
  post(t, '/api/otp/', { purpose: 'two_factor', challenge, code }, headers);

const me = (account: NewAccount) =>
  t.app.inject({ method: 'GET', url: `/api/users/${account.user.id}/`, headers: account.headers });

describe('turning two-factor on', () => {
  let account: NewAccount;
  beforeAll(async () => {
    account = await signUp(t, 'careful');
  });

  it('starts with a new key, its otpauth URI and a QR code, not active yet', async () => {
    const response = await post(t, '/api/enable_totp/', undefined, account.headers);
    expect(response.statusCode).toBe(200);
    const setup = response.json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = OTPAuth.URI.parse(setup.otpauth_uri) as OTPAuth.TOTP;
    expect(uri.issuer).toBe('HashHarbor');
    expect(uri.secret.base32).toBe(setup.secret);
    expect(uri).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 30 });
    expect(setup.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await me(account)).json().totp_enabled).toBe(false);

    // Stored sealed, not as the key itself.
    const row = await t.db
      .selectFrom('users')
      .select(['totp_pending_secret', 'totp_secret'])
      .where('id', '=', String(account.user.id))
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toBeNull();
    expect(row.totp_pending_secret).toMatch(/^v1\./);
    expect(row.totp_pending_secret).not.toContain(setup.secret);

    // Password sign-in is unchanged until it is confirmed.
    expect((await login(t, account.username, account.password)).json().token).toBeDefined();
  });

  it('replaces an earlier key that was never confirmed', async () => {
    const first = (await post(t, '/api/enable_totp/', undefined, account.headers)).json();
    const second = (await post(t, '/api/enable_totp/', undefined, account.headers)).json();
    expect(second.secret).not.toBe(first.secret);
    const withOld = await post(t, '/api/verify_totp/', { code: authenticatorCode(first.secret) }, account.headers);
    expect(withOld.statusCode).toBe(400);
    expect(withOld.json()).toEqual({ code: [en('error.totpInvalid')] });
  });

  it('turns on with a code of the new key, answers ten recovery codes and emails a notice', async () => {
    const { secret } = (await post(t, '/api/enable_totp/', undefined, account.headers)).json();
    const response = await post(t, '/api/verify_totp/', { code: authenticatorCode(secret) }, account.headers);
    expect(response.statusCode).toBe(200);
    const { recovery_codes } = response.json();
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await me(account)).json().totp_enabled).toBe(true);
    await t.mailbox.next(account.email, new RegExp(en('mail.twoFactorEnabled.subject')));

    const again = await post(t, '/api/enable_totp/', undefined, { ...account.headers, 'accept-language': 'ru' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: ru('error.totpAlreadyOn') });
  });

  it('cannot be confirmed without a started key', async () => {
    const fresh = await signUp(t, 'hasty');
    const response = await post(t, '/api/verify_totp/', { code: '123456' }, fresh.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.totpNotStarted') });
  });

  it('needs a signed-in client', async () => {
    expect((await post(t, '/api/enable_totp/')).statusCode).toBe(401);
    expect((await post(t, '/api/verify_totp/', { code: '123456' })).statusCode).toBe(401);
    expect((await post(t, '/api/disable_totp/', { code: '123456' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  let account: NewAccount;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    account = await signUp(t, 'guarded');
    ({ secret, recoveryCodes } = await turnOnTwoFactor(account));
  });

  it('answers a challenge instead of a token, and the authenticator code finishes the sign-in', async () => {
    const challenge = await challengeFor(account);
    const response = await secondFactor(challenge, authenticatorCode(secret), { 'user-agent': 'TwoStep/1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: account.user.id, totp_enabled: true });
    expect(response.json().token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const notice = await t.mailbox.next(account.email, /New sign-in/);
    expect(notice.text).toContain('TwoStep/1.0');
  });

  it('refuses the same authenticator code a second time', async () => {
    nextStep();
    const code = authenticatorCode(secret);
    expect((await secondFactor(await challengeFor(account), code)).statusCode).toBe(200);
    const replay = await secondFactor(await challengeFor(account), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ code: [en('error.totpInvalid')] });
    nextStep();
    expect((await secondFactor(await challengeFor(account), authenticatorCode(secret))).statusCode).toBe(200);
  });

  it('accepts a code one step old or new, not older', async () => {
    nextStep();
    nextStep();
    expect((await secondFactor(await challengeFor(account), authenticatorCode(secret, -1))).statusCode).toBe(200);
    nextStep();
    nextStep();
    const stale = await secondFactor(await challengeFor(account), authenticatorCode(secret, -2));
    expect(stale.json()).toEqual({ code: [en('error.totpInvalid')] });
  });

  it('accepts a recovery code once, however it is typed', async () => {
    const code = recoveryCodes[0]!;
    const first = await secondFactor(await challengeFor(account), code.toUpperCase().replace('-', ' '));
    expect(first.statusCode).toBe(200);
    const second = await secondFactor(await challengeFor(account), code);
    expect(second.json()).toEqual({ code: [en('error.totpInvalid')] });
  });

  it('uses a challenge once', async () => {
    const challenge = await challengeFor(account);
    nextStep();
    expect((await secondFactor(challenge, authenticatorCode(secret))).statusCode).toBe(200);
    nextStep();
    const again = await secondFactor(challenge, authenticatorCode(secret));
    expect(again.json()).toEqual({ challenge: [en('error.challengeExpired')] });
  });

  it('ends a challenge after ten minutes', async () => {
    const challenge = await challengeFor(account);
    t.clock.advance(10 * 60_000 + 1_000);
    const response = await secondFactor(challenge, authenticatorCode(secret));
    expect(response.json()).toEqual({ challenge: [en('error.challengeExpired')] });
  });

  it('ends a challenge after five wrong codes', async () => {
    nextStep();
    const challenge = await challengeFor(account);
    const right = authenticatorCode(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await secondFactor(challenge, wrong)).json()).toEqual({ code: [en('error.totpInvalid')] });
    }
    expect((await secondFactor(challenge, right)).json()).toEqual({ challenge: [en('error.challengeExpired')] });
  });

  it('refuses an unknown challenge and asks for both fields', async () => {
    expect((await secondFactor('made-up', '123456')).json()).toEqual({ challenge: [en('error.challengeExpired')] });
    const missing = await post(t, '/api/otp/', { purpose: 'two_factor' });
    expect(missing.json()).toEqual({ challenge: [en('error.required')], code: [en('error.required')] });
  });

  it('applies to sign-in with an emailed code too', async () => {
    t.clock.advance(61_000);
    await post(t, '/api/otp/', { purpose: 'login', email: account.email });
    const code = await t.mailbox.code(account.email);
    const response = await post(t, '/api/otp/', { purpose: 'login', email: account.email, code });
    expect(response.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    nextStep();
    expect((await secondFactor(response.json().challenge, authenticatorCode(secret))).statusCode).toBe(200);
  });
});

describe('turning two-factor off', () => {
  let account: NewAccount;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    account = await signUp(t, 'relaxed');
    ({ secret, recoveryCodes } = await turnOnTwoFactor(account));
  });

  it('needs a valid code', async () => {
    for (const code of ['000000', 'abcd-efgh', '', 'DROP TABLE users']) {
      const response = await post(t, '/api/disable_totp/', { code }, account.headers);
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), code).toEqual({ code: [en('error.totpInvalid')] });
    }
    expect((await me(account)).json().totp_enabled).toBe(true);
  });

  it('turns off with a recovery code, emails a notice, and sign-in needs one factor again', async () => {
    const response = await post(t, '/api/disable_totp/', { code: recoveryCodes[3] }, account.headers);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await me(account)).json().totp_enabled).toBe(false);
    await t.mailbox.next(account.email, new RegExp(en('mail.twoFactorDisabled.subject')));
    expect((await login(t, account.username, account.password)).json().token).toBeDefined();
    const rows = await t.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', String(account.user.id))
      .execute();
    expect(rows).toEqual([]);

    const again = await post(t, '/api/disable_totp/', { code: authenticatorCode(secret) }, account.headers);
    expect(again.json()).toEqual({ detail: en('error.totpNotOn') });
  });
});

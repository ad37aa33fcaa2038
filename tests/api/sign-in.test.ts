import { describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { GOOD_PASSWORD, login, newIdentity, post } from './helpers/accounts.ts';
import { insertUser } from './helpers/fixtures.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');

const t = useTestApp();

const otp = (payload: object, headers: Record<string, string> = {}) => post(t, '/api/otp/', payload, headers);

/** A confirmed account without a usable password: it signs in with emailed codes. */
async function codeAccount(prefix: string) {
  const identity = newIdentity(prefix);
  const { id } = await insertUser(t.db, { ...identity, is_verified: true });
  return { ...identity, id };
}

async function sendLoginCode(email: string): Promise<string> {
  const sent = await otp({ purpose: 'login', email });
  expect(sent.statusCode).toBe(200);
  return t.mailbox.code(email);
}

describe('password sign-in', () => {
  it('emails a new-sign-in notice naming the device and the address', async () => {
    const response = await login(t, 'demo', 'hashpower-2026', { 'user-agent': 'HarbourPhone/3.1' });
    expect(response.statusCode).toBe(200);
    const mail = await t.mailbox.next('demo@hashharbor.example', new RegExp(en('mail.newSignIn.subject')));
    expect(mail.text).toContain('HarbourPhone/3.1');
    expect(mail.text).toContain('127.0.0.1');
    expect(mail.text).toContain(en('mail.notYou'));
  });

  it('sends an unconfirmed account to the code screen with a fresh code', async () => {
    const identity = newIdentity('unconfirmed');
    await post(t, '/api/register/', { ...identity, password: GOOD_PASSWORD });
    await t.mailbox.code(identity.email);
    t.clock.advance(61_000);

    const response = await login(t, identity.username, GOOD_PASSWORD, { 'accept-language': 'ar' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: ar('error.unverified'), code: 'unverified', email: identity.email });
    const code = await t.mailbox.code(identity.email);
    const confirmed = await otp({ purpose: 'signup', email: identity.email, code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.is_verified).toBe(true);
  });

  it('says nothing about an unconfirmed account to someone without its password', async () => {
    const identity = newIdentity('shy');
    await post(t, '/api/register/', { ...identity, password: GOOD_PASSWORD });
    const response = await login(t, identity.email, 'not the password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });

  it('refuses accounts without a password with the usual answer', async () => {
    const account = await codeAccount('nopass');
    await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', String(account.id)).execute();
    const response = await login(t, account.username, 'anything at all');
    expect(response.json()).toEqual({ detail: en('error.invalidCredentials') });
  });
});

describe('sign-in with an emailed code', () => {
  it('signs in with the code and emails a new-sign-in notice', async () => {
    const account = await codeAccount('coder');
    const code = await sendLoginCode(account.email);
    const response = await otp({ purpose: 'login', email: account.email, code }, { 'user-agent': 'CodeClient/1.0' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: account.id, username: account.username });
    const notice = await t.mailbox.next(account.email, new RegExp(en('mail.newSignIn.subject')));
    expect(notice.text).toContain('CodeClient/1.0');
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const known = await codeAccount('known');
    const forKnown = await otp({ purpose: 'login', email: known.email });
    const forUnknown = await otp({ purpose: 'login', email: 'stranger@example.test' });
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    // Checking a guess answers alike too.
    const guessUnknown = await otp({ purpose: 'login', email: 'stranger@example.test', code: '000000' });
    expect(guessUnknown.json()).toEqual({ code: [en('error.codeInvalid')] });
    await t.app.mailer.idle();
    expect(t.mailbox.unread('stranger@example.test')).toEqual([]);
  });

  it('sends no login code to an unconfirmed account', async () => {
    const identity = newIdentity('pending');
    await insertUser(t.db, identity);
    expect((await otp({ purpose: 'login', email: identity.email })).statusCode).toBe(200);
    await t.app.mailer.idle();
    expect(t.mailbox.unread(identity.email)).toEqual([]);
  });

  it('refuses a code after five wrong tries', async () => {
    const account = await codeAccount('unlucky');
    const code = await sendLoginCode(account.email);
    const wrong = code === '999999' ? '000000' : '999999';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await otp({ purpose: 'login', email: account.email, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: [en('error.codeInvalid')] });
    }
    const right = await otp({ purpose: 'login', email: account.email, code }, { 'accept-language': 'ar' });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ code: [ar('error.codeExpired')] });
  });

  it('refuses a code after ten minutes', async () => {
    const account = await codeAccount('late');
    const code = await sendLoginCode(account.email);
    t.clock.advance(10 * 60_000 + 1_000);
    const response = await otp({ purpose: 'login', email: account.email, code });
    expect(response.json()).toEqual({ code: [en('error.codeExpired')] });
  });

  it('takes a code of 6 digits only', async () => {
    const account = await codeAccount('typo');
    for (const code of ['12345', '1234567', 'abcdef', '12 34 56']) {
      const response = await otp({ purpose: 'login', email: account.email, code });
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), code).toEqual({ code: [en('validation.code')] });
    }
  });

  it('needs the email it was sent to', async () => {
    const response = await otp({ purpose: 'login', code: '123456' });
    expect(response.json()).toEqual({ email: [en('error.required')] });
  });

  it('does not let a signup code sign in, nor a login code confirm', async () => {
    const account = await codeAccount('crossed');
    const code = await sendLoginCode(account.email);
    const asSignup = await otp({ purpose: 'signup', email: account.email, code });
    expect(asSignup.json()).toEqual({ code: [en('error.codeInvalid')] });
    expect((await otp({ purpose: 'login', email: account.email, code })).statusCode).toBe(200);
  });
});

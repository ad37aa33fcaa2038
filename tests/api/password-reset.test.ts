import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { login, post, signUp, type NewAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');

const t = useTestApp();

const reset = (payload: object, headers: Record<string, string> = {}) =>
  post(t, '/api/password_reset/', payload, headers);

const me = (account: { user: { id: number }; headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: `/api/users/${account.user.id}/`, headers: account.headers });

describe('POST /api/password_reset/', () => {
  let account: NewAccount;
  beforeAll(async () => {
    account = await signUp(t, 'forgetful');
  });

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await reset({ email: account.email });
    const unknown = await reset({ email: 'no-such-person@example.test' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: en('notice.resetCodeSent', { minutes: 10 }), resend_after: 60 });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await t.mailbox.next(account.email);
    expect(mail.subject).toMatch(/^\d{6} is your HashHarbor password reset code$/);
    await t.app.mailer.idle();
    expect(t.mailbox.unread('no-such-person@example.test')).toEqual([]);
    // And the cooldown holds for both alike.
    expect((await reset({ email: account.email })).statusCode).toBe(429);
    expect((await reset({ email: 'no-such-person@example.test' })).statusCode).toBe(429);
  });

  it('sets the new password, signs out every session and emails a notice', async () => {
    t.clock.advance(61_000);
    const otherSession = await login(t, account.username, account.password);
    expect(otherSession.statusCode).toBe(200);
    const other = { user: account.user, headers: { authorization: `Bearer ${otherSession.json().token}` } };

    await reset({ email: account.email });
    const code = await t.mailbox.code(account.email);

    // Refused passwords leave the code usable.
    const weak = await reset({ email: account.email, code, password: 'password1' }, { 'accept-language': 'ru' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ password: [ru('validation.passwordCommon')] });
    const personal = await reset({ email: account.email, code, password: `${account.username}!!` });
    expect(personal.json()).toEqual({ password: [en('validation.passwordLikeUser')] });

    const response = await reset({ email: account.email, code, password: 'a brand new harbour' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: en('notice.passwordReset') });

    expect((await me(account)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    await t.mailbox.next(account.email, new RegExp(en('mail.passwordChanged.subject')));

    expect((await login(t, account.username, account.password)).statusCode).toBe(400);
    expect((await login(t, account.email, 'a brand new harbour')).statusCode).toBe(200);
    // The code is spent.
    const again = await reset({ email: account.email, code, password: 'yet another harbour' });
    expect(again.json()).toEqual({ code: [en('error.codeExpired')] });
  });

  it('refuses a wrong code, and a code without a password', async () => {
    t.clock.advance(61_000);
    await reset({ email: account.email });
    const code = await t.mailbox.code(account.email);
    const wrong = await reset({
      email: account.email,
      code: code === '111111' ? '222222' : '111111',
      password: 'fine harbour words',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [en('error.codeInvalid')] });
    expect((await reset({ email: account.email, code })).json()).toEqual({ password: [en('error.required')] });
    expect((await reset({ email: account.email, password: 'fine harbour words' })).json()).toEqual({
      code: [en('error.required')],
    });
  });

  it('does not reset an unknown address, whatever code is tried', async () => {
    const response = await reset({
      email: 'no-such-person@example.test',
      code: '123456',
      password: 'fine harbour words',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: [en('error.codeInvalid')] });
  });
});

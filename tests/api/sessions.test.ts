import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '../../src/i18n/index.ts';
import { login, post, signedIn, signUp, type NewAccount } from './helpers/accounts.ts';
import { type SignedIn, useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');

const t = useTestApp();

const sessions = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/sessions/', headers });
const endSession = (id: number | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'DELETE', url: `/api/sessions/${id}/`, headers });
const isSignedIn = async (session: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${session.user.id}/`, headers: session.headers }))
    .statusCode === 200;

/** Another sign-in of the account, from another device. */
async function anotherDevice(account: NewAccount, userAgent: string): Promise<SignedIn> {
  const response = await login(t, account.username, account.password, { 'user-agent': userAgent });
  return signedIn(response.json());
}

describe('the sessions of an account', () => {
  let account: NewAccount;
  let phone: SignedIn;
  let laptop: SignedIn;
  beforeAll(async () => {
    account = await signUp(t, 'traveller');
    phone = await anotherDevice(account, 'HarbourPhone/3.1');
    laptop = await anotherDevice(account, 'Laptop Browser/120');
  });

  it('are listed newest first, with the device, the address and which one is this', async () => {
    const response = await sessions(laptop.headers);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toHaveLength(3);
    expect(results.map((session: { user_agent: string | null }) => session.user_agent)).toEqual([
      'Laptop Browser/120',
      'HarbourPhone/3.1',
      'lightMyRequest',
    ]);
    expect(results.map((session: { current: boolean }) => session.current)).toEqual([true, false, false]);
    expect(results[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
      user_agent: 'Laptop Browser/120',
      ip: '127.0.0.1',
      current: true,
    });
    expect(JSON.stringify(results)).not.toContain(laptop.token);
  });

  it('can be ended one by one, only your own', async () => {
    const listed = (await sessions(laptop.headers)).json().results;
    const phoneSession = listed.find((session: { user_agent: string }) => session.user_agent === 'HarbourPhone/3.1');

    const demo = await t.signIn();
    const foreign = await endSession(phoneSession.id, { ...demo.headers, 'accept-language': 'en' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: en('error.notFound') });
    expect(await isSignedIn(phone)).toBe(true);

    const ended = await endSession(phoneSession.id, laptop.headers);
    expect(ended.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    expect((await endSession(phoneSession.id, laptop.headers)).statusCode).toBe(404);
    expect((await sessions(laptop.headers)).json().results).toHaveLength(2);
  });

  it('refuses ids that are not ids', async () => {
    const response = await endSession('abc', laptop.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: [en('error.type.integer')] });
  });

  it('need a signed-in client', async () => {
    expect((await sessions({})).statusCode).toBe(401);
    expect((await endSession(1, {})).statusCode).toBe(401);
  });
});

describe('logging out', () => {
  it('ends this session only', async () => {
    const account = await signUp(t, 'leaver');
    const other = await anotherDevice(account, 'Other/1.0');
    const response = await post(t, '/api/logout/', undefined, account.headers);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await isSignedIn(account)).toBe(false);
    expect(await isSignedIn(other)).toBe(true);
    expect((await post(t, '/api/logout/', undefined, account.headers)).statusCode).toBe(401);
  });

  it('everywhere ends every session of the account, and no one else’s', async () => {
    const account = await signUp(t, 'everywhere');
    const other = await anotherDevice(account, 'Other/2.0');
    const demo = await t.signIn();
    const response = await post(t, '/api/logoutall/', undefined, other.headers);
    expect(response.statusCode).toBe(204);
    expect(await isSignedIn(account)).toBe(false);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(demo)).toBe(true);
  });
});

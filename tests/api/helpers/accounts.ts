/** Client-side steps of the account flows, as the screens take them. */
import { randomBytes } from 'node:crypto';
import type { UserData } from '../../../contracts/auth.ts';
import type { SignedIn, TestApp } from './test-app.ts';

/** A password every rule accepts (long, not common, nothing like the test usernames). */
export const GOOD_PASSWORD = 'harbour lights 42';

/** A fresh username and email; `prefix` says which test made it. */
export function newIdentity(prefix: string): { username: string; email: string } {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`.slice(0, 32);
  return { username, email: `${username}@example.test` };
}

export function post(t: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export function signedIn(data: UserData): SignedIn {
  return { ...data, headers: { authorization: `Bearer ${data.token}` } };
}

export interface NewAccount extends SignedIn {
  username: string;
  email: string;
  password: string;
}

/** Registers, reads the code from the mailbox, confirms it: a signed-in new customer. */
export async function signUp(
  t: TestApp,
  prefix: string,
  extra: { password?: string; language?: string; referral_code?: string } = {},
): Promise<NewAccount> {
  const identity = newIdentity(prefix);
  const password = extra.password ?? GOOD_PASSWORD;
  const registered = await post(t, '/api/register/', { ...identity, ...extra, password });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const code = await t.mailbox.code(identity.email);
  const confirmed = await post(t, '/api/otp/', { purpose: 'signup', email: identity.email, code });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  return { ...signedIn(confirmed.json<UserData>()), ...identity, password };
}

/** Signs in with a password; the answer is UserData or a two-factor challenge. */
export function login(t: TestApp, username: string, password: string, headers: Record<string, string> = {}) {
  return post(t, '/api/login/', { username, password }, headers);
}

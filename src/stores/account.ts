/**
 * Account actions of the profile screen. Every change to the user marks the User data
 * stale (spec §4: updating, editing, deleting, logging out, disabling or verifying
 * two-factor), so every island showing it refetches.
 */
import type { SessionList } from '../../contracts/sessions.ts';
import type { RecoveryCodes, TotpSetup } from '../../contracts/totp.ts';
import type { User } from '../../contracts/users.ts';
import { api, leaveToLogin } from './api.ts';
import { createFetcherStore, invalidateTags } from './fetcher.ts';
import { $user, updateStoredUser } from './session.ts';



export const $sessions = createFetcherStore<SessionList>(['/api/sessions/']);
export type { TotpSetup };

function userPath(): string {
  const user = $user.get();
  if (!user) throw new Error('Not signed in');
  return `/api/users/${user.id}/`;
}

async function changeUser<R>(request: () => Promise<R>): Promise<R> {
  const result = await request();
  invalidateTags('User');
  return result;
}

export type ProfileChanges = Partial<Pick<User, 'first_name' | 'last_name' | 'username' | 'email' | 'language'>>;

export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const user = await changeUser(() => api<User>(userPath(), { method: 'PATCH', body: changes }));
  updateStoredUser(user);
  return user;
}

export async function confirmEmailChange(code: string): Promise<User> {
  const user = await changeUser(() => api<User>(`${userPath()}verify_email/`, { method: 'POST', body: { code } }));
  updateStoredUser(user);
  return user;
}

export async function changePassword(current_password: string, new_password: string): Promise<void> {
  await changeUser(() => api(userPath(), { method: 'PATCH', body: { current_password, new_password } }));
  $sessions.revalidate();
}

export async function endSession(id: number): Promise<void> {
  await api(`/api/sessions/${id}/`, { method: 'DELETE' });
  $sessions.revalidate();
}

export async function enableTotp(): Promise<TotpSetup> {
  return api<TotpSetup>('/api/enable_totp/', { method: 'POST' });
}

export async function verifyTotp(code: string): Promise<string[]> {
  const { recovery_codes } = await changeUser(() =>
    api<RecoveryCodes>('/api/verify_totp/', { method: 'POST', body: { code } }),
  );
  return recovery_codes;
}

export async function disableTotp(code: string): Promise<void> {
  await changeUser(() => api('/api/disable_totp/', { method: 'POST', body: { code } }));
}

function leave(): void {
  invalidateTags('User');
  leaveToLogin(false);
}

export async function logout(): Promise<void> {
  await api('/api/logout/', { method: 'POST' }).catch(() => undefined);
  leave();
}

export async function logoutEverywhere(): Promise<void> {
  await api('/api/logoutall/', { method: 'POST' });
  leave();
}

export async function deleteAccount(confirmation: { password?: string; code?: string; confirm?: string }): Promise<void> {
  await api(userPath(), { method: 'DELETE', body: confirmation });
  leave();
}

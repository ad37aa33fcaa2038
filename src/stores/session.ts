import { atom, computed } from 'nanostores';
import type { User } from '../../contracts/users.ts';
import type { UserData } from '../../contracts/auth.ts';
import { USER_DATA_KEY } from '../lib/storage-keys.ts';

function readUserData(): UserData | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const data = JSON.parse(localStorage.getItem(USER_DATA_KEY) ?? 'null') as UserData | null;
    return data && typeof data.token === 'string' && data.token ? data : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user as kept in localStorage `userData` (spec §3). Read eagerly in the
 * browser so every island and request sees it from the start; other tabs' sign-ins and
 * sign-outs arrive through the storage event.
 */
export const $userData = atom<UserData | null>(readUserData());

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_DATA_KEY || event.key === null) $userData.set(readUserData());
  });
}

/** Spec §4: signed in means userData exists and holds a token. */
export const $token = computed($userData, (data) => data?.token ?? null);
export const $user = computed($userData, (data) => data?.user ?? null);

export function saveUserData(data: UserData): void {
  localStorage.setItem(USER_DATA_KEY, JSON.stringify(data));
  $userData.set(data);
}

/** Keeps the stored copy of the user in step with the API (e.g. the unread count). */
export function updateStoredUser(user: User): void {
  const current = $userData.get();
  if (current) saveUserData({ ...current, user: { ...current.user, ...user } });
}

export function clearUserData(): void {
  localStorage.removeItem(USER_DATA_KEY);
  $userData.set(null);
}

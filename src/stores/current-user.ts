import { computed, onSet } from 'nanostores';
import type { User } from '../../contracts/users.ts';
import { createFetcherStore } from './fetcher.ts';
import { $user, updateStoredUser } from './session.ts';

const $userId = computed($user, (user) => (user ? String(user.id) : null));

/**
 * The signed-in user fresh from the API (tag User). Fetching it also proves the token
 * still works: a 401 here sends the visitor to login (stores/api.ts).
 */
export const $currentUser = createFetcherStore<User>(['/api/users/', $userId, '/']);

onSet($currentUser, ({ newValue }) => {
  if (newValue.data) updateStoredUser(newValue.data);
});

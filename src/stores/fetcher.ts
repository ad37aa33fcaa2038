import { nanoquery } from '@nanostores/query';
import { api } from './api.ts';

/** Spec §9: cached data nobody uses is kept 60 seconds. */
export const CACHE_LIFETIME_MS = 60_000;

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: (...keyParts) => api(keyParts.join('')),
  cacheLifetime: CACHE_LIFETIME_MS,
  dedupeTime: 5_000,
  revalidateOnReconnect: true,
});

/**
 * Cache tags of spec §4, each the key prefix of the data it names. Mutations invalidate
 * by tag: creating a user-miner or changing the user marks User stale, creating a
 * transaction invalidates the transactions list, and so on.
 */
export const cacheTags = {
  User: '/api/users/',
  Privacy: '/api/privacy/',
  Terms: '/api/terms/',
  ReferralInfo: '/api/referral_info/',
  Referrals: '/api/referrals/',
  Transactions: '/api/transactions/',
  Notifications: '/api/notifications/',
  UserMiners: '/api/user-miners/',
  Miners: '/api/miners/',
  Wallet: '/api/wallet/',
  Dashboard: '/api/dashboard/',
} as const;

export type CacheTag = keyof typeof cacheTags;

/**
 * Marks every cached query under the tags stale and refetches those in use. Like RTK
 * Query's tag invalidation, the old data stays on screen until the new arrives, so a
 * form that caused the change is not unmounted by a loading state.
 */
export function invalidateTags(...tags: CacheTag[]): void {
  const prefixes = tags.map((tag) => cacheTags[tag]);
  revalidateKeys((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}

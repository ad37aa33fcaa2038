/**
 * The bell (spec §2, §4): the unread count lives in userData.user.unread_message_count
 * and is refreshed while the page is visible; the list is fetched only when the panel
 * opens. Updating one notification invalidates it; read_all invalidates them all.
 */
import { atom, onMount } from 'nanostores';
import { api } from './api.ts';
import { $currentUser } from './current-user.ts';
import { createFetcherStore, invalidateTags, revalidateKeys } from './fetcher.ts';

export interface AppNotification {
  id: number;
  title: string;
  body: string;
  date_created: string;
  is_read: boolean;
  event: { creator: { username: string } };
}

/** Spec §4 and §9: the panel shows limit 10, offset 0. */
export const NOTIFICATIONS_KEY = '/api/notifications/?limit=10&offset=0';
/** How often the count is refreshed while the tab is visible (never while hidden). */
export const UNREAD_REFRESH_MS = 20_000;

export const $panelOpen = atom(false);
const $panelKey = atom<string | null>(null);
export const $notifications = createFetcherStore<{ count: number; results: AppNotification[] }>([$panelKey]);

export function openPanel(): void {
  $panelKey.set(NOTIFICATIONS_KEY);
  $notifications.revalidate();
  $panelOpen.set(true);
}

export function closePanel(): void {
  $panelOpen.set(false);
}

export async function markRead(notification: AppNotification): Promise<void> {
  if (notification.is_read) return;
  await api(`/api/notifications/${notification.id}/`, { method: 'PATCH', body: { is_read: true } });
  revalidateKeys((key) => key === `/api/notifications/${notification.id}/` || key === NOTIFICATIONS_KEY);
  invalidateTags('User');
}

export async function markAllRead(): Promise<void> {
  // The API call carries Accept-Language, the "current language" spec §2 says to send.
  await api('/api/notifications/read_all/', { method: 'PATCH' });
  invalidateTags('Notifications', 'User');
  closePanel();
}

/** Keeps the count current while someone is looking; a hidden tab makes no requests. */
export const $unreadWatch = atom(0);
onMount($unreadWatch, () => {
  const refresh = () => {
    if (document.visibilityState === 'visible') $currentUser.revalidate();
  };
  const timer = window.setInterval(refresh, UNREAD_REFRESH_MS);
  document.addEventListener('visibilitychange', refresh);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', refresh);
  };
});

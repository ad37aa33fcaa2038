/**
 * Web push on this device: permission, a service-worker subscription with the server's
 * VAPID key, and its registration as a `web` device (POST /api/devices/).
 */
import { atom } from 'nanostores';
import { apiRequest } from '../lib/api-client.ts';
import { api } from './api.ts';
import { $lang } from './lang.ts';

export type PushState =
  | { state: 'unsupported' }
  | { state: 'blocked' }
  | { state: 'off' }
  | { state: 'on'; registrationId: string }
  | { state: 'error'; reason: string };

export const $push = atom<PushState | null>(null);

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** A stable id for a subscription: the SHA-256 of its endpoint, hex (endpoints are long URLs). */
export async function registrationIdFor(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

export async function loadPushState(): Promise<void> {
  if (!supported()) return $push.set({ state: 'unsupported' });
  if (Notification.permission === 'denied') return $push.set({ state: 'blocked' });
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  $push.set(subscription ? { state: 'on', registrationId: await registrationIdFor(subscription.endpoint) } : { state: 'off' });
}

export async function enablePush(deviceName: string): Promise<void> {
  try {
    if (!supported()) return $push.set({ state: 'unsupported' });
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return $push.set({ state: 'blocked' });
    const { vapid_public_key } = await apiRequest<{ vapid_public_key: string | null }>('/api/config/', { lang: $lang.get() });
    if (!vapid_public_key) throw new Error('no VAPID key');
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToUint8Array(vapid_public_key),
    });
    const json = subscription.toJSON();
    const registrationId = await registrationIdFor(subscription.endpoint);
    await api('/api/devices/', {
      method: 'POST',
      body: {
        registration_id: registrationId,
        name: deviceName.slice(0, 100),
        type: 'web',
        active: true,
        web_push: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
      },
    });
    $push.set({ state: 'on', registrationId });
  } catch (error) {
    $push.set({ state: 'error', reason: error instanceof Error ? error.message : String(error) });
  }
}

export async function disablePush(): Promise<void> {
  const current = $push.get();
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  if (current?.state === 'on') await api(`/api/devices/${current.registrationId}/`, { method: 'DELETE' }).catch(() => undefined);
  $push.set({ state: 'off' });
}

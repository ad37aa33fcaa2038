/**
 * Web push as `app.push`: the VAPID public key browsers subscribe with, and delivery of
 * new notifications (notifications/push.ts). The keys come from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, or are generated at first use and kept in the database
 * (server_settings), so every instance on it signs with the same pair.
 *
 * Delivery starts after each commit that created notifications in this process, and on
 * a timer for those created elsewhere (the operator's console) or left by a crash.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import { onNotificationsCommitted } from '../notifications/notify.ts';
import { createPushDelivery, sendToPublicEndpoint, type PushSend, type VapidDetails } from '../notifications/push.ts';
import type { VapidKeys } from '../push-config.ts';
import { settingOrInit } from '../repositories/server-settings-repository.ts';

/** How often notifications created outside this process are looked for. */
export const PUSH_SWEEP_INTERVAL_MS = 30_000;

export interface PushService {
  vapidPublicKey(): Promise<string>;
  /** Pushes everything waiting (tests await it; the server never needs to). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export interface PushPluginOptions {
  /** Replaces web-push's sender (tests). */
  send?: PushSend;
}

async function push(app: FastifyInstance, options: PushPluginOptions): Promise<void> {
  let keys: Promise<VapidKeys> | undefined;
  const loadKeys = async (): Promise<VapidKeys> => {
    if (app.config.push.vapidKeys) return app.config.push.vapidKeys;
    const stored = await settingOrInit(app.db, 'vapid_keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
    const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
    return { publicKey, privateKey };
  };
  const vapidKeys = () => {
    keys ??= loadKeys().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
  const vapid = async (): Promise<VapidDetails> => ({ ...(await vapidKeys()), subject: app.config.push.vapidSubject });

  const delivery = createPushDelivery({ db: app.db, vapid, send: options.send ?? sendToPublicEndpoint, log: app.log });
  app.decorate('push', {
    vapidPublicKey: async () => (await vapidKeys()).publicKey,
    drain: delivery.drain,
  });

  let stopListening: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    // In the background, so the first GET /api/config/ does not wait for a key pair.
    vapidKeys().catch((error: unknown) => app.log.warn({ err: error }, 'cannot load the VAPID keys yet'));
    stopListening = onNotificationsCommitted(delivery.wake);
    timer = setInterval(delivery.wake, PUSH_SWEEP_INTERVAL_MS);
    timer.unref();
    // What was created while no server ran (the operator's console) goes out now.
    delivery.wake();
  });
  app.addHook('onClose', async () => {
    stopListening?.();
    clearInterval(timer);
    await delivery.idle();
  });
}

export default fp(push, { name: 'push', dependencies: ['config', 'db'] });

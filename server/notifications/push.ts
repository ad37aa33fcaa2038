/**
 * Web push delivery: every committed notification goes, once, to each active web device
 * of its user, through web-push (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID).
 *
 * Notifications with pushed_at null are the outbox. A drain claims a batch of them
 * (FOR UPDATE SKIP LOCKED, so two instances never claim the same one), marks them pushed
 * and sends them; a push that fails is logged, not retried: a notification is still in
 * the bell. Push services keep a message at most PUSH_TTL_SECONDS, and an older
 * notification is not pushed at all. An endpoint that answers 404 or 410 no longer
 * exists (RFC 8030 §7.3): its device is deactivated.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Db } from '../db/database.ts';
import type { WebPushSubscription } from '../db/devices-schema.ts';
import type { VapidKeys } from '../push-config.ts';
import { publicOnlyAgent, refuseNonPublicHost } from './public-only-agent.ts';

/** One day: a push about something older than that is noise. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Socket timeout of one push request: a slow push service must not hold the drain. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Where a click on a pushed notification leads (public/sw.js opens it). */
export const PUSH_URL = '/dashboards';
const BATCH_SIZE = 100;

/** What the service worker receives (public/sw.js). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  id: number;
}

export interface SendResult {
  statusCode: number;
}

/** Sends one encrypted push; web-push's sendNotification has this shape. */
export type PushSend = (
  subscription: WebPushSubscription,
  payload: string,
  options: webpush.RequestOptions,
) => Promise<SendResult>;

/** The default sender: web-push, to public addresses only (public-only-agent.ts). */
export const sendToPublicEndpoint: PushSend = async (subscription, payload, options) => {
  refuseNonPublicHost(subscription.endpoint);
  return webpush.sendNotification(subscription, payload, { ...options, agent: publicOnlyAgent });
};

export interface VapidDetails extends VapidKeys {
  subject: string;
}

export interface PushDeliveryOptions {
  db: Db;
  vapid: () => Promise<VapidDetails>;
  send: PushSend;
  log: FastifyBaseLogger;
}

export interface PushDelivery {
  /** Pushes everything waiting; resolves when nothing is left (or the database failed, logged). */
  drain(): Promise<void>;
  /** Starts a drain without waiting for it: after a commit, and on the sweep timer. */
  wake(): void;
  /** Resolves when no drain is running (at close: what waits is pushed by the next start). */
  idle(): Promise<void>;
}

interface Claimed {
  id: string;
  user_id: string;
  title: string;
  body: string;
  fresh: boolean;
}

/** Takes up to `limit` waiting notifications, marking them pushed; the ones older than the TTL are only marked. */
async function claimWaiting(db: Db, limit: number): Promise<Claimed[]> {
  return db
    .updateTable('notifications')
    .set({ pushed_at: sql<Date>`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where('pushed_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'user_id',
      'title',
      'body',
      sql<boolean>`date_created > now() - make_interval(secs => ${PUSH_TTL_SECONDS})`.as('fresh'),
    ])
    .execute();
}

async function activeWebDevices(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('devices')
    .select(['id', 'user_id', 'web_push'])
    .where('user_id', 'in', userIds)
    .where('active', '=', true)
    .where('type', '=', 'web')
    .execute();
}

function statusOf(error: unknown): number | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

export function createPushDelivery({ db, vapid, send, log }: PushDeliveryOptions): PushDelivery {
  let running: Promise<void> | null = null;
  let again = false;

  const pushOne = async (device: { id: string; web_push: WebPushSubscription }, payload: string, details: VapidDetails) => {
    try {
      await send(device.web_push, payload, {
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
        vapidDetails: details,
      });
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 410) {
        await db.updateTable('devices').set({ active: false }).where('id', '=', device.id).execute();
        log.info({ deviceId: device.id, status }, 'push subscription is gone: device deactivated');
      } else {
        // Not the error itself: it carries the endpoint, a URL that is as good as a key.
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ deviceId: device.id, status, reason }, 'push not delivered');
      }
    }
  };

  /** One batch; answers how many notifications it claimed. */
  const deliverBatch = async (): Promise<number> => {
    // First: without keys nothing can be sent, so nothing is claimed.
    const details = await vapid();
    const claimed = await claimWaiting(db, BATCH_SIZE);
    const fresh = claimed.filter((notification) => notification.fresh);
    const devices = await activeWebDevices(db, [...new Set(fresh.map((notification) => notification.user_id))]);
    const sends: Promise<void>[] = [];
    for (const notification of fresh) {
      const message: PushMessage = {
        title: notification.title,
        body: notification.body,
        url: PUSH_URL,
        id: Number(notification.id),
      };
      const payload = JSON.stringify(message);
      for (const device of devices) {
        if (device.user_id === notification.user_id && device.web_push) {
          sends.push(pushOne({ id: device.id, web_push: device.web_push }, payload, details));
        }
      }
    }
    await Promise.all(sends);
    return claimed.length;
  };

  const run = async () => {
    do {
      again = false;
      while ((await deliverBatch()) === BATCH_SIZE);
    } while (again);
  };

  const drain = (): Promise<void> => {
    if (running) {
      // Something was committed during this run, maybe after its last claim: look again.
      again = true;
      return running;
    }
    running = run()
      .catch((error: unknown) => log.error({ err: error }, 'push delivery failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return { drain, wake: () => void drain(), idle: async () => running ?? undefined };
}

/**
 * Deletes rows that can no longer matter: ended rate-limit windows, and one-time codes
 * and two-factor challenges a day after they expired (kept that long so a late try
 * still hears "expired", not "wrong"). Every instance does it; the deletes are idempotent.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteExpiredCodes } from '../repositories/one-time-codes-repository.ts';
import { deleteEndedWindows } from '../repositories/rate-limits-repository.ts';
import { deleteExpiredChallenges } from '../repositories/two-factor-repository.ts';

const INTERVAL_MS = 15 * 60_000;
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

export async function purgeExpiredRows(app: FastifyInstance): Promise<void> {
  const now = app.clock.now();
  const dayAgo = new Date(now.getTime() - KEEP_EXPIRED_MS);
  await deleteEndedWindows(app.db, now);
  await deleteExpiredCodes(app.db, dayAgo);
  await deleteExpiredChallenges(app.db, dayAgo);
}

async function housekeeping(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      purgeExpiredRows(app).catch((error: unknown) => app.log.warn({ err: error }, 'cannot purge expired rows'));
    }, INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(housekeeping, { name: 'housekeeping', dependencies: ['clock', 'db'] });

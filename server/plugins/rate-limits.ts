/**
 * Rate limits kept in the database (so they hold across instances), over a sliding
 * window of the configured length (config.ts rateLimits): the count of the current
 * fixed window plus the previous window's, weighted by how much of it still lies inside
 * the last `windowSeconds`. Fixed windows alone would let twice the limit through
 * around a window's end. `consume` counts an attempt and answers 429 {detail} with
 * Retry-After once the estimate is over the limit; the returned `refund` takes the
 * attempt back when it succeeded, so only failures count where that is the rule
 * (failed logins, code checks).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitName } from '../config.ts';
import { ApiError } from '../lib/api-error.ts';
import { countEvent, uncountEvent, type Window, type WindowCounts } from '../repositories/rate-limits-repository.ts';

export interface RateLimiter {
  /** Counts an attempt by `subject` (an IP, an email, an account); throws 429 over the limit. */
  consume(name: RateLimitName, subject: string): Promise<{ refund: () => Promise<void> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimiter;
  }
}

export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return ApiError.detail(429, 'error.rateLimited', { seconds }, { 'retry-after': String(seconds) });
}

/**
 * How long until the sliding estimate is back within `limit` if nothing more happens
 * (0: it is within now). The previous window's weight falls linearly to 0 at the current
 * window's end; after that the current count weighs as the previous one.
 */
export function slidingWait({ current, previous }: WindowCounts, limit: number, window: Window, now: number): number {
  const length = window.end.getTime() - window.start.getTime();
  const elapsed = (now - window.start.getTime()) / length;
  if (current + previous * (1 - elapsed) <= limit) return 0;
  // Over even without the previous window: wait for the current one to age out far enough.
  if (current > limit) return window.end.getTime() - now + length * (1 - limit / current);
  return length * (1 - (limit - current) / previous - elapsed);
}

async function rateLimits(app: FastifyInstance): Promise<void> {
  const windowOf = (name: RateLimitName, subject: string, now: number): Window => {
    const windowMs = app.config.rateLimits[name].windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    // Hashed: the table holds no addresses or emails, and keys have a fixed length.
    const digest = createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 32);
    return { key: `${name}:${digest}`, start: new Date(start), end: new Date(start + windowMs) };
  };

  app.decorate('rateLimits', {
    async consume(name, subject) {
      const now = app.clock.now().getTime();
      const window = windowOf(name, subject, now);
      const counts = await countEvent(app.db, window);
      const waitMs = slidingWait(counts, app.config.rateLimits[name].limit, window, now);
      if (waitMs > 0) throw tooManyAttempts(waitMs / 1000);
      return { refund: () => uncountEvent(app.db, window) };
    },
  } satisfies RateLimiter);
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['config', 'clock', 'db'] });

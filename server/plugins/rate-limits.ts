/**
 * Rate limits kept in the database (so they hold across instances): fixed windows of
 * the configured length (config.ts rateLimits). `consume` counts an attempt and answers
 * 429 {detail} with Retry-After once a window is over its limit; the returned `refund`
 * takes the attempt back when it succeeded, so only failures count where that is the
 * rule (failed logins, code checks).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitName } from '../config.ts';
import { ApiError } from '../lib/api-error.ts';
import { countEvent, uncountEvent, type Window } from '../repositories/rate-limits-repository.ts';

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
      const count = await countEvent(app.db, window);
      if (count > app.config.rateLimits[name].limit) {
        throw tooManyAttempts((window.end.getTime() - now) / 1000);
      }
      return { refund: () => uncountEvent(app.db, window) };
    },
  } satisfies RateLimiter);
}

export default fp(rateLimits, { name: 'rate-limits', dependencies: ['config', 'clock', 'db'] });

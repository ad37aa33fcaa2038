/**
 * The time as `app.clock.now()`, for every rule that depends on it (code and challenge
 * expiry, rate-limit windows, TOTP steps, Telegram's auth_date). Tests hand in a clock
 * they can move instead of sleeping. Token expiry stays on the database clock.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

async function clock(app: FastifyInstance, options: { clock?: Clock }): Promise<void> {
  app.decorate('clock', options.clock ?? systemClock);
}

export default fp(clock, { name: 'clock' });

/** A clock tests can move forward (code expiry, rate-limit windows, TOTP steps) instead of sleeping. */
import type { Clock } from '../../../server/plugins/clock.ts';

export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

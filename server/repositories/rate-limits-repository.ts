/**
 * Window counters (table rate_limits), shared by every instance on the database. A
 * window's row outlives it by one more window: the sliding estimate
 * (plugins/rate-limits.ts) still weighs it while the next one runs.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface Window {
  key: string;
  start: Date;
  end: Date;
}

export interface WindowCounts {
  /** Events in the current window, this one included. */
  current: number;
  /** Events in the window before it. */
  previous: number;
}

/** Counts one event in the window, atomically, in one round trip; answers it and the previous window's count. */
export async function countEvent(db: Db, window: Window): Promise<WindowCounts> {
  const length = window.end.getTime() - window.start.getTime();
  const row = await db
    .insertInto('rate_limits')
    .values({ key: window.key, window_start: window.start, expires_at: new Date(window.end.getTime() + length), count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning((eb) => [
      'count',
      eb
        .selectFrom('rate_limits as before')
        .select('before.count')
        .where('before.key', '=', window.key)
        .where('before.window_start', '=', new Date(window.start.getTime() - length))
        .as('previous'),
    ])
    .executeTakeFirstOrThrow();
  return { current: row.count, previous: row.previous ?? 0 };
}

/** Takes one event back (an attempt that turned out fine). */
export async function uncountEvent(db: Db, window: Window): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', '=', window.key)
    .where('window_start', '=', window.start)
    .execute();
}

export async function deleteEndedWindows(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('expires_at', '<', now).execute();
}

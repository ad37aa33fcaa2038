/** Fixed-window counters (table rate_limits), shared by every instance on the database. */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface Window {
  key: string;
  start: Date;
  end: Date;
}

/** Counts one event in the window, atomically; returns the window's count including it. */
export async function countEvent(db: Db, window: Window): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: window.key, window_start: window.start, expires_at: window.end, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
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

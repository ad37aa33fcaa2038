/**
 * Runs work in one database transaction, retrying it when PostgreSQL gave up on it to
 * keep concurrent transactions consistent (a deadlock or a serialization failure): the
 * work is then rolled back as a whole, so running it again is safe. Callbacks the work
 * registered with afterCommit (after-commit.ts) run once the commit has succeeded.
 */
import type { Transaction } from 'kysely';
import { collectAfterCommit, runAfterCommit } from './after-commit.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

/** SQLSTATE 40001 (serialization_failure) and 40P01 (deadlock_detected). */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

export function isRetryableConflict(error: unknown): boolean {
  return error instanceof Error && RETRYABLE.has(String((error as { code?: unknown }).code));
}

export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let opened: Transaction<Database> | undefined;
    try {
      const result = await db.transaction().execute((trx) => {
        opened = trx;
        collectAfterCommit(trx);
        return work(trx);
      });
      runAfterCommit(opened!);
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw error;
      // A little jitter so that the same two transactions do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Work that must wait until a transaction has committed, such as telling another part
 * of the server about rows it can now see (push delivery reads committed notifications).
 * inTransaction (in-transaction.ts) runs the callbacks after its commit, and never after
 * a rollback or a retried attempt.
 */
import type { Db } from './database.ts';

const pending = new WeakMap<Db, Array<() => void>>();

/**
 * Runs `callback` once the work done through `db` is committed: after the commit of the
 * inTransaction that opened it, or at once (on the next tick) outside a transaction,
 * where every statement commits by itself. In a transaction opened otherwise the
 * callback is dropped, so it must only speed up what something else does anyway.
 */
export function afterCommit(db: Db, callback: () => void): void {
  if (!db.isTransaction) {
    setImmediate(callback);
    return;
  }
  pending.get(db)?.push(callback);
}

/** Starts collecting the callbacks of a transaction (inTransaction does this). */
export function collectAfterCommit(trx: Db): void {
  pending.set(trx, []);
}

/** Runs the collected callbacks of a committed transaction; a failing one does not stop the rest. */
export function runAfterCommit(trx: Db): void {
  const callbacks = pending.get(trx) ?? [];
  pending.delete(trx);
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // A callback is a notice to someone else, who logs its own failures.
    }
  }
}

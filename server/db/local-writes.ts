/**
 * This process's writes to the watched tables (db/watched-writes.ts), seen at the driver:
 * every statement of every connection passes through it, whatever Kysely instance,
 * plugin or transaction sent it. A write is reported twice: when its first statement is
 * sent, and when its connection is released, i.e. after its transaction committed or
 * rolled back. Until then it is in flight, and a cache must not keep what it reads (a
 * read in the meantime may see the old rows, and nothing would report the commit later).
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { watchedTablesWrittenBy, type WatchedTable } from './watched-writes.ts';

export type WriteListener = (tables: ReadonlySet<WatchedTable>) => void;

export class LocalWrites {
  readonly #inFlight = new Map<WatchedTable, number>();
  readonly #listeners = new Set<WriteListener>();

  /** Called at the start and at the end of every write to a watched table, synchronously. */
  listen(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A write to one of `tables` has started and its connection is not released yet. */
  inFlight(tables: readonly WatchedTable[]): boolean {
    return tables.some((table) => (this.#inFlight.get(table) ?? 0) > 0);
  }

  started(tables: ReadonlySet<WatchedTable>): void {
    for (const table of tables) this.#inFlight.set(table, (this.#inFlight.get(table) ?? 0) + 1);
    this.#emit(tables);
  }

  ended(tables: ReadonlySet<WatchedTable>): void {
    for (const table of tables) this.#inFlight.set(table, (this.#inFlight.get(table) ?? 1) - 1);
    this.#emit(tables);
  }

  #emit(tables: ReadonlySet<WatchedTable>): void {
    for (const listener of this.#listeners) listener(tables);
  }
}

/** A connection that notes which watched tables its statements write. */
class TrackedConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #writes: LocalWrites;
  /** The watched tables written since the connection was acquired. */
  readonly written = new Set<WatchedTable>();
  cancelQuery?: DatabaseConnection['cancelQuery'];
  killSession?: DatabaseConnection['killSession'];
  collectSessionInfo?: DatabaseConnection['collectSessionInfo'];

  constructor(inner: DatabaseConnection, writes: LocalWrites) {
    this.inner = inner;
    this.#writes = writes;
    // Optional in Kysely's interface: present only when the driver's connection has them.
    if (inner.cancelQuery) this.cancelQuery = (provider) => inner.cancelQuery!(provider);
    if (inner.killSession) this.killSession = (provider) => inner.killSession!(provider);
    if (inner.collectSessionInfo) this.collectSessionInfo = () => inner.collectSessionInfo!();
  }

  #note(query: CompiledQuery): void {
    const tables = watchedTablesWrittenBy(query.query);
    const fresh = new Set<WatchedTable>();
    for (const table of tables) if (!this.written.has(table)) fresh.add(table);
    if (fresh.size === 0) return;
    for (const table of fresh) this.written.add(table);
    this.#writes.started(fresh);
  }

  executeQuery<R>(query: CompiledQuery, options?: Parameters<DatabaseConnection['executeQuery']>[1]) {
    this.#note(query);
    return this.inner.executeQuery<R>(query, options);
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: Parameters<DatabaseConnection['streamQuery']>[2],
  ): AsyncIterableIterator<QueryResult<R>> {
    this.#note(query);
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
}

/** The dialect's driver, with every connection tracked. Transaction control goes to the driver's own connection. */
class TrackingDriver implements Driver {
  readonly #inner: Driver;
  readonly #writes: LocalWrites;
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(inner: Driver, writes: LocalWrites) {
    this.#inner = inner;
    this.#writes = writes;
    const untracked = (connection: DatabaseConnection) => (connection as TrackedConnection).inner;
    type SavepointCall = (c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) => Promise<void>;
    const forward = (method: SavepointCall | undefined): SavepointCall | undefined =>
      method && ((connection, name, compile) => method.call(inner, untracked(connection), name, compile));
    this.savepoint = forward(inner.savepoint);
    this.rollbackToSavepoint = forward(inner.rollbackToSavepoint);
    this.releaseSavepoint = forward(inner.releaseSavepoint);
  }

  init(options?: Parameters<Driver['init']>[0]) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: Parameters<Driver['acquireConnection']>[0]): Promise<DatabaseConnection> {
    return new TrackedConnection(await this.#inner.acquireConnection(options), this.#writes);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction((connection as TrackedConnection).inner, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction((connection as TrackedConnection).inner);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction((connection as TrackedConnection).inner);
  }

  async releaseConnection(connection: DatabaseConnection, options?: Parameters<Driver['releaseConnection']>[1]) {
    const tracked = connection as TrackedConnection;
    try {
      await this.#inner.releaseConnection(tracked.inner, options);
    } finally {
      // Kysely releases a connection after its transaction's commit or rollback, or
      // after its one statement: whatever it wrote is now visible to every reader, or undone.
      if (tracked.written.size > 0) {
        const written = new Set(tracked.written);
        tracked.written.clear();
        this.#writes.ended(written);
      }
    }
  }

  destroy(options?: Parameters<Driver['destroy']>[0]) {
    return this.#inner.destroy(options);
  }
}

/** `dialect` with its writes to the watched tables reported to `writes`. */
export function trackWrites(dialect: Dialect, writes: LocalWrites): Dialect {
  return {
    createDriver: () => new TrackingDriver(dialect.createDriver(), writes),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

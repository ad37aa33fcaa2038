/**
 * When cached facts may be stale (lib/fact-cache.ts): this process's writes to the
 * watched tables (db/local-writes.ts) and, on PostgreSQL, every process's, through the
 * NOTIFY triggers of migration 0005 on one dedicated LISTEN connection.
 *
 * The feed is "live" while it can vouch that it hears of every write: always on PGlite
 * (one process owns the database, and its own writes are all seen at the driver), and
 * on PostgreSQL while the listener is connected and answers its heartbeat. A cache is
 * bypassed while the feed is not live, and emptied whenever liveness changes: while no
 * one listened, notifications were lost.
 */
import pg from 'pg';
import type { DatabaseSource } from './database.ts';
import { CHANGES_CHANNEL } from './migrations/0005-change-notifications.ts';
import { WATCHED_TABLES, type WatchedTable } from './watched-writes.ts';

export type ChangeListener = () => void;

export interface ChangeFeed {
  /** The feed hears of every write to the watched tables now. */
  readonly live: boolean;
  /**
   * Calls `listener` on every event after which a cached fact from `tables` may be
   * stale: a write starting or ending here, another process's commit, a change of
   * liveness. Returns the unsubscribe function.
   */
  subscribe(tables: readonly WatchedTable[], listener: ChangeListener): () => void;
  /** A write to one of `tables` by this process has not committed or rolled back yet. */
  writing(tables: readonly WatchedTable[]): boolean;
  /** Starts listening (PostgreSQL); the feed is not live before. */
  start(): void;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** The listener's connection failed (logged: caches are bypassed until it is back). */
  onListenerError?: (error: Error) => void;
  /** The listener is connected again after a failure. */
  onListenerRestored?: () => void;
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  /** Longest wait between two connection attempts. */
  maxRetryMs?: number;
}

/**
 * How often the listener proves its connection alive, and how long its answer may take.
 * A connection that silently stopped working (a frozen server, a network cut) raises no
 * error; until the heartbeat fails, other processes' writes might go unheard. This bounds
 * that time: cached answers are at most HEARTBEAT_MS + heartbeat timeout late.
 */
export const LISTENER_HEARTBEAT_MS = 1_000;
export const LISTENER_HEARTBEAT_TIMEOUT_MS = 2_000;
/** Closing the listener on a server that no longer answers must not hold up shutdown. */
const CLOSE_WAIT_MS = 1_000;
const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 2_000;

class Subscribers {
  readonly #byTable = new Map<WatchedTable, Set<ChangeListener>>(WATCHED_TABLES.map((table) => [table, new Set()]));

  add(tables: readonly WatchedTable[], listener: ChangeListener): () => void {
    for (const table of tables) this.#byTable.get(table)!.add(listener);
    return () => {
      for (const table of tables) this.#byTable.get(table)!.delete(listener);
    };
  }

  notify(tables: Iterable<WatchedTable>): void {
    const called = new Set<ChangeListener>();
    for (const table of tables) {
      for (const listener of this.#byTable.get(table) ?? []) {
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
  }
}

/**
 * This process's own writes, seen at the driver (db/local-writes.ts). On PGlite the
 * process owns the database, so that is all there is and the feed is always live; the
 * PostgreSQL feed below adds every other process's writes.
 */
class LocalChangeFeed implements ChangeFeed {
  protected readonly subscribers = new Subscribers();
  readonly #source: DatabaseSource;
  readonly #stopLocal: () => void;
  #live: boolean;

  constructor(source: DatabaseSource, live: boolean) {
    this.#source = source;
    this.#live = live;
    this.#stopLocal = source.localWrites.listen((tables) => this.subscribers.notify(tables));
  }

  get live(): boolean {
    return this.#live;
  }

  subscribe(tables: readonly WatchedTable[], listener: ChangeListener): () => void {
    return this.subscribers.add(tables, listener);
  }

  writing(tables: readonly WatchedTable[]): boolean {
    return this.#source.localWrites.inFlight(tables);
  }

  start(): void {}

  /** A change of liveness may have hidden writes: every cache empties. */
  protected setLive(live: boolean): void {
    if (this.#live === live) return;
    this.#live = live;
    this.subscribers.notify(WATCHED_TABLES);
  }

  async close(): Promise<void> {
    this.#stopLocal();
    this.setLive(false);
  }
}

/** PostgreSQL: local writes, plus NOTIFY from every process through one LISTEN connection. */
class PostgresChangeFeed extends LocalChangeFeed {
  readonly #source: DatabaseSource & { config: { driver: 'postgres' } };
  readonly #options: ChangeFeedOptions;
  #client: pg.Client | undefined;
  #closed = false;
  #failures = 0;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(source: DatabaseSource & { config: { driver: 'postgres' } }, options: ChangeFeedOptions) {
    // Not live until the listener is connected.
    super(source, false);
    this.#source = source;
    this.#options = options;
  }

  override start(): void {
    if (!this.#client && !this.#closed) void this.#connect();
  }

  async #connect(): Promise<void> {
    const { url } = this.#source.config;
    const heartbeatMs = this.#options.heartbeatMs ?? LISTENER_HEARTBEAT_MS;
    const client = new pg.Client({
      connectionString: url,
      application_name: 'hashharbor-changes',
      connectionTimeoutMillis: this.#source.timeouts.connectMs,
      // The heartbeat's answer, and LISTEN's, must come within this.
      query_timeout: this.#options.heartbeatTimeoutMs ?? LISTENER_HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
    });
    this.#client = client;
    // Without a listener an 'error' event ends the process; a lost connection is
    // routine here (server restart, killed backend) and only means reconnecting.
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, new Error('change listener connection ended')));
    client.on('notification', (message) => {
      if (client !== this.#client || message.channel !== CHANGES_CHANNEL) return;
      const table = message.payload as WatchedTable | undefined;
      // An unknown payload still means a change somewhere.
      this.subscribers.notify(table && WATCHED_TABLES.includes(table) ? [table] : WATCHED_TABLES);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error as Error);
      return;
    }
    if (client !== this.#client) {
      // Closed while connecting.
      client.end().catch(() => {});
      return;
    }
    if (this.#failures > 0) this.#options.onListenerRestored?.();
    this.#failures = 0;
    // From here every commit is notified to this connection.
    this.setLive(true);
    let answering = false;
    this.#heartbeat = setInterval(() => {
      // One at a time: a late answer fails by the client's query_timeout, not by piling up.
      if (answering) return;
      answering = true;
      client.query('select 1').then(
        () => {
          answering = false;
        },
        (error: Error) => this.#lost(client, error),
      );
    }, heartbeatMs);
    this.#heartbeat.unref();
  }

  /** The listener failed: caches off at once, then a new connection after a pause. */
  #lost(client: pg.Client, error: Error): void {
    if (client !== this.#client) return;
    this.#client = undefined;
    clearInterval(this.#heartbeat);
    this.setLive(false);
    client.end().catch(() => {});
    if (this.#closed) return;
    if (this.#failures === 0) this.#options.onListenerError?.(error);
    this.#failures++;
    const maxRetryMs = this.#options.maxRetryMs ?? MAX_RETRY_MS;
    const delay = Math.min(maxRetryMs, FIRST_RETRY_MS * 2 ** (this.#failures - 1)) * (0.5 + Math.random() / 2);
    this.#retry = setTimeout(() => void this.#connect(), delay);
    this.#retry.unref();
  }

  override async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    await super.close();
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      client.end().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    // A frozen server never answers the goodbye; drop the socket so it keeps nothing alive.
    if (!ended) (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }
}

export function createChangeFeed(source: DatabaseSource, options: ChangeFeedOptions = {}): ChangeFeed {
  const { config } = source;
  if (config.driver === 'postgres') return new PostgresChangeFeed({ ...source, config }, options);
  return new LocalChangeFeed(source, true);
}

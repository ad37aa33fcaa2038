/**
 * A read-through cache of facts from watched tables that never answers stale: it serves
 * only while the change feed (db/change-feed.ts) is live, empties itself on every
 * change event for its tables, and keeps what a read returned only if no event came and
 * no local write was in flight from the start of that read to its end. Otherwise the
 * read may predate a commit whose report has already passed (emptying a cache that did
 * not yet hold it), so keeping it could serve the old facts until the next change.
 *
 * Another process's commit reaches it by NOTIFY, a few milliseconds after the commit:
 * across instances, that is how late an answer can be; in this process, never.
 */
import type { ChangeFeed } from '../db/change-feed.ts';
import type { WatchedTable } from '../db/watched-writes.ts';

export interface FactCacheOptions<V> {
  /** Entries beyond this evict the oldest. */
  maxEntries: number;
  /** A safety net: no entry is served after this long, change or not. */
  maxAgeMs: number;
  /** Checked on every hit; false drops the entry (e.g. a session past its expiry). */
  stillValid?: (value: V) => boolean;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

export class FactCache<K, V> {
  readonly #feed: ChangeFeed;
  readonly #tables: readonly WatchedTable[];
  readonly #options: FactCacheOptions<V>;
  readonly #entries = new Map<K, Entry<V>>();
  readonly #unsubscribe: () => void;
  /** Counts change events: a read keeps its result only if it saw none. */
  #generation = 0;

  constructor(feed: ChangeFeed, tables: readonly WatchedTable[], options: FactCacheOptions<V>) {
    this.#feed = feed;
    this.#tables = tables;
    this.#options = options;
    this.#unsubscribe = feed.subscribe(tables, () => this.clear());
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Stops following the feed (the app closes). */
  close(): void {
    this.#unsubscribe();
    this.clear();
  }

  #usable(): boolean {
    return this.#feed.live && !this.#feed.writing(this.#tables);
  }

  /** The cached value, if it may be served now. */
  get(key: K): V | undefined {
    if (!this.#usable()) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (
      performance.now() - entry.storedAt >= this.#options.maxAgeMs ||
      !(this.#options.stillValid?.(entry.value) ?? true)
    ) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * The cached value, or what `read` returns (kept when it is safe to). An undefined
   * result (nothing found) is never kept: only found facts are, so that only their
   * changes matter (db/watched-writes.ts NEW_ROWS_CHANGE_NOTHING).
   */
  async read(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.#generation;
    const usableAtStart = this.#usable();
    const value = await read();
    if (value !== undefined && usableAtStart && generation === this.#generation && this.#usable()) {
      this.#store(key, value);
    }
    return value;
  }

  #store(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#options.maxEntries) {
      // Map order is insertion order: the first key is the oldest.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, storedAt: performance.now() });
  }
}

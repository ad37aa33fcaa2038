import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../db/change-feed.ts';
import type { WatchedTable } from '../db/watched-writes.ts';
import { FactCache } from './fact-cache.ts';

/** A feed the test drives: liveness, local writes in flight, and change events. */
class FakeFeed implements ChangeFeed {
  live = true;
  inFlight = 0;
  readonly listeners = new Set<ChangeListener>();
  subscribe(_tables: readonly WatchedTable[], listener: ChangeListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  writing() {
    return this.inFlight > 0;
  }
  start() {}
  async close() {}
  change() {
    for (const listener of this.listeners) listener();
  }
}

const options = { maxEntries: 3, maxAgeMs: 60_000 };

/** A read the test finishes when it wants, counting how often the database was asked. */
function database() {
  let reads = 0;
  let finish: (value: string) => void = () => {};
  return {
    get reads() {
      return reads;
    },
    read: (value: string) => async () => {
      reads++;
      return value;
    },
    slowRead: () => () => {
      reads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    },
    finish: (value: string) => finish(value),
  };
}

describe('FactCache', () => {
  it('answers a repeated read from memory while the feed is live', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['miners'], options);
    const db = database();
    expect(await cache.read('k', db.read('v1'))).toBe('v1');
    expect(await cache.read('k', db.read('v2'))).toBe('v1');
    expect(db.reads).toBe(1);
  });

  it('reads the database again after a change, and whenever the feed is not live', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['miners'], options);
    const db = database();
    await cache.read('k', db.read('v1'));
    feed.change();
    expect(await cache.read('k', db.read('v2'))).toBe('v2');
    feed.live = false;
    expect(await cache.read('k', db.read('v3'))).toBe('v3');
    expect(await cache.read('k', db.read('v4'))).toBe('v4');
    expect(cache.size).toBe(1);
    expect(db.reads).toBe(4);
  });

  it('does not keep a read that a change overtook: it may predate the commit', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['miners'], options);
    const db = database();
    const pending = cache.read('k', db.slowRead());
    feed.change();
    db.finish('old');
    expect(await pending).toBe('old');
    expect(await cache.read('k', db.read('new'))).toBe('new');
  });

  it('does not keep a read made while a local write is in flight, nor serve one', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['miners'], options);
    const db = database();
    await cache.read('k', db.read('v1'));
    feed.inFlight = 1;
    feed.change();
    expect(await cache.read('k', db.read('uncommitted?'))).toBe('uncommitted?');
    feed.inFlight = 0;
    expect(await cache.read('k', db.read('v2'))).toBe('v2');
    expect(await cache.read('k', db.read('v3'))).toBe('v2');
  });

  it('does not keep a read that started while the feed was not live', async () => {
    const feed = new FakeFeed();
    feed.live = false;
    const cache = new FactCache<string, string>(feed, ['miners'], options);
    const db = database();
    const pending = cache.read('k', db.slowRead());
    feed.live = true;
    db.finish('from before');
    await pending;
    expect(await cache.read('k', db.read('fresh'))).toBe('fresh');
  });

  it('keeps nothing for a fact not found', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['users'], options);
    expect(await cache.read('k', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest entry beyond its size, and drops entries no longer valid', async () => {
    const feed = new FakeFeed();
    const valid = new Set(['a', 'b', 'c', 'd']);
    const cache = new FactCache<string, string>(feed, ['users'], { ...options, stillValid: (v) => valid.has(v) });
    const db = database();
    for (const key of ['a', 'b', 'c', 'd']) await cache.read(key, db.read(key));
    expect(cache.size).toBe(3);
    expect(await cache.read('a', db.read('a'))).toBe('a');
    expect(db.reads).toBe(5);
    valid.delete('d');
    expect(await cache.read('d', db.read('d2'))).toBe('d2');
  });

  it('serves nothing older than its maximum age', async () => {
    const feed = new FakeFeed();
    const cache = new FactCache<string, string>(feed, ['users'], { ...options, maxAgeMs: 0 });
    const db = database();
    await cache.read('k', db.read('v1'));
    expect(await cache.read('k', db.read('v2'))).toBe('v2');
  });
});

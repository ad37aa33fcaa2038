/**
 * The session and catalogue caches (server/lib/fact-cache.ts) answer as the database
 * would: a change made here shows on the very next request, one made by another instance
 * or another connection within milliseconds (NOTIFY), and while the change listener is
 * down every read goes to the database. The existing auth, sessions and access tests
 * cover each way a session ends on the same instance.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, key, minerId, newCustomer, stockOf, type Customer } from './helpers/mining.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const onPostgres = process.env.API_TEST_DB === 'postgres';
const MODEL = 'S19k Pro 120T';
/** How long another instance may take to hear of a change (NOTIFY); expected: milliseconds. */
const ACROSS_INSTANCES_BOUND_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function catalogueStock(t: TestApp, customer: Customer): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/miners/?limit=100', headers: customer.headers });
  expect(response.statusCode, response.body).toBe(200);
  const miner = response.json<{ results: { model: string; stock: number }[] }>().results.find((m) => m.model === MODEL);
  return miner!.stock;
}

const sessionStatus = async (t: TestApp, customer: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/miners/', headers: customer.headers })).statusCode;

async function rent(t: TestApp, customer: Customer) {
  const payload = { miner: await minerId(t.db, MODEL), ownership_type: 'rent', rent_days: 30, idempotency_key: key() };
  const response = await t.app.inject({ method: 'POST', url: '/api/user-miners/', payload, headers: customer.headers });
  expect(response.statusCode, response.body).toBe(201);
}

/** Polls until `done` holds; returns how long it took (ms), or fails after `boundMs`. */
async function within(boundMs: number, done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > boundMs) throw new Error(`not within ${boundMs} ms`);
    await sleep(2);
  }
  return performance.now() - started;
}

describe('the caches on one instance', () => {
  let t: TestApp;
  let customer: Customer;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await newCustomer(t, 'cache');
    await fund(t, customer, 'USDT', '1000');
  });
  afterAll(() => t?.close());

  it('show a purchase in the catalogue on the next request', async () => {
    const before = await catalogueStock(t, customer);
    expect(await catalogueStock(t, customer)).toBe(before);
    await rent(t, customer);
    expect(await catalogueStock(t, customer)).toBe(before - 1);
    expect(await stockOf(t.db, MODEL)).toBe(before - 1);
  });

  it('show a change made with raw SQL through the app’s database', async () => {
    const before = await catalogueStock(t, customer);
    await sql`update miners set stock = stock + 5 where model = ${MODEL}`.execute(t.db);
    expect(await catalogueStock(t, customer)).toBe(before + 5);
  });

  it('do not keep what was read while a change was uncommitted', async () => {
    const before = await catalogueStock(t, customer);
    const trx = await t.db.startTransaction().execute();
    try {
      await trx
        .updateTable('miners')
        .set({ stock: before + 1 })
        .where('model', '=', MODEL)
        .execute();
      // Read while the change is in flight (PostgreSQL: sees the old stock; PGlite: waits for the commit).
      const during = catalogueStock(t, customer);
      await sleep(50);
      await trx.commit().execute();
      expect([before, before + 1]).toContain(await during);
    } catch (error) {
      await trx.rollback().execute();
      throw error;
    }
    expect(await catalogueStock(t, customer)).toBe(before + 1);
  });

  it('refuse a token on the next request once it is revoked or its account deleted', async () => {
    const other = await newCustomer(t, 'revoked');
    expect(await sessionStatus(t, other)).toBe(200);
    expect(await sessionStatus(t, other)).toBe(200);
    await sql`update auth_tokens set revoked_at = now() where user_id = ${other.id}`.execute(t.db);
    expect(await sessionStatus(t, other)).toBe(401);

    const deleted = await newCustomer(t, 'deleted');
    expect(await sessionStatus(t, deleted)).toBe(200);
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    expect(await sessionStatus(t, deleted)).toBe(401);
  });

  it('keep serving a session after its once-a-minute touch', async () => {
    const other = await newCustomer(t, 'touched');
    expect(await sessionStatus(t, other)).toBe(200);
    const touched = await t.db
      .selectFrom('auth_tokens')
      .select('last_used_at')
      .where('user_id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(touched.last_used_at).not.toBeNull();
    expect(await sessionStatus(t, other)).toBe(200);
  });
});

describe.skipIf(!onPostgres)('the caches across instances and connections (PostgreSQL only)', () => {
  let t: TestApp;
  let second: TestApp;
  let customer: Customer;
  let admin: pg.Client;
  /** A connection whose writes fire no trigger, so no NOTIFY: only a cache hit can miss them. */
  let silent: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    second = await createTestApp({ sameDatabaseAs: t });
    customer = await newCustomer(t, 'shared');
    await fund(t, customer, 'USDT', '1000');
    admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    silent = new pg.Client({ connectionString: t.databaseUrl });
    await silent.connect();
    await silent.query(`set session_replication_role = replica`);
    await within(5_000, async () => t.app.changeFeed.live && second.app.changeFeed.live);
  });
  afterAll(async () => {
    await admin?.end();
    await silent?.end();
    await second?.close();
    await t?.close();
  });

  const silentStockChange = (delta: number) =>
    silent.query('update miners set stock = stock + $1 where model = $2', [delta, MODEL]);

  it('serve repeated reads from memory: a change that notifies no one goes unseen', async () => {
    const before = await catalogueStock(t, customer);
    await silentStockChange(1);
    expect(await catalogueStock(t, customer)).toBe(before);
    // Any notified change empties the cache.
    await admin.query('update miners set stock = stock where model = $1', [MODEL]);
    await within(ACROSS_INSTANCES_BOUND_MS, async () => (await catalogueStock(t, customer)) === before + 1);
  });

  it('refuse on one instance a token revoked on the other, within milliseconds', async () => {
    const other = await newCustomer(t, 'roaming');
    expect(await sessionStatus(second, other)).toBe(200);
    expect(await sessionStatus(second, other)).toBe(200);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout/', headers: other.headers });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const delay = await within(ACROSS_INSTANCES_BOUND_MS, async () => (await sessionStatus(second, other)) === 401);
    console.info(`revocation heard by the other instance after ${delay.toFixed(1)} ms`);
  });

  it('show on one instance the stock bought on the other, within milliseconds', async () => {
    const before = await catalogueStock(second, customer);
    expect(await catalogueStock(second, customer)).toBe(before);
    await rent(t, customer);
    const delay = await within(
      ACROSS_INSTANCES_BOUND_MS,
      async () => (await catalogueStock(second, customer)) === before - 1,
    );
    console.info(`purchase seen in the other instance's catalogue after ${delay.toFixed(1)} ms`);
  });

  it('show a change made by another connection (psql, the operator)', async () => {
    const before = await catalogueStock(t, customer);
    await admin.query('update miners set stock = stock + 2 where model = $1', [MODEL]);
    await within(ACROSS_INSTANCES_BOUND_MS, async () => (await catalogueStock(t, customer)) === before + 2);
    const other = await newCustomer(t, 'psql');
    expect(await sessionStatus(t, other)).toBe(200);
    await admin.query('update auth_tokens set revoked_at = now() where user_id = $1', [other.id]);
    await within(ACROSS_INSTANCES_BOUND_MS, async () => (await sessionStatus(t, other)) === 401);
  });

  it('read the database while the change listener is down, and start empty when it is back', async () => {
    const database = new URL(t.databaseUrl).pathname.slice(1);
    const before = await catalogueStock(t, customer);
    expect(await catalogueStock(t, customer)).toBe(before);
    // Keep the listener from reconnecting; the pools' open connections still serve.
    // (From another database: a session cannot shut its own database.)
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    try {
      await server.query(`alter database ${database} with allow_connections false`);
      await server.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and application_name = 'hashharbor-changes'`,
        [database],
      );
      await within(5_000, async () => !t.app.changeFeed.live);
      await silentStockChange(3);
      expect(await catalogueStock(t, customer)).toBe(before + 3);
      expect(await catalogueStock(t, customer)).toBe(before + 3);
    } finally {
      await server.query(`alter database ${database} with allow_connections true`);
      await server.end();
    }
    await within(10_000, async () => t.app.changeFeed.live);
    expect(await catalogueStock(t, customer)).toBe(before + 3);
    // Live again: caching again.
    await silentStockChange(1);
    expect(await catalogueStock(t, customer)).toBe(before + 3);
  });
});

/**
 * The API on a fresh database, driven through HTTP with `app.inject`. The database is
 * chosen by API_TEST_DB (set per vitest project): 'pglite' is in-memory PGlite;
 * 'postgres' is a new database `test_<random>` on the server at TEST_DATABASE_URL,
 * dropped again by close(). Migrations and the demo seed have run.
 *
 * Build one per test file (in beforeAll) and close it in afterAll: starting PGlite
 * takes about a second. Mail goes to a real SMTP server in the test process
 * (`mailbox`), and time is the app's `clock`, which tests can move.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import pg from 'pg';
import { buildApp, type App, type AppOverrides } from '../../../server/app.ts';
import { loadConfig, MEMORY_DATABASE_URL, type Env } from '../../../server/config.ts';
import { createDatabase, type DatabaseTimeouts, type Db } from '../../../server/db/database.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../../server/db/seed-data.ts';
import { seedDemo } from '../../../server/db/seed.ts';
import type { PushPluginOptions } from '../../../server/plugins/push.ts';
import type { UserData } from '../../../contracts/auth.ts';
import { rateLimitDefaults } from '../../../server/config.ts';
import { startMailbox, type Mailbox } from './mailbox.ts';
import { TestClock } from './test-clock.ts';

export interface SignedIn extends UserData {
  /** Headers that authenticate a request: `{ authorization: 'Bearer ...' }`. */
  headers: { authorization: string };
}

export interface TestApp {
  app: App;
  db: Db;
  /** The app's clock: `clock.advance(ms)` moves time for expiry, windows and TOTP. */
  clock: TestClock;
  /** What the app mailed, through a real SMTP server in the test process. */
  mailbox: Mailbox;
  /** Where the database is, for a second instance on it (`sameDatabaseAs`). */
  databaseUrl: string;
  /** Signs in through POST /api/login/ (the demo account by default). */
  signIn(username?: string, password?: string): Promise<SignedIn>;
  /** Closes the app and its database, and drops a PostgreSQL test database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (CORS_ORIGINS, SITE_DIR, ...). */
  env?: Env;
  /** Runs before the app is ready, e.g. to add a route that fails on purpose. */
  setup?: (app: App) => void | Promise<void>;
  /**
   * Another instance on the database (and clock) of this one, PostgreSQL only; its
   * close() leaves the database to the first.
   */
  sameDatabaseAs?: TestApp;
  /** Web push delivery settings, e.g. a sender that trusts a local push service. */
  push?: PushPluginOptions;
  /**
   * The PostgreSQL server to create the test database on, instead of TEST_DATABASE_URL
   * (a throwaway cluster that a fault test stops and starts). Implies PostgreSQL.
   */
  postgresServer?: string;
  /** PostgreSQL connect and query timeouts, shorter than the server's for the fault tests. */
  databaseTimeouts?: DatabaseTimeouts;
  /** Sees every route as it is registered (helpers/route-table.ts lists the API with it). */
  onRoute?: AppOverrides['onRoute'];
}

/**
 * Rate limits far above what a test file does from its one address (127.0.0.1), so only
 * the tests about limits, which set their own, ever meet one.
 */
const relaxedRateLimits: Env = Object.fromEntries(
  Object.values(rateLimitDefaults).map((rule) => [rule.env, `100000/${rule.windowSeconds}`]),
);

interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function createPostgresDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!serverUrl) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user@host:port/db)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function createTestDatabase(postgresServer?: string): Promise<TestDatabase> {
  if (postgresServer) return createPostgresDatabase(postgresServer);
  const kind = process.env.API_TEST_DB ?? 'pglite';
  if (kind === 'postgres') return createPostgresDatabase();
  if (kind === 'pglite') return { url: MEMORY_DATABASE_URL, drop: async () => {} };
  throw new Error(`API_TEST_DB must be 'pglite' or 'postgres', got '${kind}'`);
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared
    ? { url: shared.databaseUrl, drop: async () => {} }
    : await createTestDatabase(options.postgresServer);
  const mailbox = await startMailbox();
  // Instances on one database live at one time, as real ones do.
  const clock = shared?.clock ?? new TestClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    // No site unless a test provides one: the API alone.
    SITE_DIR: '',
    SMTP_URL: mailbox.url,
    ...relaxedRateLimits,
    ...options.env,
    DATABASE_URL: database.url,
  });
  const db = createDatabase(config.database, { timeouts: options.databaseTimeouts });
  let app: App;
  try {
    if (!shared) {
      await migrateToLatest(db);
      await seedDemo(db);
    }
    app = await buildApp(config, { db, logger: false, clock, push: options.push, onRoute: options.onRoute });
    await options.setup?.(app);
    await app.ready();
  } catch (error) {
    await db.destroy().catch(() => {});
    await database.drop();
    await mailbox.close();
    throw error;
  }

  return {
    app,
    db,
    clock,
    mailbox,
    databaseUrl: database.url,
    async signIn(username = DEMO_USERNAME, password = DEMO_PASSWORD) {
      const response = await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password } });
      if (response.statusCode !== 200)
        throw new Error(`sign-in as ${username} failed: ${response.statusCode} ${response.body}`);
      const data = response.json<UserData>();
      return { ...data, headers: { authorization: `Bearer ${data.token}` } };
    },
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
        await mailbox.close();
      }
    },
  };
}

/**
 * One app for the whole test file: created in beforeAll, closed in afterAll, and
 * `afterEachTest` (a check of the books, say) run after every test. The answer stands for
 * that app from beforeAll on, so a file writes `t.app`, `t.db` as with its own variable.
 */
export function useTestApp(options: TestAppOptions = {}, afterEachTest?: (t: TestApp) => Promise<void>): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  if (afterEachTest) {
    afterEach(async () => {
      if (current) await afterEachTest(current);
    });
  }
  return new Proxy({} as TestApp, {
    get(_, property) {
      if (!current) throw new Error('the test app exists from beforeAll on');
      return Reflect.get(current, property);
    },
  });
}

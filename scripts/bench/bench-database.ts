/**
 * A throwaway database for a bench run: a new `bench_<random>` database on a PostgreSQL
 * server, or PGlite in a temporary directory. prepare() runs what `npm start` runs
 * (migrations, demo seed and history) plus the caller's fixtures, in this process and
 * before the server starts, so the server's own start finds it ready and PGlite's
 * directory is never open twice.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/config.ts';
import { createDatabase, type Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { seedDemoHistory } from '../../server/db/seed-history.ts';
import { seedDemo } from '../../server/db/seed.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface BenchDatabase {
  kind: DatabaseKind;
  /** Environment for the server child: where its database is. */
  serverEnv: Record<string, string>;
  /** Prepares the database; answers the fixtures and the server's `select version()`. */
  prepare<T>(fixtures: (db: Db) => Promise<T>): Promise<{ fixtures: T; version: string }>;
  drop(): Promise<void>;
}

/** The server bench:api creates its database on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a local default. */
export function postgresAdminUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

async function prepareWith<T>(
  config: DatabaseConfig,
  fixtures: (db: Db) => Promise<T>,
): Promise<{ fixtures: T; version: string }> {
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    await seedDemoHistory(db);
    const version = await sql<{ version: string }>`select version()`.execute(db);
    return {
      fixtures: await fixtures(db),
      version: version.rows[0]?.version ?? '?',
    };
  } finally {
    await db.destroy();
  }
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new database on the server at `adminUrl`; throws when the server cannot be reached. */
export async function createPostgresBenchDatabase(adminUrl: string, poolMax: number): Promise<BenchDatabase> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    serverEnv: {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: String(poolMax),
    },
    prepare: (fixtures) => prepareWith({ driver: 'postgres', url: databaseUrl, poolMax: 2 }, fixtures),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export async function createPgliteBenchDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hashharbor-bench-'));
  const dataDir = path.join(dir, 'pglite');
  return {
    kind: 'pglite',
    // The operator socket would sit beside the data; the bench does not need it.
    serverEnv: { DATABASE_URL: `file://${dataDir}`, OPERATOR_SOCKET: 'off' },
    prepare: (fixtures) => prepareWith({ driver: 'pglite', dataDir }, fixtures),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

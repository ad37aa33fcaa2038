/**
 * The Kysely instance for a configured database: embedded PGlite (a directory or
 * memory://) or a PostgreSQL server through a `pg` Pool. Both drivers are set up to
 * return the same JavaScript types, so code and tests behave alike on either.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import pg from 'pg';
import { MEMORY_DATABASE_URL, type DatabaseConfig } from '../config.ts';
import { LocalWrites, trackWrites } from './local-writes.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** What db/change-feed.ts needs to know of a database made here. */
export interface DatabaseSource {
  config: DatabaseConfig;
  timeouts: DatabaseTimeouts;
  /** Every write to a watched table through this Kysely instance, or any derived from it. */
  localWrites: LocalWrites;
}

const sources = new WeakMap<Db, DatabaseSource>();

/** Where a database made by createDatabase comes from, and the writes made through it. */
export function databaseSource(db: Db): DatabaseSource {
  const source = sources.get(db);
  if (!source) throw new Error('databaseSource: this Kysely instance was not made by createDatabase');
  return source;
}

const asText = (value: string): string => value;

/**
 * NUMERIC (oid 1700) and bigint (oid 20) are kept as strings: money must never become
 * a float, and ids or counts may outgrow Number.MAX_SAFE_INTEGER. A `date` (oid 1082)
 * stays 'YYYY-MM-DD': as a JS Date it would be midnight in the server's time zone.
 * Set per pool rather than through the global `pg.types.setTypeParser`, so nothing else
 * in the process can change it.
 */
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.NUMERIC || oid === pg.types.builtins.INT8 || oid === pg.types.builtins.DATE
      ? asText
      : pg.types.getTypeParser(oid, format ?? 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** PostgreSQL: how long a request may wait for a connection, and for the answer to one statement. */
export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  // Without it a request waits forever for an unreachable server; with it, it fails
  // fast and the client gets 503 (plugins/errors.ts).
  connectMs: 5_000,
  // A server that stops answering without closing its connections (frozen, or cut off
  // by the network) would hold every request on them forever. The API's statements take
  // milliseconds; the longest legitimate wait is an instance at start waiting for
  // another's migration lock (db/migrate.ts).
  queryMs: 30_000,
};

export interface DatabaseOptions {
  /** Errors of idle pooled connections (server restart, network cut): logged, not fatal. */
  onPoolError?: (error: Error) => void;
  /** Shorter ones let the fault tests wait seconds, not half a minute. */
  timeouts?: DatabaseTimeouts;
}

export function createDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): Db {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  const localWrites = new LocalWrites();
  const db = new Kysely<Database>({
    dialect: trackWrites(createDialect(config, timeouts, options), localWrites),
  });
  sources.set(db, { config, timeouts, localWrites });
  return db;
}

function createDialect(config: DatabaseConfig, timeouts: DatabaseTimeouts, options: DatabaseOptions): Dialect {
  if (config.driver === 'pglite') {
    const dataDir = config.dataDir;
    return new PGliteDialect({
      pglite: async () => {
        // PGlite creates its own directory but not the parents (./data on a fresh clone).
        if (dataDir !== MEMORY_DATABASE_URL) await mkdir(dataDir, { recursive: true });
        // PGlite parses bigint to a JS number by default; NUMERIC is already text.
        return PGlite.create(dataDir, {
          parsers: {
            [pgliteTypes.INT8]: asText,
            [pgliteTypes.NUMERIC]: asText,
            [pgliteTypes.DATE]: asText,
          },
        });
      },
    });
  }

  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolMax,
    types: pgTypes,
    application_name: 'hashharbor',
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  // pg-pool listens for errors only on idle clients. When the server ends a connection
  // that a request holds (backend killed, server restarted) between two statements, its
  // client emits 'error' with no listener, and Node ends the process. The request meets
  // the failure at its next statement (503), and pg-pool drops the client on release, so
  // the event itself needs nothing more than a listener.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return new PostgresDialect({ pool });
}

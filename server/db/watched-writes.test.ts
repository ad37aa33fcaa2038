import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type Compilable,
  type RawBuilder,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.ts';
import { watchedTablesWrittenBy, WATCHED_TABLES } from './watched-writes.ts';

// Compiles queries without a database.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const written = (query: Compilable) => [...watchedTablesWrittenBy(query.compile().query)].sort();
const writtenRaw = (query: RawBuilder<unknown>) => [...watchedTablesWrittenBy(query.compile(db).query)].sort();
const everything = [...WATCHED_TABLES].sort();

describe('watchedTablesWrittenBy', () => {
  it('sees no write in a read', () => {
    const session = db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select(['users.id', sql<boolean>`users.password_hash is not null`.as('has_password')])
      .where('auth_tokens.expires_at', '>', sql<Date>`now()`);
    expect(written(session)).toEqual([]);
    expect(written(db.selectFrom('miners').selectAll().forUpdate())).toEqual([]);
  });

  it('sees updates, deletes and inserts of the catalogue, aliased or not', () => {
    expect(written(db.updateTable('miners').set({ stock: 3 }).where('id', '=', '1'))).toEqual(['miners']);
    expect(written(db.updateTable('miners as m').set({ stock: 3 }))).toEqual(['miners']);
    expect(written(db.deleteFrom('coins').where('symbol', '=', 'BTC'))).toEqual(['coins']);
    const coin = { symbol: 'X', name: 'X', price_usd: '1', hash_unit: 'TH/s', revenue_per_unit_day: '1' } as const;
    expect(written(db.insertInto('coins').values(coin))).toEqual(['coins']);
  });

  it('ignores the tables no cache reads', () => {
    expect(written(db.updateTable('balances').set({ amount: '1' }))).toEqual([]);
    expect(written(db.deleteFrom('rate_limits'))).toEqual([]);
  });

  it('counts a revocation, not the once-a-minute touch of last_used_at', () => {
    expect(written(db.updateTable('auth_tokens').set({ last_used_at: sql<Date>`now()` }))).toEqual([]);
    expect(written(db.updateTable('auth_tokens').set({ revoked_at: sql<Date>`now()` }))).toEqual(['auth_tokens']);
    expect(
      written(db.updateTable('auth_tokens').set({ last_used_at: sql<Date>`now()`, expires_at: sql<Date>`now()` })),
    ).toEqual(['auth_tokens']);
    expect(written(db.deleteFrom('auth_tokens'))).toEqual(['auth_tokens']);
  });

  it('counts no new session or account, but an upsert of one', () => {
    const token = { user_id: '1', token_hash: 'a'.repeat(64), expires_at: new Date() };
    expect(written(db.insertInto('auth_tokens').values(token))).toEqual([]);
    expect(
      written(
        db
          .insertInto('auth_tokens')
          .values(token)
          .onConflict((oc) => oc.doNothing()),
      ),
    ).toEqual([]);
    expect(
      written(
        db
          .insertInto('auth_tokens')
          .values(token)
          .onConflict((oc) => oc.column('token_hash').doUpdateSet({ revoked_at: null })),
      ),
    ).toEqual(['auth_tokens']);
  });

  it('finds a write inside a common table expression', () => {
    const query = db
      .with('changed', (qb) => qb.updateTable('users').set({ unread_message_count: 0 }).returning('id'))
      .selectFrom('changed')
      .selectAll();
    expect(written(query)).toEqual(['users']);
  });

  it('reads raw SQL by its words, and assumes the worst of code or spliced SQL', () => {
    expect(writtenRaw(sql`select 1`)).toEqual([]);
    expect(writtenRaw(sql`select pg_advisory_xact_lock(${sql.lit(1)})`)).toEqual([]);
    expect(writtenRaw(sql`update auth_tokens set expires_at = now() where token_hash = ${'x'}`)).toEqual([
      'auth_tokens',
    ]);
    expect(writtenRaw(sql`UPDATE "miners" SET stock = 0`)).toEqual(['miners']);
    expect(writtenRaw(sql`update ${sql.table('users')} set language = 'en'`)).toEqual(everything);
    expect(writtenRaw(sql`do $$ begin perform 1; end $$`)).toEqual(everything);
    expect(writtenRaw(sql`call refresh_everything()`)).toEqual(everything);
  });

  it('takes a schema change to change everything', () => {
    expect(written(db.schema.alterTable('miners').addColumn('x', 'text'))).toEqual(everything);
  });
});

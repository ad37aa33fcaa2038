/**
 * The data bench:api loads the API with, written straight into a prepared database
 * (migrated and seeded, before the server starts): a customer per scenario, each with a
 * live session, a ledger of 10,000 lines, a bell of notifications, buyers with money to
 * spend and miners with stock to sell. Money goes in as the application moves it: a
 * completed transaction, its ledger entry and a balance equal to the entries' sum.
 */
import { sql } from 'kysely';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/db/seed-data.ts';
import type { Db } from '../../server/db/database.ts';
import { generateToken } from '../../server/auth/tokens.ts';

export const LEDGER_LINES = 10_000;
export const NOTIFICATIONS = 500;
/** Enough for every purchase a long run can make: the bench must measure orders, not refusals. */
const BUYER_USDT = '1000000000';
const BENCH_STOCK = 10_000_000;

export interface BenchFixtures {
  /** Signs in to read the catalogue (b). */
  readerToken: string;
  /** Owns LEDGER_LINES transactions (c). */
  ledgerToken: string;
  /** Has NOTIFICATIONS notifications, half unread (d). */
  bellToken: string;
  /** One buyer per token, so orders queue on the miners' rows rather than on one balance (e). */
  buyerTokens: string[];
  /** Miners on sale that can be bought, with stock raised for the bench (e). */
  buyableMinerIds: number[];
  /** Signs in with a password (f). */
  login: { username: string; password: string };
}

async function createUser(db: Db, name: string, passwordHash: string): Promise<string> {
  const code = `BENCH${name.replace(/[^a-z0-9]/gi, '').toUpperCase()}`.slice(0, 16);
  const row = await db
    .insertInto('users')
    .values({
      username: `bench_${name}`,
      email: `bench_${name}@bench.example`,
      password_hash: passwordHash,
      language: 'en',
      is_verified: true,
      referral_code: code,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A live session, as a sign-in makes it: only the token's hash is stored. */
async function createSession(db: Db, userId: string): Promise<string> {
  const { token, hash } = generateToken();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hash,
      expires_at: sql<Date>`now() + interval '7 days'`,
    })
    .execute();
  return token;
}

/**
 * `count` completed USDT deposits of `amount` each, their ledger entries and the balance
 * they add up to, in one statement (the entries reference the transactions inserted by
 * the same statement; PostgreSQL checks foreign keys at its end).
 */
async function depositMany(db: Db, userId: string, count: number, amount: string): Promise<void> {
  await sql`
    with lines as (
      insert into transactions
        (user_id, type, status, currency, amount, description_key, description_params, created_at, completed_at)
      select ${userId}, 'deposit', 'completed', 'USDT', ${amount}::numeric, 'transaction.deposit',
             jsonb_build_object('reference', 'HHBENCH' || g, 'currency', 'USDT'),
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(1, ${count}::int) as g
      returning id, user_id, currency, amount, created_at
    ), entries as (
      insert into ledger_entries (user_id, currency, amount, transaction_id, created_at)
      select user_id, currency, amount, id, created_at from lines
      returning amount
    )
    insert into balances (user_id, currency, amount)
    select ${userId}, 'USDT', sum(amount) from entries
    on conflict (user_id, currency) do update set amount = balances.amount + excluded.amount, updated_at = now()
  `.execute(db);
}

/** Broadcast notifications, every other one unread, and the bell count that says so. */
async function notifyMany(db: Db, userId: string, count: number): Promise<void> {
  await sql`
    insert into notifications (user_id, kind, title, body, is_read, date_created)
    select ${userId}, 'broadcast', 'Maintenance window ' || g,
           'Payouts resume after the maintenance window number ' || g || '.', g % 2 = 0,
           now() - make_interval(mins => g)
    from generate_series(1, ${count}::int) as g
  `.execute(db);
  await sql`
    update users set unread_message_count =
      (select count(*) from notifications where user_id = ${userId} and not is_read)
    where id = ${userId}
  `.execute(db);
}

export async function createBenchFixtures(db: Db, buyers: number): Promise<BenchFixtures> {
  // Every bench account shares the demo's password hash: one scrypt at seed time, not one per account.
  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username', '=', DEMO_USERNAME)
    .executeTakeFirstOrThrow();
  const passwordHash = demo.password_hash;
  if (!passwordHash) throw new Error('the demo account has no password: is SEED_DEMO on?');

  const reader = await createUser(db, 'reader', passwordHash);
  const ledger = await createUser(db, 'ledger', passwordHash);
  const bell = await createUser(db, 'bell', passwordHash);
  await createUser(db, 'login', passwordHash);
  await depositMany(db, ledger, LEDGER_LINES, '1.00');
  await notifyMany(db, bell, NOTIFICATIONS);

  const buyerTokens: string[] = [];
  for (let index = 1; index <= buyers; index++) {
    const buyer = await createUser(db, `buyer${String(index).padStart(3, '0')}`, passwordHash);
    await depositMany(db, buyer, 1, BUYER_USDT);
    buyerTokens.push(await createSession(db, buyer));
  }

  const buyable = await db
    .updateTable('miners')
    .set({ stock: BENCH_STOCK })
    .where('is_on_sale', '=', true)
    .where('acquisition', 'in', ['buy', 'both'])
    .where('purchase_price', 'is not', null)
    .returning('id')
    .execute();
  if (buyable.length === 0) throw new Error('no miner can be bought: is SEED_DEMO on?');
  const tokens = {
    readerToken: await createSession(db, reader),
    ledgerToken: await createSession(db, ledger),
    bellToken: await createSession(db, bell),
  };
  // Statistics and visibility maps as autovacuum leaves them soon after a bulk insert:
  // the run measures the steady state, not the minute after loading.
  await sql`vacuum analyze`.execute(db);

  return {
    ...tokens,
    buyerTokens,
    buyableMinerIds: buyable.map((row) => Number(row.id)),
    login: { username: 'bench_login', password: DEMO_PASSWORD },
  };
}

/**
 * A believable history for the demo account, made with the same code customers go
 * through: deposits, an owned and a rented miner, two weeks of daily earnings settled
 * by the earnings job, a withdrawal the operator approved and one still waiting, and a
 * referred friend whose rent paid the demo a commission. Dated relative to today.
 *
 * Idempotent: each step carries an idempotency key (or is a job that is idempotent by
 * design), so running it again, at every start, adds only what is missing.
 */
import { runEarnings } from '../jobs/earnings.ts';
import { addDays, DAY_MS, utcDate } from '../lib/utc-days.ts';
import { recordTransaction } from '../money/ledger.ts';
import { acquireMiner } from '../services/acquire-miner.ts';
import { completeDeposit } from '../services/deposits.ts';
import { approveWithdrawal, requestWithdrawal } from '../services/withdrawals.ts';
import type { Db } from './database.ts';
import { DEMO_USERNAME } from './seed-data.ts';

/** Days of history: the first one partial (bought at 09:00), then two weeks of full days. */
export const HISTORY_DAYS = 15;

export const demoFriend = {
  username: 'mia_miner',
  email: 'mia@hashharbor.example',
  first_name: 'Mia',
  last_name: 'Lindqvist',
  language: 'en',
  is_verified: true,
  referral_code: 'MIA2026',
} as const;

/** BIP 173's example address: valid, and nobody's savings. */
const DEMO_BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** USDT's own TRC-20 contract address: valid, and never a customer's. */
const DEMO_USDT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const LAST_STEP_KEY = 'seed-demo-withdraw-usdt';

async function userId(db: Db, username: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function keyUsed(db: Db, user: string, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('user_id', '=', user)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

async function deposit(db: Db, user: string, key: string, currency: string, amount: string, at: Date): Promise<void> {
  if (await keyUsed(db, user, key)) return;
  const id = await recordTransaction(db, {
    user_id: user,
    type: 'deposit',
    status: 'pending',
    currency,
    amount,
    description_key: 'transaction.depositTest',
    description_params: { reference: key.toUpperCase(), currency },
    gateway_reference: `seed-${key}`,
    payment_instructions: null,
    test_mode: true,
    idempotency_key: key,
    created_at: at,
  });
  await completeDeposit(db, id, new Date(at.getTime() + 10 * 60_000));
}

/** Adds what is missing of the demo history; false when it was all there already. */
export async function seedDemoHistory(db: Db, now: Date = new Date()): Promise<boolean> {
  const demo = await userId(db, DEMO_USERNAME);
  if (!demo || (await keyUsed(db, demo, LAST_STEP_KEY))) return false;

  const today = utcDate(now);
  const day = (back: number, hour: number) =>
    new Date(Date.parse(`${addDays(today, -back)}T00:00:00Z`) + hour * 3_600_000);
  const referralRate = '0.05';

  await deposit(db, demo, 'seed-demo-deposit-usdt', 'USDT', '6000', day(HISTORY_DAYS, 9));
  await deposit(db, demo, 'seed-demo-deposit-btc', 'BTC', '0.002', day(HISTORY_DAYS - 1, 9));
  const minerId = async (model: string) =>
    Number((await db.selectFrom('miners').select('id').where('model', '=', model).executeTakeFirstOrThrow()).id);
  await acquireMiner(db, {
    userId: demo,
    minerId: await minerId('S21 Pro 234T'),
    ownershipType: 'own',
    idempotencyKey: 'seed-demo-own-s21pro',
    referralRate,
    now: day(HISTORY_DAYS, 10),
  });
  await acquireMiner(db, {
    userId: demo,
    minerId: await minerId('KS5 Pro 21T'),
    ownershipType: 'rent',
    rentDays: 30,
    idempotencyKey: 'seed-demo-rent-ks5pro',
    referralRate,
    now: day(HISTORY_DAYS, 11),
  });

  // A friend who signed up with the demo's code and rented a miner.
  await db
    .insertInto('users')
    .values({ ...demoFriend, password_hash: null, referred_by: demo, date_joined: day(HISTORY_DAYS - 2, 18) })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const friend = await userId(db, demoFriend.username);
  if (friend) {
    await deposit(db, friend, 'seed-friend-deposit-usdt', 'USDT', '300', day(HISTORY_DAYS - 2, 19));
    await acquireMiner(db, {
      userId: friend,
      minerId: await minerId('L7 9.5G'),
      ownershipType: 'rent',
      rentDays: 30,
      idempotencyKey: 'seed-friend-rent-l7',
      referralRate,
      now: day(HISTORY_DAYS - 2, 20),
    });
  }

  // Every finished day since, settled as the job does just after midnight UTC.
  for (let back = HISTORY_DAYS; back >= 1; back--) {
    const date = addDays(today, -back);
    await runEarnings(db, { date, now: new Date(Date.parse(`${date}T00:10:00Z`) + DAY_MS) });
  }

  if (!(await keyUsed(db, demo, 'seed-demo-withdraw-btc'))) {
    const id = await requestWithdrawal(db, {
      userId: demo,
      currency: 'BTC',
      amount: '0.0005',
      address: DEMO_BTC_ADDRESS,
      idempotencyKey: 'seed-demo-withdraw-btc',
      now: day(3, 14),
    });
    await approveWithdrawal(db, id, day(2, 10));
  }
  await requestWithdrawal(db, {
    userId: demo,
    currency: 'USDT',
    amount: '100',
    address: DEMO_USDT_ADDRESS,
    idempotencyKey: LAST_STEP_KEY,
    now: new Date(now.getTime() - 2 * 3_600_000),
  });
  return true;
}

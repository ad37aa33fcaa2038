/**
 * Renting or buying a miner (POST /api/user-miners/): one database transaction checks
 * the offer and the stock, debits the price, creates the user-miner and its ledger
 * line, pays the referrer's commission and notifies both. Either all of it happens or
 * none of it does.
 *
 * Concurrency: the miner's row is locked first (`for update`), so orders of one miner
 * queue up and the stock cannot go below zero; the debit is conditional (money/ledger.ts),
 * so orders paid from one balance cannot overdraw it. A repeated idempotency key is the
 * same order: the unique (user_id, idempotency_key) makes a racing duplicate fail, and
 * it then answers with the order that won.
 */
import type { Transaction } from 'kysely';
import { compare, mul, toFixed } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { OwnershipType } from '../db/mining-schema.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { DAY_MS, utcDateTime } from '../lib/utc-days.ts';
import { formatAmount, SPENDING_CURRENCY } from '../money/currencies.ts';
import { credit, debit, recordTransaction } from '../money/ledger.ts';
import { notify } from '../notifications/notify.ts';

export interface AcquireMinerInput {
  userId: string;
  minerId: number;
  ownershipType: OwnershipType;
  rentDays?: number;
  idempotencyKey: string;
  /** Share of the price paid to the buyer's referrer (config REFERRAL_RATE). */
  referralRate: string;
  now: Date;
}

export interface AcquireMinerResult {
  userMinerId: string;
  /** False when the idempotency key named an earlier order, which is answered again. */
  created: boolean;
}

export async function acquireMiner(db: Db, input: AcquireMinerInput): Promise<AcquireMinerResult> {
  const earlier = await findOrder(db, input.userId, input.idempotencyKey);
  if (earlier) return repeatOrder(earlier, input);
  try {
    return await inTransaction(db, (trx) => placeOrder(trx, input));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A double click that raced this request and won: answer with its order.
    const winner = await findOrder(db, input.userId, input.idempotencyKey);
    if (winner) return repeatOrder(winner, input);
    throw error;
  }
}

function findOrder(db: Db, userId: string, idempotencyKey: string) {
  return db
    .selectFrom('user_miners')
    .select(['id', 'miner_id', 'ownership_type', 'rent_days'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

function repeatOrder(
  order: { id: string; miner_id: string; ownership_type: OwnershipType; rent_days: number | null },
  input: AcquireMinerInput,
): AcquireMinerResult {
  const same =
    order.miner_id === String(input.minerId) &&
    order.ownership_type === input.ownershipType &&
    order.rent_days === (input.rentDays ?? null);
  if (!same) throw ApiError.detail(409, 'error.idempotencyConflict');
  return { userMinerId: order.id, created: false };
}

async function placeOrder(trx: Transaction<Database>, input: AcquireMinerInput): Promise<AcquireMinerResult> {
  const { userId, ownershipType, rentDays, now } = input;
  const miner = await trx
    .selectFrom('miners')
    .selectAll()
    .where('id', '=', String(input.minerId))
    .forUpdate()
    .executeTakeFirst();
  if (!miner) throw ApiError.fields({ miner: [{ key: 'error.minerUnknown' }] });
  if (!miner.is_on_sale) throw ApiError.detail(400, 'error.minerNotOnSale');

  let price: string;
  if (ownershipType === 'rent') {
    if (miner.acquisition === 'buy' || !miner.rent_price_per_day || !miner.rent_terms)
      throw ApiError.detail(400, 'error.minerNotForRent');
    if (rentDays === undefined) throw ApiError.fields({ rent_days: [{ key: 'error.required' }] });
    if (!miner.rent_terms.includes(rentDays)) {
      throw ApiError.fields({
        rent_days: [{ key: 'error.rentTermNotOffered', params: { days: rentDays, terms: miner.rent_terms.join(', ') } }],
      });
    }
    price = toFixed(mul(miner.rent_price_per_day, String(rentDays)), 8);
  } else {
    if (miner.acquisition === 'rent' || !miner.purchase_price) throw ApiError.detail(400, 'error.minerNotForSale');
    if (rentDays !== undefined) throw ApiError.fields({ rent_days: [{ key: 'error.rentDaysForRentOnly' }] });
    price = toFixed(miner.purchase_price, 8);
  }
  if (miner.stock <= 0) throw ApiError.detail(400, 'error.minerSoldOut');

  await trx.updateTable('miners').set({ stock: miner.stock - 1 }).where('id', '=', miner.id).execute();
  const endsAt = ownershipType === 'rent' ? new Date(now.getTime() + rentDays! * DAY_MS) : null;
  const userMiner = await trx
    .insertInto('user_miners')
    .values({
      user_id: userId,
      miner_id: miner.id,
      ownership_type: ownershipType,
      price_paid: price,
      rent_days: ownershipType === 'rent' ? rentDays! : null,
      rent_price_per_day: ownershipType === 'rent' ? miner.rent_price_per_day : null,
      maintenance_fee_per_day: miner.maintenance_fee_per_day,
      hashrate: miner.hashrate,
      hashrate_unit: miner.hashrate_unit,
      coin: miner.coin,
      started_at: now,
      ends_at: endsAt,
      idempotency_key: input.idempotencyKey,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const referral = await referrerOf(trx, userId);
  const commission = referral.referrerId ? toFixed(mul(price, input.referralRate), 8) : '0';
  const paysCommission = referral.referrerId !== null && compare(commission, '0') > 0;

  const orderParams = {
    miner: miner.name,
    model: miner.model,
    price: formatAmount(price),
    currency: SPENDING_CURRENCY,
    ...(ownershipType === 'rent'
      ? { days: rentDays!, price_per_day: formatAmount(miner.rent_price_per_day!) }
      : {}),
    ...(paysCommission ? { commission: formatAmount(commission) } : {}),
  };
  const orderKey = `transaction.${ownershipType === 'rent' ? 'rent' : 'purchase'}${paysCommission ? 'Referred' : ''}`;
  const orderId = await recordTransaction(trx, {
    user_id: userId,
    type: ownershipType === 'rent' ? 'rent' : 'purchase',
    status: 'completed',
    currency: SPENDING_CURRENCY,
    amount: `-${price}`,
    description_key: orderKey,
    description_params: orderParams,
    user_miner_id: userMiner.id,
    miner_id: miner.id,
    created_at: now,
    completed_at: now,
  });
  await debit(trx, { userId, currency: SPENDING_CURRENCY, amount: price, transactionId: orderId });

  if (paysCommission && referral.referrerId) {
    const commissionParams = {
      username: referral.username,
      rate: toFixed(mul(input.referralRate, '100'), 2).replace(/\.?0+$/, ''),
      price: formatAmount(price),
      amount: formatAmount(commission),
      currency: SPENDING_CURRENCY,
      miner: miner.name,
    };
    const commissionId = await recordTransaction(trx, {
      user_id: referral.referrerId,
      type: 'referral_commission',
      status: 'completed',
      currency: SPENDING_CURRENCY,
      amount: commission,
      description_key: 'transaction.referral_commission',
      description_params: commissionParams,
      miner_id: miner.id,
      related_transaction_id: orderId,
      referred_user_id: userId,
      created_at: now,
      completed_at: now,
    });
    await credit(trx, {
      userId: referral.referrerId,
      currency: SPENDING_CURRENCY,
      amount: commission,
      transactionId: commissionId,
    });
    // Balances first, then users (the bell counts), buyer before referrer: one lock order for every order.
    await notifyBuyer(trx, input, orderParams, endsAt);
    // The buyer caused it: they are its creator (the bell shows who).
    await notify(trx, referral.referrerId, 'referral_commission', commissionParams, { creatorId: userId });
  } else {
    await notifyBuyer(trx, input, orderParams, endsAt);
  }
  return { userMinerId: userMiner.id, created: true };
}

function notifyBuyer(
  trx: Db,
  input: AcquireMinerInput,
  params: Record<string, string | number>,
  endsAt: Date | null,
): Promise<void> {
  if (input.ownershipType === 'rent') {
    return notify(trx, input.userId, 'rent', { ...params, ends_at: utcDateTime(endsAt!) });
  }
  return notify(trx, input.userId, 'purchase', params);
}

/** The buyer's referrer, if any and if their account still exists; one level only. */
async function referrerOf(trx: Db, userId: string): Promise<{ referrerId: string | null; username: string }> {
  const row = await trx
    .selectFrom('users as buyer')
    .leftJoin('users as referrer', (join) =>
      join.onRef('referrer.id', '=', 'buyer.referred_by').on('referrer.deleted_at', 'is', null),
    )
    .select(['buyer.username', 'referrer.id as referrer_id'])
    .where('buyer.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { referrerId: row.referrer_id ?? null, username: row.username };
}

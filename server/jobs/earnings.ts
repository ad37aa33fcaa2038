/**
 * The earnings job: once per UTC day, each user-miner running that day is credited its
 * gross output in its coin, and its maintenance fee for the day is deducted, as two
 * ledger lines (FAQ: "When and how are earnings paid?"). Both are prorated by the
 * seconds the miner ran that day (the first and last day of a rent are partial).
 *
 *   gross = hashrate x coin.revenue_per_unit_day x seconds / 86400
 *   fee   = maintenance_fee_per_day (USDT) / coin.price_usd x seconds / 86400
 *
 * each computed exactly and rounded once to 8 decimals, half away from zero
 * (src/lib/money.ts `div`). Hashrate and fee are the user-miner's snapshot from the day
 * it was bought; revenue per unit and price are the operator's figures when the day is
 * settled, and are recorded with it (earning_days) so every line can be recomputed.
 *
 * When gross < fee nothing is credited and the miner is paused (the customer is told);
 * it resumes by itself on a later day whose output covers the fee. A margin under 10%
 * of gross warns the customer first, at most once a week per miner.
 *
 * Exactly once, whoever runs it and however often: each (user-miner, day) is settled in
 * its own database transaction that first claims the day in earning_days (primary key),
 * and the earning and fee lines are unique per (user-miner, day, type) as well. A second
 * API instance running the same day waits for the first one's claim, then finds it taken;
 * a run that crashed mid-way rolled back its unfinished day, which the next run settles.
 */
import { compare, div, mul, sub, toFixed } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { addDays, DAY_MS, DAY_SECONDS, dayBounds, utcDate, utcDateTime } from '../lib/utc-days.ts';
import { formatAmount } from '../money/currencies.ts';
import { credit, debit } from '../money/ledger.ts';
import { notify } from '../notifications/notify.ts';

/** A margin (gross - fee) below this share of gross earns the customer a warning. */
export const LOW_MARGIN_SHARE = '0.1';
export const LOW_MARGIN_WARNING_INTERVAL_MS = 7 * DAY_MS;
/** "Rent ending soon" is sent this long before the end. */
export const RENT_ENDING_NOTICE_MS = 3 * DAY_MS;
/** How far back a run looks for days not settled yet (an API that was down for a while). */
export const CATCH_UP_DAYS = 7;

export type DayOutcome = 'credited' | 'paused' | 'already-settled' | 'not-running';

export interface EarningsRunSummary {
  date: string;
  credited: number;
  paused: number;
}

export interface EarningsJobSummary {
  rentsEnded: number;
  rentEndingNotices: number;
  days: EarningsRunSummary[];
}

/**
 * Settles one finished UTC day (`date`, 'YYYY-MM-DD') for every user-miner that ran
 * during it and has not been settled for it yet.
 */
export async function runEarnings(db: Db, options: { date: string; now?: Date }): Promise<EarningsRunSummary> {
  const { start, end } = dayBounds(options.date);
  const now = options.now ?? new Date();
  if (end > now.getTime()) throw new RangeError(`${options.date} has not ended yet: only finished days are credited`);

  const candidates = await db
    .selectFrom('user_miners as um')
    .select('um.id')
    .where('um.started_at', '<', new Date(end))
    .where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('um.ended_at', 'um.ends_at'), 'is', null),
        eb(eb.fn.coalesce('um.ended_at', 'um.ends_at'), '>', new Date(start)),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('earning_days as ed')
            .select('ed.user_miner_id')
            .whereRef('ed.user_miner_id', '=', 'um.id')
            .where('ed.day', '=', options.date),
        ),
      ),
    )
    .orderBy('um.id')
    .execute();

  const summary: EarningsRunSummary = { date: options.date, credited: 0, paused: 0 };
  for (const { id } of candidates) {
    const outcome = await settleDay(db, id, options.date, now);
    if (outcome === 'credited') summary.credited++;
    if (outcome === 'paused') summary.paused++;
  }
  return summary;
}

/** Settles one user-miner for one day, in its own database transaction; its lines are dated `now`. */
export async function settleDay(db: Db, userMinerId: string, date: string, now: Date): Promise<DayOutcome> {
  const { start, end } = dayBounds(date);
  return inTransaction(db, async (trx) => {
    const um = await trx
      .selectFrom('user_miners as um')
      .innerJoin('miners as m', 'm.id', 'um.miner_id')
      .innerJoin('coins as c', 'c.symbol', 'um.coin')
      .selectAll('um')
      .select(['m.name as miner_name', 'c.price_usd', 'c.revenue_per_unit_day'])
      .where('um.id', '=', userMinerId)
      .forUpdate('um')
      .executeTakeFirstOrThrow();

    const stop = (um.ended_at ?? um.ends_at)?.getTime() ?? Number.POSITIVE_INFINITY;
    const activeMs = Math.min(end, stop) - Math.max(start, um.started_at.getTime());
    const seconds = Math.min(DAY_SECONDS, Math.floor(activeMs / 1000));
    if (seconds <= 0) return 'not-running';

    const gross = div(mul(mul(um.hashrate, um.revenue_per_unit_day), String(seconds)), String(DAY_SECONDS), 8);
    // A coin without a price cannot pay a fee priced in dollars: nothing can be credited.
    const fee =
      compare(um.price_usd, '0') > 0
        ? div(mul(um.maintenance_fee_per_day, String(seconds)), mul(String(DAY_SECONDS), um.price_usd), 8)
        : null;
    const covered = fee !== null && compare(gross, fee) >= 0;

    const claimed = await trx
      .insertInto('earning_days')
      .values({
        user_miner_id: um.id,
        day: date,
        outcome: covered ? 'credited' : 'paused',
        active_seconds: seconds,
        gross,
        fee: fee ?? '0',
        revenue_per_unit_day: um.revenue_per_unit_day,
        coin_price_usd: um.price_usd,
      })
      .onConflict((oc) => oc.columns(['user_miner_id', 'day']).doNothing())
      .returning('user_miner_id')
      .executeTakeFirst();
    if (!claimed) return 'already-settled';

    const dayEnd = new Date(end);
    const hours = div(String(seconds), '3600', 2).replace(/\.?0+$/, '');
    const running = um.status !== 'ended';
    const params = {
      miner: um.miner_name,
      date,
      coin: um.coin,
      gross: formatAmount(gross),
      fee: formatAmount(fee ?? '0'),
    };

    if (!covered) {
      if (um.status === 'active') {
        await trx.updateTable('user_miners').set({ status: 'paused', paused_at: dayEnd }).where('id', '=', um.id).execute();
        await notify(trx, um.user_id, 'earnings_paused', params);
      }
      return 'paused';
    }

    const line = (type: 'earning' | 'fee', amount: string, descriptionParams: Record<string, string>) =>
      trx
        .insertInto('transactions')
        .values({
          user_id: um.user_id,
          type,
          status: 'completed',
          currency: um.coin,
          amount,
          description_key: `transaction.${type}`,
          description_params: JSON.stringify(descriptionParams),
          user_miner_id: um.id,
          miner_id: um.miner_id,
          earning_date: date,
          created_at: now,
          completed_at: now,
        })
        .onConflict((oc) => oc.columns(['user_miner_id', 'earning_date', 'type']).doNothing())
        .returning('id')
        .executeTakeFirst();

    if (compare(gross, '0') > 0) {
      const earning = await line('earning', gross, {
        miner: um.miner_name,
        date,
        hours,
        hashrate: formatAmount(um.hashrate),
        unit: um.hashrate_unit,
        revenue: um.revenue_per_unit_day.replace(/\.?0+$/, ''),
        coin: um.coin,
      });
      if (earning) await credit(trx, { userId: um.user_id, currency: um.coin, amount: gross, transactionId: earning.id });
    }
    if (fee !== null && compare(fee, '0') > 0) {
      const feeLine = await line('fee', `-${fee}`, {
        miner: um.miner_name,
        date,
        hours,
        fee_usdt: formatAmount(div(mul(um.maintenance_fee_per_day, String(seconds)), String(DAY_SECONDS), 8)),
        price: formatAmount(um.price_usd),
        coin: um.coin,
      });
      if (feeLine) await debit(trx, { userId: um.user_id, currency: um.coin, amount: fee, transactionId: feeLine.id });
    }

    if (um.status === 'paused') {
      await trx.updateTable('user_miners').set({ status: 'active', paused_at: null }).where('id', '=', um.id).execute();
    }
    const margin = sub(gross, fee ?? '0');
    const lowMargin = compare(gross, '0') > 0 && compare(margin, mul(gross, LOW_MARGIN_SHARE)) < 0;
    const warnedRecently =
      um.low_margin_warned_at !== null && dayEnd.getTime() - um.low_margin_warned_at.getTime() < LOW_MARGIN_WARNING_INTERVAL_MS;
    if (running && lowMargin && !warnedRecently) {
      await trx.updateTable('user_miners').set({ low_margin_warned_at: dayEnd }).where('id', '=', um.id).execute();
      await notify(trx, um.user_id, 'earnings_low', {
        ...params,
        margin: toFixed(mul(div(margin, gross, 8), '100'), 1),
      });
    }
    return 'credited';
  });
}

/** Ends the rents whose term is over: inactive from ends_at, stock unit back in the catalogue. */
export async function endDueRents(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('user_miners')
    .select('id')
    .where('status', '<>', 'ended')
    .where('ends_at', '<=', now)
    .orderBy('id')
    .execute();
  let ended = 0;
  for (const { id } of due) {
    const done = await inTransaction(db, async (trx) => {
      const um = await trx
        .updateTable('user_miners')
        .set((eb) => ({ status: 'ended', ended_at: eb.ref('ends_at'), paused_at: null }))
        .where('id', '=', id)
        .where('status', '<>', 'ended')
        .returning(['user_id', 'miner_id', 'ends_at'])
        .executeTakeFirst();
      if (!um) return false;
      const miner = await trx
        .updateTable('miners')
        .set((eb) => ({ stock: eb('stock', '+', 1) }))
        .where('id', '=', um.miner_id)
        .returning('name')
        .executeTakeFirstOrThrow();
      await notify(trx, um.user_id, 'rent_ended', { miner: miner.name, ended_at: utcDateTime(um.ends_at!) });
      return true;
    });
    if (done) ended++;
  }
  return ended;
}

/** Tells renters, once, that their rent ends within three days. */
export async function notifyRentsEndingSoon(db: Db, now: Date): Promise<number> {
  const soon = await db
    .selectFrom('user_miners')
    .select('id')
    .where('status', '<>', 'ended')
    .where('ending_notified_at', 'is', null)
    .where('ends_at', '>', now)
    .where('ends_at', '<=', new Date(now.getTime() + RENT_ENDING_NOTICE_MS))
    .orderBy('id')
    .execute();
  let notified = 0;
  for (const { id } of soon) {
    const done = await inTransaction(db, async (trx) => {
      const um = await trx
        .updateTable('user_miners')
        .set({ ending_notified_at: now })
        .where('id', '=', id)
        .where('ending_notified_at', 'is', null)
        .returning(['user_id', 'miner_id', 'ends_at'])
        .executeTakeFirst();
      if (!um) return false;
      const miner = await trx.selectFrom('miners').select('name').where('id', '=', um.miner_id).executeTakeFirstOrThrow();
      await notify(trx, um.user_id, 'rent_ending_soon', { miner: miner.name, ends_at: utcDateTime(um.ends_at!) });
      return true;
    });
    if (done) notified++;
  }
  return notified;
}

/**
 * What the server runs on its timer: end the rents that are over, warn the ones about
 * to end, then settle every finished day of the last CATCH_UP_DAYS, oldest first.
 */
export async function runEarningsJob(db: Db, options: { now: Date; daysBack?: number }): Promise<EarningsJobSummary> {
  const { now } = options;
  const rentsEnded = await endDueRents(db, now);
  const rentEndingNotices = await notifyRentsEndingSoon(db, now);
  const today = utcDate(now);
  const days: EarningsRunSummary[] = [];
  for (let back = options.daysBack ?? CATCH_UP_DAYS; back >= 1; back--) {
    days.push(await runEarnings(db, { date: addDays(today, -back), now }));
  }
  return { rentsEnded, rentEndingNotices, days };
}

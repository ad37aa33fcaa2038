/**
 * The dashboard's figures. Earnings are read from the ledger's earning and fee lines by
 * the day they are for (earning_date), so the chart shows exactly what the ledger says.
 */
import { sql } from 'kysely';
import type { Dashboard } from '../../contracts/dashboard.ts';
import { add, mul, toFixed } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import { addDays, utcDate } from '../lib/utc-days.ts';
import { balancesOf } from './balances-repository.ts';

/** Spec §9 has no number for it: a month of finished days. */
export const DASHBOARD_DAYS = 30;
const ZERO = '0.00000000';

export async function dashboardOf(db: Db, userId: string, now: Date): Promise<Dashboard> {
  const lastDay = addDays(utcDate(now), -1);
  const firstDay = addDays(lastDay, -(DASHBOARD_DAYS - 1));
  const [balances, hashrate, nets, coins] = await Promise.all([
    balancesOf(db, userId),
    db
      .selectFrom('user_miners')
      .select(['hashrate_unit', sql<string>`sum(hashrate)`.as('amount'), (eb) => eb.fn.countAll<string>().as('miners')])
      .where('user_id', '=', userId)
      .where('is_active', '=', true)
      .groupBy('hashrate_unit')
      .orderBy('hashrate_unit')
      .execute(),
    db
      .selectFrom('transactions')
      .select(['earning_date', 'currency', sql<string>`sum(amount)::numeric(30, 8)`.as('net')])
      .where('user_id', '=', userId)
      .where('type', 'in', ['earning', 'fee'])
      .where('earning_date', '>=', firstDay)
      .where('earning_date', '<=', lastDay)
      .groupBy(['earning_date', 'currency'])
      .execute(),
    db.selectFrom('coins').select(['symbol', 'price_usd']).orderBy('symbol').execute(),
  ]);

  const prices = new Map(coins.map((coin) => [coin.symbol, coin.price_usd]));
  const usdOf = (currency: string, amount: string) => mul(amount, prices.get(currency) ?? '0');
  const mined = [...new Set(nets.map((row) => row.currency))].sort();
  const netOn = new Map(nets.map((row) => [`${row.earning_date}|${row.currency}`, row.net]));

  const daily: Dashboard['daily'] = [];
  const totals = new Map<string, string>();
  for (let offset = 0; offset < DASHBOARD_DAYS; offset++) {
    const date = addDays(firstDay, offset);
    let usd = '0';
    const byCurrency = mined.map((currency) => {
      const net = netOn.get(`${date}|${currency}`) ?? ZERO;
      usd = add(usd, usdOf(currency, net));
      totals.set(currency, add(totals.get(currency) ?? ZERO, net));
      return { currency, net };
    });
    daily.push({ date, usd: toFixed(usd, 2), by_currency: byCurrency });
  }

  return {
    balances,
    total_hashrate: hashrate.map((row) => ({ unit: row.hashrate_unit, amount: row.amount })),
    active_miners: hashrate.reduce((count, row) => count + Number(row.miners), 0),
    earnings_today: mined.map((currency) => ({ currency, net: netOn.get(`${lastDay}|${currency}`) ?? ZERO })),
    earnings_today_date: lastDay,
    earnings_30d: mined.map((currency) => {
      const net = totals.get(currency) ?? ZERO;
      return { currency, net, usd: toFixed(usdOf(currency, net), 2) };
    }),
    daily,
    assumptions: coins.map((coin) => ({ symbol: coin.symbol, price_usd: coin.price_usd })),
  };
}

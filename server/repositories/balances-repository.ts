/** A user's balances per currency, with what pending withdrawals hold. */
import { sql } from 'kysely';
import type { Balance } from '../../contracts/wallet.ts';
import type { Db } from '../db/database.ts';
import { currencies } from '../money/currencies.ts';

const ZERO = '0.00000000';

/** Every wallet currency (USDT first), zero when never held; `reserved` is pending withdrawals' amount + fee. */
export async function balancesOf(db: Db, userId: string): Promise<Balance[]> {
  const [held, reserved] = await Promise.all([
    db.selectFrom('balances').select(['currency', 'amount']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('transactions')
      .select(['currency', sql<string>`sum(fee - amount)::numeric(30, 8)`.as('reserved')])
      .where('user_id', '=', userId)
      .where('type', '=', 'withdrawal')
      .where('status', '=', 'pending')
      .groupBy('currency')
      .execute(),
  ]);
  const amounts = new Map(held.map((row) => [row.currency, row.amount]));
  const holds = new Map(reserved.map((row) => [row.currency, row.reserved]));
  const known = new Set<string>(currencies);
  const extra = [...amounts.keys()].filter((currency) => !known.has(currency)).sort();
  return [...currencies, ...extra].map((currency) => ({
    currency,
    amount: amounts.get(currency) ?? ZERO,
    reserved: holds.get(currency) ?? ZERO,
  }));
}

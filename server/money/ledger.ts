/**
 * Money movements. Every change of a balance is a ledger entry written in the same
 * database transaction as the balance update, so a balance always equals the sum of its
 * entries; entries themselves are never changed (the database refuses it).
 *
 * Debits are one conditional UPDATE (`... where amount >= $x returning`): two spends
 * racing for the same money cannot both pass, whatever the isolation level, because the
 * second one re-reads the row the first one changed.
 */
import { sql } from 'kysely';
import { negate } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import type { NewTransaction } from '../db/mining-schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { formatAmount } from './currencies.ts';

export interface Movement {
  userId: string;
  currency: string;
  /** How much moves, always positive: credit() adds it, debit() takes it. */
  amount: string;
  /** The customer-facing line that explains the movement. */
  transactionId: string;
}

/** Adds `amount` to the balance (creating it at first use) and records the entry. */
export async function credit(trx: Db, movement: Movement): Promise<void> {
  await trx
    .insertInto('ledger_entries')
    .values({
      user_id: movement.userId,
      currency: movement.currency,
      amount: movement.amount,
      transaction_id: movement.transactionId,
    })
    .execute();
  await trx
    .insertInto('balances')
    .values({ user_id: movement.userId, currency: movement.currency, amount: movement.amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'currency']).doUpdateSet({
        amount: sql`balances.amount + excluded.amount`,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * Takes `amount` from the balance and records the entry, or throws 400 "insufficient
 * funds" (the caller's database transaction then rolls back whatever it did before).
 */
export async function debit(trx: Db, movement: Movement): Promise<void> {
  const updated = await trx
    .updateTable('balances')
    .set({ amount: sql`amount - ${movement.amount}::numeric`, updated_at: sql`now()` })
    .where('user_id', '=', movement.userId)
    .where('currency', '=', movement.currency)
    .where('amount', '>=', movement.amount)
    .returning('amount')
    .executeTakeFirst();
  if (!updated) {
    const balance = await balanceOf(trx, movement.userId, movement.currency);
    throw ApiError.detail(400, 'error.insufficientFunds', {
      amount: formatAmount(movement.amount),
      currency: movement.currency,
      balance: formatAmount(balance),
    });
  }
  await trx
    .insertInto('ledger_entries')
    .values({
      user_id: movement.userId,
      currency: movement.currency,
      amount: negate(movement.amount),
      transaction_id: movement.transactionId,
    })
    .execute();
}

/** The spendable balance, "0.00000000" when the user never held the currency. */
export async function balanceOf(db: Db, userId: string, currency: string): Promise<string> {
  const row = await db
    .selectFrom('balances')
    .select('amount')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.amount ?? '0.00000000';
}

/** Inserts a customer-facing ledger line and answers its id. */
export async function recordTransaction(trx: Db, values: NewTransaction): Promise<string> {
  const row = await trx
    .insertInto('transactions')
    .values({
      ...values,
      description_params: JSON.stringify(values.description_params ?? {}),
      payment_instructions: values.payment_instructions == null ? null : JSON.stringify(values.payment_instructions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

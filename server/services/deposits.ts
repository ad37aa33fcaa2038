/**
 * Deposits through the payment gateway: a deposit is a pending ledger line with the
 * gateway's payment instructions; it moves money only when it completes (the gateway
 * reports it paid, or the operator approves it). Completing is a conditional update
 * (pending -> completed), so the verify call and the operator racing for one deposit
 * credit it once.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { TransactionRow } from '../db/mining-schema.ts';
import { formatAmount } from '../money/currencies.ts';
import { credit, recordTransaction } from '../money/ledger.ts';
import { notify } from '../notifications/notify.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

export interface StartDepositInput {
  userId: string;
  currency: string;
  amount: string;
  idempotencyKey?: string;
  now: Date;
}

/** Asks the gateway for payment instructions and records the pending deposit; answers its id. */
export async function startDeposit(db: Db, gateway: PaymentGateway, input: StartDepositInput): Promise<string> {
  // Our reference, shown to the customer as the payment memo.
  const reference = `HH${randomBytes(6).toString('hex').toUpperCase()}`;
  // Outside the database transaction: a slow gateway must not hold a connection. If the
  // insert then fails, the gateway merely holds instructions nobody will use.
  const deposit = await gateway.createDeposit(input.amount, input.currency, reference);
  return recordTransaction(db, {
    user_id: input.userId,
    type: 'deposit',
    status: 'pending',
    currency: input.currency,
    amount: input.amount,
    description_key: deposit.test_mode ? 'transaction.depositTest' : 'transaction.deposit',
    description_params: { reference, currency: input.currency },
    gateway_reference: deposit.reference,
    payment_instructions: deposit.instructions,
    test_mode: deposit.test_mode,
    idempotency_key: input.idempotencyKey ?? null,
    created_at: input.now,
  });
}

/** Credits a pending deposit; false when it was no longer pending (already done elsewhere). */
export async function completeDeposit(db: Db, depositId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const deposit = await trx
      .updateTable('transactions')
      .set({ status: 'completed', completed_at: now })
      .where('id', '=', depositId)
      .where('type', '=', 'deposit')
      .where('status', '=', 'pending')
      .returning(['id', 'user_id', 'currency', 'amount'])
      .executeTakeFirst();
    if (!deposit) return false;
    await credit(trx, {
      userId: deposit.user_id,
      currency: deposit.currency,
      amount: deposit.amount,
      transactionId: deposit.id,
    });
    await notify(trx, deposit.user_id, 'deposit_confirmed', {
      amount: formatAmount(deposit.amount),
      currency: deposit.currency,
    });
    return true;
  });
}

/** Closes a pending deposit without money: 'failed' (operator: never paid) or 'cancelled' (expired). */
export async function closeDeposit(
  db: Db,
  depositId: string,
  status: 'failed' | 'cancelled',
  reason: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('transactions')
    .set({ status, status_reason: reason })
    .where('id', '=', depositId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** POST /api/transactions/verify/: asks the gateway about each pending deposit of the user. */
export async function verifyDeposits(
  db: Db,
  gateway: PaymentGateway,
  userId: string,
  now: Date,
): Promise<{ completed: number; pending: number }> {
  const pending: Pick<TransactionRow, 'id' | 'gateway_reference'>[] = await db
    .selectFrom('transactions')
    .select(['id', 'gateway_reference'])
    .where('user_id', '=', userId)
    .where('type', '=', 'deposit')
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  let completed = 0;
  let stillPending = 0;
  for (const deposit of pending) {
    const status = deposit.gateway_reference ? await gateway.status(deposit.gateway_reference) : 'pending';
    if (status === 'paid') {
      if (await completeDeposit(db, deposit.id, now)) completed++;
    } else if (status === 'expired') {
      await closeDeposit(db, deposit.id, 'cancelled', null);
    } else {
      stillPending++;
    }
  }
  return { completed, pending: stillPending };
}

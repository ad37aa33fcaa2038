/**
 * Withdrawals: the amount plus the network fee is reserved (debited) the moment the
 * customer asks, and the request waits for the operator. Approving only marks it sent;
 * rejecting cancels it and returns the reserved money as a `refund` line. Both are
 * conditional updates of a pending withdrawal, so an approve and a reject racing for one
 * withdrawal cannot both happen.
 */
import { add, negate } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { currencyRules, formatAmount, type Currency } from '../money/currencies.ts';
import { credit, debit, recordTransaction } from '../money/ledger.ts';
import { notify } from '../notifications/notify.ts';

export interface RequestWithdrawalInput {
  userId: string;
  currency: Currency;
  amount: string;
  address: string;
  idempotencyKey?: string;
  now: Date;
}

/** The amount and everything it costs: what is reserved from the balance. */
export function withdrawalTotal(currency: Currency, amount: string): string {
  return add(amount, currencyRules[currency].withdrawalFee);
}

/** Records the pending withdrawal and reserves amount + fee; 400 when the balance cannot cover it. */
export async function requestWithdrawal(db: Db, input: RequestWithdrawalInput): Promise<string> {
  const fee = currencyRules[input.currency].withdrawalFee;
  const total = withdrawalTotal(input.currency, input.amount);
  return inTransaction(db, async (trx) => {
    const params = {
      amount: formatAmount(input.amount),
      fee: formatAmount(fee),
      total: formatAmount(total),
      currency: input.currency,
      address: input.address,
    };
    const id = await recordTransaction(trx, {
      user_id: input.userId,
      type: 'withdrawal',
      status: 'pending',
      currency: input.currency,
      amount: negate(input.amount),
      fee,
      description_key: 'transaction.withdrawal',
      description_params: params,
      address: input.address,
      idempotency_key: input.idempotencyKey ?? null,
      created_at: input.now,
    });
    await debit(trx, { userId: input.userId, currency: input.currency, amount: total, transactionId: id });
    await notify(trx, input.userId, 'withdrawal_requested', params);
    return id;
  });
}

async function pendingWithdrawal(trx: Db, id: string) {
  return trx
    .selectFrom('transactions')
    .select(['id', 'user_id', 'currency', 'amount', 'fee', 'address'])
    .where('id', '=', id)
    .where('type', '=', 'withdrawal')
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/** Marks a pending withdrawal sent; false when there is no such pending withdrawal. */
export async function approveWithdrawal(db: Db, id: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const withdrawal = await pendingWithdrawal(trx, id);
    if (!withdrawal) return false;
    await trx.updateTable('transactions').set({ status: 'completed', completed_at: now }).where('id', '=', id).execute();
    await notify(trx, withdrawal.user_id, 'withdrawal_approved', {
      amount: formatAmount(negate(withdrawal.amount)),
      currency: withdrawal.currency,
      address: withdrawal.address ?? '',
    });
    return true;
  });
}

/** Cancels a pending withdrawal and refunds amount + fee; false when there is no such pending withdrawal. */
export async function rejectWithdrawal(db: Db, id: string, reason: string | null, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const withdrawal = await pendingWithdrawal(trx, id);
    if (!withdrawal) return false;
    await trx
      .updateTable('transactions')
      .set({ status: 'cancelled', status_reason: reason })
      .where('id', '=', id)
      .execute();
    const amount = negate(withdrawal.amount);
    const total = add(amount, withdrawal.fee);
    const refundId = await recordTransaction(trx, {
      user_id: withdrawal.user_id,
      type: 'refund',
      status: 'completed',
      currency: withdrawal.currency,
      amount: total,
      description_key: 'transaction.refund',
      description_params: { withdrawal: withdrawal.id, total: formatAmount(total), currency: withdrawal.currency },
      related_transaction_id: withdrawal.id,
      created_at: now,
      completed_at: now,
    });
    await credit(trx, { userId: withdrawal.user_id, currency: withdrawal.currency, amount: total, transactionId: refundId });
    await notify(trx, withdrawal.user_id, 'withdrawal_rejected', {
      amount: formatAmount(amount),
      total: formatAmount(total),
      currency: withdrawal.currency,
      address: withdrawal.address ?? '',
      ...(reason ? { reason } : {}),
    });
    return true;
  });
}

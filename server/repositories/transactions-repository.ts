/** Reading a user's ledger lines, and their public shape (the Transaction contract). */
import type { Transaction, TransactionsQuery } from '../../contracts/transactions.ts';
import { dictionaries, type MessageKey, type Translate } from '../../src/i18n/index.ts';
import type { Db } from '../db/database.ts';
import type { TransactionRow } from '../db/mining-schema.ts';

type Filters = Omit<TransactionsQuery, 'limit' | 'offset'>;

function filtered(db: Db, userId: string, filters: Filters) {
  let query = db.selectFrom('transactions').where('user_id', '=', userId);
  if (filters.type) query = query.where('type', '=', filters.type);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.currency) query = query.where('currency', '=', filters.currency);
  return query;
}

/** A user's ledger, newest first, for paginate(). */
export function transactionsQuery(db: Db, userId: string, filters: Filters) {
  return filtered(db, userId, filters).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export function transactionsCount(db: Db, userId: string, filters: Filters) {
  return filtered(db, userId, filters).select((eb) => eb.fn.countAll<string>().as('count'));
}

export function findTransaction(db: Db, userId: string, id: string): Promise<TransactionRow | undefined> {
  return db.selectFrom('transactions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function findTransactionByKey(db: Db, userId: string, idempotencyKey: string) {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(dictionaries.en, key);

export function toTransaction(row: TransactionRow, t: Translate): Transaction {
  const params = row.description_params ?? {};
  return {
    id: Number(row.id),
    type: row.type,
    status: row.status,
    currency: row.currency,
    amount: row.amount,
    fee: row.fee,
    description: isMessageKey(row.description_key) ? t(row.description_key, params) : row.description_key,
    description_key: row.description_key,
    description_params: params,
    user_miner_id: row.user_miner_id === null ? null : Number(row.user_miner_id),
    miner_id: row.miner_id === null ? null : Number(row.miner_id),
    related_transaction_id: row.related_transaction_id === null ? null : Number(row.related_transaction_id),
    address: row.address,
    payment_instructions: row.payment_instructions,
    test_mode: row.test_mode,
    status_reason: row.status_reason,
    earning_date: row.earning_date,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

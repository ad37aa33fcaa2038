/**
 * Kysely's view of the mining tables (migrations/0003-mining.ts holds the DDL and the
 * invariants). NUMERIC columns are decimal strings; `date` columns are 'YYYY-MM-DD'
 * strings on both drivers (database.ts).
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { BigIntId, HashUnit, Numeric, Timestamp } from './schema.ts';

/** A `date` column: 'YYYY-MM-DD'. */
export type DateString = ColumnType<string, string, string>;
/** A jsonb column read as a value and written as JSON text or a value. */
export type Json<T> = ColumnType<T, T | string, T | string>;
/** A created-at style column: filled by the database unless given. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export const ownershipTypes = ['rent', 'own'] as const;
export type OwnershipType = (typeof ownershipTypes)[number];

export const userMinerStatuses = ['active', 'paused', 'ended'] as const;
export type UserMinerStatus = (typeof userMinerStatuses)[number];

export const transactionTypes = [
  'deposit',
  'withdrawal',
  'purchase',
  'rent',
  'earning',
  'fee',
  'referral_commission',
  'refund',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactionStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export interface PaymentInstructions {
  address: string;
  amount: string;
  currency: string;
  memo: string;
  expires_at: string;
}

export type DescriptionParams = Record<string, string | number>;

export interface BalancesTable {
  user_id: BigIntId;
  currency: string;
  amount: Numeric;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UserMinersTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  miner_id: BigIntId;
  ownership_type: OwnershipType;
  status: ColumnType<UserMinerStatus, UserMinerStatus | undefined, UserMinerStatus>;
  is_active: GeneratedAlways<boolean>;
  price_paid: Numeric;
  currency: ColumnType<string, string | undefined, never>;
  rent_days: number | null;
  rent_price_per_day: Numeric | null;
  maintenance_fee_per_day: Numeric;
  hashrate: Numeric;
  hashrate_unit: HashUnit;
  coin: string;
  started_at: Timestamp;
  ends_at: Timestamp | null;
  ended_at: Timestamp | null;
  paused_at: Timestamp | null;
  low_margin_warned_at: Timestamp | null;
  ending_notified_at: Timestamp | null;
  idempotency_key: string;
  created_at: CreatedAt;
}

export interface EarningDaysTable {
  user_miner_id: BigIntId;
  day: DateString;
  outcome: 'credited' | 'paused';
  active_seconds: number;
  gross: Numeric;
  fee: Numeric;
  revenue_per_unit_day: Numeric;
  coin_price_usd: Numeric;
  created_at: CreatedAt;
}

export interface TransactionsTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  type: TransactionType;
  status: TransactionStatus;
  currency: string;
  amount: Numeric;
  fee: ColumnType<string, string | undefined, string>;
  description_key: string;
  description_params: Json<DescriptionParams>;
  user_miner_id: BigIntId | null;
  miner_id: BigIntId | null;
  related_transaction_id: BigIntId | null;
  referred_user_id: BigIntId | null;
  address: string | null;
  gateway_reference: string | null;
  payment_instructions: Json<PaymentInstructions> | null;
  test_mode: boolean | null;
  status_reason: string | null;
  earning_date: DateString | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  completed_at: Timestamp | null;
  idempotency_key: string | null;
}

export interface LedgerEntriesTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  currency: string;
  amount: Numeric;
  transaction_id: BigIntId;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  kind: string;
  title: string;
  body: string;
  is_read: Generated<boolean>;
  date_created: CreatedAt;
  creator_id: BigIntId | null;
  /** Null while its push waits (migrations/0004-notifications.ts). */
  pushed_at: Timestamp | null;
}

export interface MiningDatabase {
  balances: BalancesTable;
  user_miners: UserMinersTable;
  earning_days: EarningDaysTable;
  transactions: TransactionsTable;
  ledger_entries: LedgerEntriesTable;
  notifications: NotificationsTable;
}

export type UserMinerRow = Selectable<UserMinersTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransaction = Insertable<TransactionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

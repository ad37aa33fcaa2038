/**
 * Kysely's view of the tables (see migrations/ for the DDL, constraints and indexes).
 * bigint and NUMERIC columns are read as strings by both drivers (database.ts): ids can
 * outgrow 2^53 and money must never become a float.
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { Locale } from '../../src/i18n/locales.ts';
import type { DevicesDatabase } from './devices-schema.ts';
import type { MiningDatabase } from './mining-schema.ts';

/** A NUMERIC value: read and written as a decimal string ("1234.50000000"). */
export type Numeric = ColumnType<string, string, string>;
/** A bigint id: read as a string; numbers are accepted when writing. */
export type BigIntId = ColumnType<string, string | number | bigint, string | number | bigint>;
/** timestamptz: read as a Date; written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export const hashUnits = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s'] as const;
export type HashUnit = (typeof hashUnits)[number];

export const acquisitions = ['rent', 'buy', 'both'] as const;
export type Acquisition = (typeof acquisitions)[number];

export interface UsersTable {
  id: GeneratedAlways<string>;
  username: string;
  /** Null for a Telegram account without one, and for deleted accounts. */
  email: string | null;
  /** Null: no password (Telegram accounts, deleted accounts). */
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  language: ColumnType<Locale, Locale | undefined, Locale>;
  is_verified: Generated<boolean>;
  unread_message_count: Generated<number>;
  referral_code: string;
  referred_by: BigIntId | null;
  date_joined: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: Timestamp | null;
  /** A new address waiting for its emailed code (POST /api/users/{id}/verify_email/). */
  pending_email: string | null;
  telegram_id: BigIntId | null;
  /** Encrypted (auth/secret-box.ts); not null means two-factor is on. */
  totp_secret: string | null;
  /** Encrypted; set by enable_totp until verify_totp confirms it. */
  totp_pending_secret: string | null;
  totp_last_step: BigIntId | null;
}

export interface AuthTokensTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  /** sha256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  user_agent: string | null;
  ip: string | null;
  revoked_at: Timestamp | null;
}

export interface CoinsTable {
  symbol: string;
  name: string;
  price_usd: Numeric;
  hash_unit: HashUnit;
  revenue_per_unit_day: Numeric;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MinersTable {
  id: GeneratedAlways<string>;
  name: string;
  model: string;
  image: string;
  algorithm: string;
  coin: string;
  hashrate: Numeric;
  hashrate_unit: HashUnit;
  power_w: number;
  efficiency_j_per_th: Numeric | null;
  acquisition: Acquisition;
  rent_price_per_day: Numeric | null;
  rent_terms: number[] | null;
  purchase_price: Numeric | null;
  maintenance_fee_per_day: Numeric;
  stock: Generated<number>;
  is_on_sale: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export const codePurposes = ['signup', 'login', 'password_reset', 'email_change'] as const;
export type CodePurpose = (typeof codePurposes)[number];

export interface OneTimeCodesTable {
  id: GeneratedAlways<string>;
  purpose: CodePurpose;
  /** Lowercased. */
  email: string;
  user_id: BigIntId | null;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface TwoFactorChallengesTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  challenge_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface RecoveryCodesTable {
  id: GeneratedAlways<string>;
  user_id: BigIntId;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  expires_at: Timestamp;
  count: number;
}

export interface ServerSettingsTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface Database extends MiningDatabase, DevicesDatabase {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  coins: CoinsTable;
  miners: MinersTable;
  one_time_codes: OneTimeCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  recovery_codes: RecoveryCodesTable;
  rate_limits: RateLimitsTable;
  server_settings: ServerSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CoinRow = Selectable<CoinsTable>;
export type NewCoin = Insertable<CoinsTable>;
export type MinerRow = Selectable<MinersTable>;
export type NewMiner = Insertable<MinersTable>;

/**
 * Buying and renting miners, and the money screens' data. Creating a user-miner marks
 * User stale (spec §4) and, with it, everything its price or earnings show up in;
 * creating a transaction invalidates the transactions list (spec §4).
 */
import { atom } from 'nanostores';
import type { Miner } from '../../contracts/miners.ts';
import { api } from './api.ts';
import { createFetcherStore, invalidateTags } from './fetcher.ts';

export type OwnershipType = 'rent' | 'own';

export interface UserMiner {
  id: number;
  miner: { id: number; name: string; model: string; image: string; coin: string; hashrate: string; hashrate_unit: string };
  ownership_type: OwnershipType;
  status: 'active' | 'paused' | 'ended';
  is_active: boolean;
  price_paid: string;
  currency: string;
  rent_days: number | null;
  rent_price_per_day: string | null;
  maintenance_fee_per_day: string;
  hashrate: string;
  hashrate_unit: string;
  coin: string;
  started_at: string;
  ends_at: string | null;
  earnings: { gross: string; fees: string; net: string };
  last_earning_date: string | null;
}

/** The id of the {id} screens, read from the URL on the client. */
export const $minerId = atom<string | null>(null);
export const $miner = createFetcherStore<Miner>(['/api/miners/', $minerId, '/']);

export interface AcquireMiner {
  miner: number;
  ownership_type: OwnershipType;
  rent_days?: number;
  /** One key per confirmed intent, so a double click or a retry never charges twice. */
  idempotency_key: string;
}

export async function acquireMiner(input: AcquireMiner): Promise<UserMiner> {
  const userMiner = await api<UserMiner>('/api/user-miners/', { method: 'POST', body: input });
  invalidateTags('User', 'UserMiners', 'Transactions', 'Wallet', 'Dashboard', 'Miners');
  return userMiner;
}

export interface Balance {
  currency: string;
  amount: string;
  reserved: string;
}

export interface WithdrawalRule {
  currency: string;
  minimum: string;
  fee: string;
  decimals: number;
  address_hint: string;
}

export interface Wallet {
  balances: Balance[];
  deposit: { currencies: string[]; test_mode: boolean };
  withdrawal: { rules: WithdrawalRule[] };
}

export const $wallet = createFetcherStore<Wallet>(['/api/wallet/']);

export interface Transaction {
  id: number;
  type: 'deposit' | 'withdrawal' | 'purchase' | 'rent' | 'earning' | 'fee' | 'referral_commission' | 'refund';
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  currency: string;
  amount: string;
  fee: string;
  description: string;
  address: string | null;
  payment_instructions: { address: string; amount: string; currency: string; memo: string; expires_at: string } | null;
  test_mode?: boolean;
  earning_date: string | null;
  created_at: string;
  completed_at: string | null;
}

async function createTransaction(body: Record<string, unknown>): Promise<Transaction> {
  const transaction = await api<Transaction>('/api/transactions/', { method: 'POST', body });
  invalidateTags('Transactions', 'Wallet', 'Dashboard');
  return transaction;
}

export const createDeposit = (currency: string, amount: string) => createTransaction({ type: 'deposit', currency, amount });

export const createWithdrawal = (input: { currency: string; amount: string; address: string; code?: string }) =>
  createTransaction({ type: 'withdrawal', ...input });

export async function verifyDeposits(): Promise<{ completed: number; pending: number }> {
  const result = await api<{ completed: number; pending: number }>('/api/transactions/verify/', { method: 'POST' });
  if (result.completed > 0) invalidateTags('Transactions', 'Wallet', 'Dashboard', 'User');
  return result;
}

export interface ReferralInfo {
  code: string;
  link: string;
  rate: string;
  referred_count: number;
  active_referred_count: number;
  totals: { currency: string; amount: string }[];
}
export const $referralInfo = createFetcherStore<ReferralInfo>(['/api/referral_info/']);

export interface Referral {
  id: number;
  username: string;
  date_joined: string;
  total_spent: string;
  commission_earned: string;
}

export interface Dashboard {
  balances: Balance[];
  total_hashrate: { unit: string; amount: string }[];
  active_miners: number;
  earnings_today: { currency: string; net: string }[];
  earnings_30d: { currency: string; net: string; usd: string }[];
  daily: { date: string; usd: string; by_currency: { currency: string; net: string }[] }[];
  assumptions: { symbol: string; price_usd: string }[];
}
export const $dashboard = createFetcherStore<Dashboard>(['/api/dashboard/']);

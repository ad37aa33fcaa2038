/**
 * Buying and renting miners, and the money screens' data. Creating a user-miner marks
 * User stale (spec §4) and, with it, everything its price or earnings show up in;
 * creating a transaction invalidates the transactions list (spec §4).
 */
import { atom } from 'nanostores';
import type { Dashboard } from '../../contracts/dashboard.ts';
import type { Miner } from '../../contracts/miners.ts';
import type { ReferralInfo } from '../../contracts/referrals.ts';
import type { Transaction, VerifyDepositsResult } from '../../contracts/transactions.ts';
import type { CreateUserMinerRequest, UserMiner } from '../../contracts/user-miners.ts';
import type { Wallet } from '../../contracts/wallet.ts';
import { api } from './api.ts';
import { createFetcherStore, invalidateTags } from './fetcher.ts';

/** The id of the {id} screens, read from the URL on the client. */
export const $minerId = atom<string | null>(null);
export const $miner = createFetcherStore<Miner>(['/api/miners/', $minerId, '/']);

/** The idempotency key is one per confirmed intent, so a double click or a retry never charges twice. */
export async function acquireMiner(input: CreateUserMinerRequest): Promise<UserMiner> {
  const userMiner = await api<UserMiner>('/api/user-miners/', { method: 'POST', body: input });
  invalidateTags('User', 'UserMiners', 'Transactions', 'Wallet', 'Dashboard', 'Miners');
  return userMiner;
}

export const $wallet = createFetcherStore<Wallet>(['/api/wallet/']);

async function createTransaction(body: Record<string, unknown>): Promise<Transaction> {
  const transaction = await api<Transaction>('/api/transactions/', { method: 'POST', body });
  invalidateTags('Transactions', 'Wallet', 'Dashboard');
  return transaction;
}

export const createDeposit = (currency: string, amount: string) => createTransaction({ type: 'deposit', currency, amount });

export const createWithdrawal = (input: { currency: string; amount: string; address: string; code?: string }) =>
  createTransaction({ type: 'withdrawal', ...input });

export async function verifyDeposits(): Promise<VerifyDepositsResult> {
  const result = await api<VerifyDepositsResult>('/api/transactions/verify/', { method: 'POST' });
  if (result.completed > 0) invalidateTags('Transactions', 'Wallet', 'Dashboard', 'User');
  return result;
}

export const $referralInfo = createFetcherStore<ReferralInfo>(['/api/referral_info/']);

export const $dashboard = createFetcherStore<Dashboard>(['/api/dashboard/']);

export type { Dashboard, ReferralInfo, Transaction, UserMiner, Wallet };
export type { Referral } from '../../contracts/referrals.ts';
export type { OwnershipType } from '../../contracts/user-miners.ts';

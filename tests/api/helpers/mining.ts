/**
 * Customers, money and checks for the mining tests. Customers are inserted directly
 * with a session token (registration is the accounts suite's business, and slow); money
 * arrives as a real deposit completed through the same code the gateway uses, so the
 * ledger stays whole.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { generateToken } from '../../../server/auth/tokens.ts';
import { recordTransaction } from '../../../server/money/ledger.ts';
import { createSession } from '../../../server/repositories/auth-tokens-repository.ts';
import { completeDeposit } from '../../../server/services/deposits.ts';
import type { Locale } from '../../../src/i18n/locales.ts';
import { useTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { insertUser } from './fixtures.ts';

export interface Customer {
  id: string;
  username: string;
  headers: { authorization: string };
}

/** A new signed-in customer, optionally referred by another one. */
export async function newCustomer(
  t: TestApp,
  prefix: string,
  options: { referredBy?: Customer; language?: Locale } = {},
): Promise<Customer> {
  const username = `${prefix}_${randomBytes(4).toString('hex')}`.slice(0, 32);
  const { id } = await insertUser(t.db, {
    username,
    is_verified: true,
    language: options.language ?? 'en',
    referred_by: options.referredBy?.id ?? null,
  });
  const { token, hash } = generateToken();
  await createSession(t.db, { userId: String(id), tokenHash: hash, ttlDays: 7, userAgent: 'vitest', ip: '127.0.0.1' });
  return { id: String(id), username, headers: { authorization: `Bearer ${token}` } };
}

/** Credits `amount` `currency` to the customer as a completed deposit. */
export async function fund(t: TestApp, customer: Customer, currency: string, amount: string): Promise<void> {
  const id = await recordTransaction(t.db, {
    user_id: customer.id,
    type: 'deposit',
    status: 'pending',
    currency,
    amount,
    description_key: 'transaction.deposit',
    description_params: { reference: 'TEST', currency },
    gateway_reference: `test-${randomUUID()}`,
  });
  if (!(await completeDeposit(t.db, id, t.clock.now()))) throw new Error('deposit not completed');
}

export async function balance(t: TestApp, customer: Customer, currency: string): Promise<string> {
  const row = await t.db
    .selectFrom('balances')
    .select('amount')
    .where('user_id', '=', customer.id)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.amount ?? '0.00000000';
}

export async function minerId(db: Db, model: string): Promise<number> {
  return Number((await db.selectFrom('miners').select('id').where('model', '=', model).executeTakeFirstOrThrow()).id);
}

export async function stockOf(db: Db, model: string): Promise<number> {
  return (await db.selectFrom('miners').select('stock').where('model', '=', model).executeTakeFirstOrThrow()).stock;
}

/** The purchase lines in a customer's ledger: one per order that went through. */
export async function purchasesOf(db: Db, customer: Customer): Promise<number> {
  const rows = await db.selectFrom('transactions').select('id').where('user_id', '=', customer.id).where('type', '=', 'purchase').execute();
  return rows.length;
}

export async function notificationsOf(db: Db, customer: Customer) {
  return db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body'])
    .where('user_id', '=', customer.id)
    .orderBy('id')
    .execute();
}

export const key = () => randomUUID();

/**
 * The ledger's invariants, over the whole database: every balance equals the sum of its
 * entries (and every entry's account has a balance row), and every ledger line moved
 * exactly the money its type and status say it did.
 */
export async function assertLedgerMatchesBalances(db: Db): Promise<void> {
  const mismatched = await sql<{ user_id: string; currency: string; balance: string | null; entries: string | null }>`
    select coalesce(b.user_id, e.user_id) as user_id, coalesce(b.currency, e.currency) as currency,
           b.amount as balance, e.total as entries
    from balances b
    full outer join (
      select user_id, currency, sum(amount) as total from ledger_entries group by user_id, currency
    ) e on e.user_id = b.user_id and e.currency = b.currency
    where b.amount is distinct from coalesce(e.total, 0) or b.amount is null
  `.execute(db);
  expect(mismatched.rows, 'balances that differ from the sum of their ledger entries').toEqual([]);

  const wrongMovements = await sql<{ id: string; type: string; status: string; expected: string; moved: string }>`
    select t.id, t.type, t.status, x.expected, coalesce(m.moved, 0) as moved
    from transactions t
    cross join lateral (
      select case
        when t.type = 'withdrawal' then t.amount - t.fee
        when t.status = 'completed' then t.amount
        else 0
      end as expected
    ) x
    left join (select transaction_id, sum(amount) as moved from ledger_entries group by transaction_id) m
      on m.transaction_id = t.id
    where x.expected <> coalesce(m.moved, 0)
  `.execute(db);
  expect(wrongMovements.rows, 'ledger lines whose entries do not move their amount').toEqual([]);

  const negative = await db.selectFrom('balances').select(['user_id', 'currency', 'amount']).where('amount', '<', '0').execute();
  expect(negative, 'negative balances').toEqual([]);
}

/** The test file's app (helpers/test-app.ts useTestApp), with the books checked after every test. */
export function useMiningTestApp(options: TestAppOptions = {}): TestApp {
  return useTestApp(options, (t) => assertLedgerMatchesBalances(t.db));
}

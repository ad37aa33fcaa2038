/** What the database itself guarantees about money, whatever the code above it does. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TransactionList } from '../../contracts/transactions.ts';
import type { UserMinerList } from '../../contracts/user-miners.ts';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { HISTORY_DAYS, seedDemoHistory } from '../../server/db/seed-history.ts';
import { runEarnings } from '../../server/jobs/earnings.ts';
import { addDays, utcDate } from '../../server/lib/utc-days.ts';
import {
  fund,
  key,
  minerId,
  newCustomer,
  useMiningTestApp,
} from './helpers/mining.ts';

const t = useMiningTestApp();

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as Error);

describe('the database', () => {
  it('keeps ledger entries immutable', async () => {
    const customer = await newCustomer(t, 'immutable');
    await fund(t, customer, 'USDT', '10');
    const entry = await t.db.selectFrom('ledger_entries').select('id').where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(await failure(t.db.updateTable('ledger_entries').set({ amount: '1000' }).where('id', '=', entry.id).execute())).toBeInstanceOf(Error);
    expect(await failure(t.db.deleteFrom('ledger_entries').where('id', '=', entry.id).execute())).toBeInstanceOf(Error);
  });

  it('never lets a balance go below zero', async () => {
    const customer = await newCustomer(t, 'negative');
    await fund(t, customer, 'USDT', '10');
    const error = await failure(
      t.db.updateTable('balances').set({ amount: sql`amount - 11` }).where('user_id', '=', customer.id).execute(),
    );
    expect((error as { code?: string }).code).toBe('23514');
  });

  it('refuses a second earning line for the same miner and day', async () => {
    const customer = await newCustomer(t, 'dup');
    await fund(t, customer, 'USDT', '4000');
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/user-miners/',
      headers: customer.headers,
      payload: { miner: await minerId(t.db, 'S21 200T'), ownership_type: 'own', idempotency_key: key() },
    });
    const userMinerId = String(bought.json<{ id: number }>().id);
    await t.db.updateTable('user_miners').set({ started_at: new Date('2026-01-01T00:00:00Z') }).where('id', '=', userMinerId).execute();
    await runEarnings(t.db, { date: '2026-01-02', now: new Date('2026-01-03T00:00:00Z') });
    const duplicate = failure(
      t.db
        .insertInto('transactions')
        .values({
          user_id: customer.id,
          type: 'earning',
          status: 'completed',
          currency: 'BTC',
          amount: '0.0001',
          description_key: 'transaction.earning',
          description_params: '{}',
          user_miner_id: userMinerId,
          earning_date: '2026-01-02',
          completed_at: new Date(),
        })
        .execute(),
    );
    expect(isUniqueViolation(await duplicate)).toBe(true);
  });

  it('refuses a ledger entry that moves another user’s or another currency’s money', async () => {
    const a = await newCustomer(t, 'owner');
    const b = await newCustomer(t, 'thief');
    await fund(t, a, 'USDT', '10');
    const line = await t.db.selectFrom('transactions').select('id').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    const other = failure(
      t.db.insertInto('ledger_entries').values({ user_id: b.id, currency: 'USDT', amount: '10', transaction_id: line.id }).execute(),
    );
    expect((await other as { code?: string }).code).toBe('23503');
    const currency = failure(
      t.db.insertInto('ledger_entries').values({ user_id: a.id, currency: 'BTC', amount: '10', transaction_id: line.id }).execute(),
    );
    expect((await currency as { code?: string }).code).toBe('23503');
  });

  it('refuses lines whose sign contradicts their type', async () => {
    const customer = await newCustomer(t, 'signs');
    const line = (type: 'deposit' | 'fee', amount: string) =>
      failure(
        t.db
          .insertInto('transactions')
          .values({
            user_id: customer.id,
            type,
            status: type === 'deposit' ? 'pending' : 'completed',
            currency: 'USDT',
            amount,
            description_key: 'transaction.deposit',
            description_params: '{}',
            completed_at: type === 'deposit' ? null : new Date(),
          })
          .execute(),
      );
    expect((await line('deposit', '-5') as { code?: string }).code).toBe('23514');
  });
});

describe('the demo history', () => {
  it('gives the demo account deposits, two miners, two weeks of earnings, withdrawals and a referral, once', async () => {
    const now = t.clock.now();
    expect(await seedDemoHistory(t.db, now)).toBe(true);
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          (['transactions', 'ledger_entries', 'user_miners', 'earning_days', 'notifications', 'users'] as const).map(
            async (table) =>
              [
                table,
                Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
              ] as const,
          ),
        ),
      );
    const before = await counts();
    expect(await seedDemoHistory(t.db, now)).toBe(false);
    expect(await counts()).toEqual(before);

    const demo = await t.signIn();
    const miners = (
      await t.app.inject({ method: 'GET', url: '/api/user-miners/', headers: demo.headers })
    ).json<UserMinerList>();
    expect(miners.results.map((m) => [m.ownership_type, m.miner.model, m.status])).toEqual([
      ['rent', 'KS5 Pro 21T', 'active'],
      ['own', 'S21 Pro 234T', 'active'],
    ]);
    expect(miners.results.every((m) => m.last_earning_date === addDays(utcDate(now), -1))).toBe(true);
    const earnings = (
      await t.app.inject({ method: 'GET', url: '/api/transactions/?type=earning&limit=100', headers: demo.headers })
    ).json<TransactionList>();
    expect(earnings.count).toBe(2 * HISTORY_DAYS);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/transactions/?limit=100', headers: demo.headers })
    ).json<TransactionList>();
    const types = new Set(all.results.map((line) => `${line.type}:${line.status}`));
    for (const expected of [
      'deposit:completed',
      'purchase:completed',
      'rent:completed',
      'earning:completed',
      'fee:completed',
      'referral_commission:completed',
      'withdrawal:completed',
      'withdrawal:pending',
    ]) {
      expect(types, expected).toContain(expected);
    }
  });
});

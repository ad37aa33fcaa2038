import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../contracts/dashboard.ts';
import type { TransactionList } from '../../contracts/transactions.ts';
import type { UserMiner } from '../../contracts/user-miners.ts';
import { endDueRents, notifyRentsEndingSoon, runEarnings, runEarningsJob } from '../../server/jobs/earnings.ts';
import { addDays, utcDate } from '../../server/lib/utc-days.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import {
  balance,
  fund,
  key,
  minerId,
  newCustomer,
  notificationsOf,
  stockOf,
  type Customer,
  useMiningTestApp,
} from './helpers/mining.ts';

const en = useTranslations('en');

const t = useMiningTestApp();

const get = (customer: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: customer.headers });

/** Buys or rents `model` and moves its start to `startedAt` (a rent keeps its term). */
async function acquire(
  customer: Customer,
  model: string,
  startedAt: string,
  rentDays?: number,
): Promise<{ id: number; userMiner: UserMiner }> {
  await fund(t, customer, 'USDT', '10000');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user-miners/',
    headers: customer.headers,
    payload: {
      miner: await minerId(t.db, model),
      ownership_type: rentDays ? 'rent' : 'own',
      ...(rentDays ? { rent_days: rentDays } : {}),
      idempotency_key: key(),
    },
  });
  expect(response.statusCode).toBe(201);
  const id = response.json<UserMiner>().id;
  const start = new Date(startedAt);
  await t.db
    .updateTable('user_miners')
    .set({ started_at: start, ends_at: rentDays ? new Date(start.getTime() + rentDays * 86_400_000) : null })
    .where('id', '=', String(id))
    .execute();
  return { id, userMiner: response.json<UserMiner>() };
}

const afterDay = (date: string) => new Date(`${addDays(date, 1)}T00:05:00Z`);
const settle = (date: string) => runEarnings(t.db, { date, now: afterDay(date) });

async function linesOf(customer: Customer, userMinerId: number) {
  const page = (await get(customer, '/api/transactions/?limit=100')).json<TransactionList>();
  return page.results
    .filter((line) => line.user_miner_id === userMinerId && (line.type === 'earning' || line.type === 'fee'))
    .map((line) => ({ type: line.type, date: line.earning_date, amount: line.amount, currency: line.currency }))
    .reverse();
}

async function setPrice(symbol: string, price: string): Promise<void> {
  await t.db.updateTable('coins').set({ price_usd: price }).where('symbol', '=', symbol).execute();
}

describe('the earnings job', () => {
  it('credits a full day: gross output, then the maintenance fee converted at the coin price, to 8 decimals', async () => {
    const customer = await newCustomer(t, 'miner');
    const { id } = await acquire(customer, 'S21 200T', '2026-01-01T00:00:00Z');
    await settle('2026-01-05');
    // 200 TH/s x 0.0000005 BTC = 0.0001 BTC; 5.02 USDT / 96,500 = 0.0000520207... -> 0.00005202 BTC.
    expect(await linesOf(customer, id)).toEqual([
      { type: 'earning', date: '2026-01-05', amount: '0.00010000', currency: 'BTC' },
      { type: 'fee', date: '2026-01-05', amount: '-0.00005202', currency: 'BTC' },
    ]);
    expect(await balance(t, customer, 'BTC')).toBe('0.00004798');

    const lines = (await get(customer, '/api/transactions/?currency=BTC')).json<TransactionList>().results;
    const earning = lines.find((line) => line.type === 'earning')!;
    expect(earning.description).toBe(
      en('transaction.earning', {
        miner: 'Antminer S21',
        date: '2026-01-05',
        hashrate: '200.00',
        unit: 'TH/s',
        hours: '24',
        revenue: '0.0000005',
        coin: 'BTC',
      }),
    );
    const fee = lines.find((line) => line.type === 'fee')!;
    expect(fee.description_params).toMatchObject({ fee_usdt: '5.02', price: '96500.00', hours: '24' });

    const userMiner = (await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>();
    expect(userMiner.earnings).toEqual({ gross: '0.00010000', fees: '0.00005202', net: '0.00004798' });
    expect(userMiner.last_earning_date).toBe('2026-01-05');
  });

  it('prorates the first day by the seconds the miner ran', async () => {
    const customer = await newCustomer(t, 'prorated');
    const { id } = await acquire(customer, 'S21 200T', '2026-01-06T06:00:00Z');
    await settle('2026-01-06');
    // 18 of 24 hours: 0.000075 BTC; fee 5.02 x 0.75 / 96,500 = 0.0000390155... -> 0.00003902.
    expect(await linesOf(customer, id)).toEqual([
      { type: 'earning', date: '2026-01-06', amount: '0.00007500', currency: 'BTC' },
      { type: 'fee', date: '2026-01-06', amount: '-0.00003902', currency: 'BTC' },
    ]);
    // Nothing for a day before it started.
    await settle('2026-01-05');
    expect(await linesOf(customer, id)).toHaveLength(2);
  });

  it('credits each miner once per day, even when two runs race and when it is run again', async () => {
    const customer = await newCustomer(t, 'twice');
    const { id } = await acquire(customer, 'M60S 186T', '2026-01-01T00:00:00Z');
    const [first, second] = await Promise.all([settle('2026-01-07'), settle('2026-01-07')]);
    expect(first.credited + second.credited).toBeGreaterThanOrEqual(1);
    await Promise.all([settle('2026-01-07'), settle('2026-01-07'), settle('2026-01-07')]);
    const again = await settle('2026-01-07');
    expect(again).toEqual({ date: '2026-01-07', credited: 0, paused: 0 });
    const lines = await linesOf(customer, id);
    expect(lines.map((line) => line.type)).toEqual(['earning', 'fee']);
    // 186 x 0.0000005 = 0.000093; 4.94 / 96,500 = 0.0000511917... -> 0.00005119.
    expect(await balance(t, customer, 'BTC')).toBe('0.00004181');
    const days = await t.db.selectFrom('earning_days').selectAll().where('user_miner_id', '=', String(id)).execute();
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ outcome: 'credited', active_seconds: 86400, coin_price_usd: '96500.00000000' });
  });

  it('refuses to credit a day that has not ended', async () => {
    const today = utcDate(new Date());
    await expect(runEarnings(t.db, { date: today, now: new Date() })).rejects.toThrow(/not ended/);
  });

  it('pauses a miner whose output does not cover its fee, tells the customer, and resumes it by itself', async () => {
    const customer = await newCustomer(t, 'paused');
    const { id } = await acquire(customer, 'KS5 Pro 21T', '2026-02-01T00:00:00Z');
    try {
      // 21 TH/s x 2.2 = 46.2 KAS a day; at $0.05 the 4.56 USDT fee is 91.2 KAS.
      await setPrice('KAS', '0.05');
      await settle('2026-02-02');
      expect(await linesOf(customer, id)).toEqual([]);
      expect((await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>()).toMatchObject({
        status: 'paused',
        is_active: true,
      });
      const paused = (await notificationsOf(t.db, customer)).filter((n) => n.kind === 'earnings_paused');
      expect(paused).toEqual([
        {
          kind: 'earnings_paused',
          title: en('notification.earnings_paused.title'),
          body: en('notification.earnings_paused.body', {
            miner: 'IceRiver KS5 Pro',
            date: '2026-02-02',
            coin: 'KAS',
            gross: '46.20',
            fee: '91.20',
          }),
        },
      ]);
      // Still not covered the next day: paused, but not told twice.
      await settle('2026-02-03');
      expect((await notificationsOf(t.db, customer)).filter((n) => n.kind === 'earnings_paused')).toHaveLength(1);

      // The price recovers: the next day is credited and the miner is active again.
      await setPrice('KAS', '0.11');
      await settle('2026-02-04');
      // 4.56 / 0.11 = 41.454545... -> 41.45454545 KAS.
      expect(await linesOf(customer, id)).toEqual([
        { type: 'earning', date: '2026-02-04', amount: '46.20000000', currency: 'KAS' },
        { type: 'fee', date: '2026-02-04', amount: '-41.45454545', currency: 'KAS' },
      ]);
      expect((await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>().status).toBe('active');
      expect(await balance(t, customer, 'KAS')).toBe('4.74545455');
    } finally {
      await setPrice('KAS', '0.11');
    }
  });

  it('warns once a week when the margin is under 10% of the output, before anything is paused', async () => {
    const customer = await newCustomer(t, 'thin');
    const { id } = await acquire(customer, 'KS5 Pro 21T', '2026-03-01T00:00:00Z');
    try {
      // At $0.10 the fee is 45.6 KAS of 46.2: a 1.3% margin.
      await setPrice('KAS', '0.10');
      for (let day = 2; day <= 10; day++) await settle(`2026-03-${String(day).padStart(2, '0')}`);
      const warnings = (await notificationsOf(t.db, customer)).filter((n) => n.kind === 'earnings_low');
      // 2 March, then again a week later (9 March), not every day.
      expect(warnings).toHaveLength(2);
      expect(warnings[0]!.body).toBe(
        en('notification.earnings_low.body', {
          miner: 'IceRiver KS5 Pro',
          date: '2026-03-02',
          coin: 'KAS',
          gross: '46.20',
          fee: '45.60',
          margin: '1.3',
        }),
      );
      expect((await linesOf(customer, id)).filter((line) => line.type === 'earning')).toHaveLength(9);
      expect((await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>().status).toBe('active');
    } finally {
      await setPrice('KAS', '0.11');
    }
  });

  it('ends a rent on time: last day prorated, stock back, customer told 3 days before and at the end', async () => {
    const customer = await newCustomer(t, 'renter');
    const { id } = await acquire(customer, 'L7 9.5G', '2026-04-01T12:00:00Z', 30);
    const stock = await stockOf(t.db, 'L7 9.5G');

    // Three days before the end, once.
    expect(await notifyRentsEndingSoon(t.db, new Date('2026-04-27T12:00:00Z'))).toBeGreaterThanOrEqual(0);
    expect((await notificationsOf(t.db, customer)).filter((n) => n.kind === 'rent_ending_soon')).toHaveLength(0);
    expect(await notifyRentsEndingSoon(t.db, new Date('2026-04-28T13:00:00Z'))).toBeGreaterThanOrEqual(1);
    await notifyRentsEndingSoon(t.db, new Date('2026-04-29T13:00:00Z'));
    const soon = (await notificationsOf(t.db, customer)).filter((n) => n.kind === 'rent_ending_soon');
    expect(soon).toEqual([
      {
        kind: 'rent_ending_soon',
        title: en('notification.rent_ending_soon.title'),
        body: en('notification.rent_ending_soon.body', { miner: 'Antminer L7', ends_at: '2026-05-01 12:00 UTC' }),
      },
    ]);

    // Before the end nothing ends; after it, the rent ends at its scheduled time.
    await endDueRents(t.db, new Date('2026-05-01T11:59:00Z'));
    expect((await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>().status).toBe('active');
    await endDueRents(t.db, new Date('2026-05-01T12:30:00Z'));
    const ended = (await get(customer, `/api/user-miners/${id}/`)).json<UserMiner>();
    expect(ended).toMatchObject({ status: 'ended', is_active: false, ended_at: '2026-05-01T12:00:00.000Z' });
    expect(await stockOf(t.db, 'L7 9.5G')).toBe(stock + 1);
    expect((await notificationsOf(t.db, customer)).filter((n) => n.kind === 'rent_ended')).toHaveLength(1);
    await endDueRents(t.db, new Date('2026-05-02T00:00:00Z'));
    expect(await stockOf(t.db, 'L7 9.5G')).toBe(stock + 1);

    // The first and last days are half days; nothing after the end.
    await settle('2026-04-01');
    await settle('2026-05-01');
    await settle('2026-05-02');
    const lines = await linesOf(customer, id);
    // 9.5 GH/s x 0.0062 = 0.0589 LTC a day: half is 0.02945; fee 4.92 / 2 / 88.5 = 0.0277966... -> 0.02779661.
    expect(lines).toEqual([
      { type: 'earning', date: '2026-04-01', amount: '0.02945000', currency: 'LTC' },
      { type: 'fee', date: '2026-04-01', amount: '-0.02779661', currency: 'LTC' },
      { type: 'earning', date: '2026-05-01', amount: '0.02945000', currency: 'LTC' },
      { type: 'fee', date: '2026-05-01', amount: '-0.02779661', currency: 'LTC' },
    ]);
    expect((await get(customer, '/api/user-miners/?is_active=false')).json<{ count: number }>().count).toBe(1);
  });

  it('catches up on the last 7 finished days in one run, oldest first', async () => {
    const customer = await newCustomer(t, 'catchup');
    const now = new Date('2026-06-20T03:00:00Z');
    const { id } = await acquire(customer, 'S21 Pro 234T', '2026-06-01T00:00:00Z');
    const summary = await runEarningsJob(t.db, { now });
    expect(summary.days.map((day) => day.date)).toEqual([
      '2026-06-13',
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
    ]);
    expect((await linesOf(customer, id)).filter((line) => line.type === 'earning')).toHaveLength(7);
    // A second instance running the same job at the same time adds nothing.
    await Promise.all([runEarningsJob(t.db, { now }), runEarningsJob(t.db, { now })]);
    expect((await linesOf(customer, id)).filter((line) => line.type === 'earning')).toHaveLength(7);
  });
});

describe('GET /api/dashboard/', () => {
  it('shows balances, running hashrate and 30 days of net earnings, zero-filled, at stated prices', async () => {
    const customer = await newCustomer(t, 'dash');
    const yesterday = addDays(utcDate(t.clock.now()), -1);
    const started = `${addDays(yesterday, -2)}T00:00:00Z`;
    await acquire(customer, 'S21 200T', started);
    await acquire(customer, 'KS5 Pro 21T', started);
    for (const date of [addDays(yesterday, -2), addDays(yesterday, -1), yesterday]) {
      await runEarnings(t.db, { date, now: t.clock.now() });
    }
    const response = await get(customer, '/api/dashboard/');
    expect(response.statusCode).toBe(200);
    const dashboard = response.json<Dashboard>();
    expect(dashboard.active_miners).toBe(2);
    expect(dashboard.total_hashrate).toEqual([{ unit: 'TH/s', amount: '221.0000' }]);
    expect(dashboard.balances.find((b) => b.currency === 'BTC')?.amount).toBe('0.00014394');
    expect(dashboard.earnings_today_date).toBe(yesterday);
    // BTC: 0.0001 - 0.00005202; KAS: 46.2 - 41.45454545.
    expect(dashboard.earnings_today).toEqual([
      { currency: 'BTC', net: '0.00004798' },
      { currency: 'KAS', net: '4.74545455' },
    ]);
    expect(dashboard.earnings_30d).toEqual([
      { currency: 'BTC', net: '0.00014394', usd: '13.89' },
      { currency: 'KAS', net: '14.23636365', usd: '1.57' },
    ]);
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily[29]).toEqual({
      date: yesterday,
      // 0.00004798 x 96,500 + 4.74545455 x 0.11 = 4.63007 + 0.52200000 = 5.15
      usd: '5.15',
      by_currency: [
        { currency: 'BTC', net: '0.00004798' },
        { currency: 'KAS', net: '4.74545455' },
      ],
    });
    expect(dashboard.daily[0]).toEqual({
      date: addDays(yesterday, -29),
      usd: '0.00',
      by_currency: [
        { currency: 'BTC', net: '0.00000000' },
        { currency: 'KAS', net: '0.00000000' },
      ],
    });
    expect(dashboard.assumptions).toEqual([
      { symbol: 'BTC', price_usd: '96500.00000000' },
      { symbol: 'KAS', price_usd: '0.11000000' },
      { symbol: 'LTC', price_usd: '88.50000000' },
    ]);
  });

  it('is empty but complete for a new customer', async () => {
    const customer = await newCustomer(t, 'fresh');
    const dashboard = (await get(customer, '/api/dashboard/')).json<Dashboard>();
    expect(dashboard).toMatchObject({ active_miners: 0, total_hashrate: [], earnings_today: [], earnings_30d: [] });
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.every((day) => day.usd === '0.00' && day.by_currency.length === 0)).toBe(true);
  });
});

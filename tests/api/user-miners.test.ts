import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionList } from '../../contracts/transactions.ts';
import type { UserMiner, UserMinerList } from '../../contracts/user-miners.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import {
  balance,
  fund,
  key,
  minerId,
  newCustomer,
  notificationsOf,
  purchasesOf,
  stockOf,
  type Customer,
  useMiningTestApp,
} from './helpers/mining.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');

const t = useMiningTestApp();

const order = (customer: Customer, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user-miners/', payload: body, headers: { ...customer.headers, ...headers } });
const get = (customer: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: customer.headers });

describe('POST /api/user-miners/', () => {
  it('buys a miner: debits the price, snapshots the offer, takes one from stock and records the purchase', async () => {
    const buyer = await newCustomer(t, 'buyer');
    await fund(t, buyer, 'USDT', '6000');
    const stock = await stockOf(t.db, 'S21 Pro 234T');
    const id = await minerId(t.db, 'S21 Pro 234T');

    const response = await order(buyer, { miner: id, ownership_type: 'own', idempotency_key: key() });
    expect(response.statusCode).toBe(201);
    const userMiner = response.json<UserMiner>();
    expect(userMiner).toMatchObject({
      miner: {
        id,
        name: 'Antminer S21 Pro',
        model: 'S21 Pro 234T',
        image: '/miners/antminer-s21-pro.svg',
        coin: 'BTC',
        hashrate: '234.0000',
        hashrate_unit: 'TH/s',
      },
      ownership_type: 'own',
      status: 'active',
      is_active: true,
      price_paid: '5100.00000000',
      currency: 'USDT',
      rent_days: null,
      rent_price_per_day: null,
      maintenance_fee_per_day: '5.03000000',
      hashrate: '234.0000',
      hashrate_unit: 'TH/s',
      coin: 'BTC',
      ends_at: null,
      ended_at: null,
      earnings: { gross: '0.00000000', fees: '0.00000000', net: '0.00000000' },
      last_earning_date: null,
    });
    expect(Date.parse(userMiner.started_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await balance(t, buyer, 'USDT')).toBe('900.00000000');
    expect(await stockOf(t.db, 'S21 Pro 234T')).toBe(stock - 1);

    const ledger = (await get(buyer, '/api/transactions/?type=purchase')).json<TransactionList>();
    expect(ledger.results).toHaveLength(1);
    expect(ledger.results[0]).toMatchObject({
      type: 'purchase',
      status: 'completed',
      currency: 'USDT',
      amount: '-5100.00000000',
      fee: '0.00000000',
      user_miner_id: userMiner.id,
      miner_id: id,
      description: en('transaction.purchase', { miner: 'Antminer S21 Pro', model: 'S21 Pro 234T' }),
    });
    expect((await notificationsOf(t.db, buyer)).map((n) => n.kind)).toEqual(['deposit_confirmed', 'purchase']);
  });

  it('rents a miner for an offered term: price per day times days, ending after the term', async () => {
    const renter = await newCustomer(t, 'renter');
    await fund(t, renter, 'USDT', '200');
    const before = t.clock.now().getTime();
    const response = await order(renter, {
      miner: await minerId(t.db, 'S21 200T'),
      ownership_type: 'rent',
      rent_days: 30,
      idempotency_key: key(),
    });
    expect(response.statusCode).toBe(201);
    const userMiner = response.json<UserMiner>();
    // 3.40 USDT a day x 30 days, exactly.
    expect(userMiner).toMatchObject({
      ownership_type: 'rent',
      price_paid: '102.00000000',
      rent_days: 30,
      rent_price_per_day: '3.40000000',
    });
    const term = Date.parse(userMiner.ends_at!) - Date.parse(userMiner.started_at);
    expect(term).toBe(30 * 86_400_000);
    expect(Date.parse(userMiner.started_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(await balance(t, renter, 'USDT')).toBe('98.00000000');
    const [rent] = (await get(renter, '/api/transactions/?type=rent')).json<TransactionList>().results;
    expect(rent).toMatchObject({ amount: '-102.00000000', description_params: { days: 30, price_per_day: '3.40' } });
  });

  it('answers a repeated idempotency key with the first order, charging once', async () => {
    const buyer = await newCustomer(t, 'double');
    await fund(t, buyer, 'USDT', '5000');
    const body = { miner: await minerId(t.db, 'M60S 186T'), ownership_type: 'own', idempotency_key: key() };
    const first = await order(buyer, body);
    const second = await order(buyer, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<UserMiner>().id).toBe(first.json<UserMiner>().id);
    expect(await balance(t, buyer, 'USDT')).toBe('1700.00000000');
    expect((await get(buyer, '/api/user-miners/')).json<UserMinerList>().count).toBe(1);
  });

  it('charges once when the same key arrives twice at the same moment', async () => {
    const buyer = await newCustomer(t, 'race');
    await fund(t, buyer, 'USDT', '10000');
    const body = { miner: await minerId(t.db, 'A1466 150T'), ownership_type: 'own', idempotency_key: key() };
    const responses = await Promise.all(Array.from({ length: 5 }, () => order(buyer, body)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.json<UserMiner>().id)).size).toBe(1);
    expect(await balance(t, buyer, 'USDT')).toBe('7750.00000000');
  });

  it('refuses a repeated key with a different order (409) and changes nothing', async () => {
    const buyer = await newCustomer(t, 'conflict');
    await fund(t, buyer, 'USDT', '5000');
    const idempotencyKey = key();
    await order(buyer, { miner: await minerId(t.db, 'M60S 186T'), ownership_type: 'own', idempotency_key: idempotencyKey });
    const response = await order(buyer, {
      miner: await minerId(t.db, 'M60S 186T'),
      ownership_type: 'rent',
      rent_days: 30,
      idempotency_key: idempotencyKey,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: en('error.idempotencyConflict') });
    expect(await balance(t, buyer, 'USDT')).toBe('1700.00000000');
  });

  it('lets two customers use the same key independently', async () => {
    const a = await newCustomer(t, 'keya');
    const b = await newCustomer(t, 'keyb');
    await fund(t, a, 'USDT', '100');
    await fund(t, b, 'USDT', '100');
    const body = { miner: await minerId(t.db, 'S19k Pro 120T'), ownership_type: 'rent', rent_days: 30, idempotency_key: 'shared-key-1' };
    expect((await order(a, body)).statusCode).toBe(201);
    expect((await order(b, body)).statusCode).toBe(201);
  });

  it('sells exactly one miner when 20 orders race for money that pays for one', async () => {
    const buyer = await newCustomer(t, 'rush');
    await fund(t, buyer, 'USDT', '2250');
    const id = await minerId(t.db, 'A1466 150T');
    const stock = await stockOf(t.db, 'A1466 150T');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => order(buyer, { miner: id, ownership_type: 'own', idempotency_key: key() })),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 400)).toHaveLength(19);
    for (const refused of responses.filter((r) => r.statusCode === 400)) {
      expect(refused.json().detail).toBe(
        en('error.insufficientFunds', { amount: '2250.00', currency: 'USDT', balance: '0.00' }),
      );
    }
    expect(await balance(t, buyer, 'USDT')).toBe('0.00000000');
    expect(await stockOf(t.db, 'A1466 150T')).toBe(stock - 1);
    expect(await purchasesOf(t.db, buyer)).toBe(1);
    expect((await get(buyer, '/api/user-miners/')).json<UserMinerList>().count).toBe(1);
  });

  it('never sells more miners than there are in stock, whoever orders', async () => {
    const id = await minerId(t.db, 'S21 XP 270T');
    await t.db.updateTable('miners').set({ stock: 2 }).where('id', '=', String(id)).execute();
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, index) => newCustomer(t, `stock${index}`)));
    for (const buyer of buyers) await fund(t, buyer, 'USDT', '7000');
    const responses = await Promise.all(
      buyers.map((buyer) => order(buyer, { miner: id, ownership_type: 'own', idempotency_key: key() })),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(4);
    for (const response of refused) expect(response.json()).toEqual({ detail: en('error.minerSoldOut') });
    expect(await stockOf(t.db, 'S21 XP 270T')).toBe(0);
  });

  describe('refuses, with a clear message and nothing changed,', () => {
    let customer: Customer;
    beforeAll(async () => {
      customer = await newCustomer(t, 'refused');
      await fund(t, customer, 'USDT', '100');
    });

    const unchanged = async () => {
      expect(await balance(t, customer, 'USDT')).toBe('100.00000000');
      expect((await get(customer, '/api/user-miners/')).json<UserMinerList>().count).toBe(0);
    };

    it('a purchase the balance cannot cover', async () => {
      const stock = await stockOf(t.db, 'S21 Pro 234T');
      const response = await order(customer, {
        miner: await minerId(t.db, 'S21 Pro 234T'),
        ownership_type: 'own',
        idempotency_key: key(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: en('error.insufficientFunds', { amount: '5100.00', currency: 'USDT', balance: '100.00' }),
      });
      expect(await stockOf(t.db, 'S21 Pro 234T')).toBe(stock);
      await unchanged();
    });

    it('in the language of the request', async () => {
      const response = await order(
        customer,
        { miner: await minerId(t.db, 'S21 Pro 234T'), ownership_type: 'own', idempotency_key: key() },
        { 'accept-language': 'ru' },
      );
      expect(response.json()).toEqual({
        detail: ru('error.insufficientFunds', { amount: '5100.00', currency: 'USDT', balance: '100.00' }),
      });
    });

    it('a miner that is sold out', async () => {
      const id = await minerId(t.db, 'L7 9.5G');
      await t.db.updateTable('miners').set({ stock: 0 }).where('id', '=', String(id)).execute();
      try {
        const response = await order(customer, { miner: id, ownership_type: 'rent', rent_days: 30, idempotency_key: key() });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: en('error.minerSoldOut') });
      } finally {
        await t.db.updateTable('miners').set({ stock: 15 }).where('id', '=', String(id)).execute();
      }
      await unchanged();
    });

    it('a miner no longer on sale', async () => {
      const response = await order(customer, {
        miner: await minerId(t.db, 'S19 XP 141T'),
        ownership_type: 'own',
        idempotency_key: key(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: en('error.minerNotOnSale') });
      await unchanged();
    });

    it('a rent term the miner does not offer', async () => {
      const response = await order(customer, {
        miner: await minerId(t.db, 'S19k Pro 120T'),
        ownership_type: 'rent',
        rent_days: 180,
        idempotency_key: key(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ rent_days: [en('error.rentTermNotOffered', { days: 180, terms: '30, 90' })] });
      await unchanged();
    });

    it('a rent without a term, and a purchase with one', async () => {
      const rent = await order(customer, { miner: await minerId(t.db, 'S19k Pro 120T'), ownership_type: 'rent', idempotency_key: key() });
      expect(rent.json()).toEqual({ rent_days: [en('error.required')] });
      const buy = await order(customer, {
        miner: await minerId(t.db, 'A1466 150T'),
        ownership_type: 'own',
        rent_days: 30,
        idempotency_key: key(),
      });
      expect(buy.json()).toEqual({ rent_days: [en('error.rentDaysForRentOnly')] });
      await unchanged();
    });

    it('renting a miner that is only sold, and buying one that is only rented', async () => {
      const rent = await order(customer, {
        miner: await minerId(t.db, 'S21 XP 270T'),
        ownership_type: 'rent',
        rent_days: 30,
        idempotency_key: key(),
      });
      expect(rent.statusCode).toBe(400);
      expect(rent.json()).toEqual({ detail: en('error.minerNotForRent') });
      const buy = await order(customer, { miner: await minerId(t.db, 'L7 9.5G'), ownership_type: 'own', idempotency_key: key() });
      expect(buy.statusCode).toBe(400);
      expect(buy.json()).toEqual({ detail: en('error.minerNotForSale') });
      await unchanged();
    });

    it('a miner that does not exist', async () => {
      const response = await order(customer, { miner: 987654, ownership_type: 'own', idempotency_key: key() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ miner: [en('error.minerUnknown')] });
      await unchanged();
    });

    it('malformed orders, field by field, never with a 500', async () => {
      const id = await minerId(t.db, 'S21 200T');
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{}, { miner: [en('error.required')], ownership_type: [en('error.required')], idempotency_key: [en('error.required')] }],
        [{ miner: String(id), ownership_type: 'own', idempotency_key: key() }, { miner: [en('error.type.integer')] }],
        [{ miner: id, ownership_type: 'rent', rent_days: '30', idempotency_key: key() }, { rent_days: [en('error.type.integer')] }],
        [{ miner: id, ownership_type: 'rent', rent_days: 1e309, idempotency_key: key() }, { rent_days: [en('error.type.integer')] }],
        [{ miner: id, ownership_type: 'rent', rent_days: -30, idempotency_key: key() }, { rent_days: [en('error.minimum', { limit: 1 })] }],
        [{ miner: id, ownership_type: 'rent', rent_days: 30.5, idempotency_key: key() }, { rent_days: [en('error.type.integer')] }],
        [{ miner: 1e20, ownership_type: 'own', idempotency_key: key() }, { miner: [en('error.maximum', { limit: Number.MAX_SAFE_INTEGER })] }],
        [{ miner: id, ownership_type: 'lease', idempotency_key: key() }, { ownership_type: [en('error.enum', { values: 'rent, own' })] }],
        [{ miner: id, ownership_type: 'own', idempotency_key: 'short' }, { idempotency_key: [en('error.minLength', { limit: 8 })] }],
        [{ miner: id, ownership_type: 'own', idempotency_key: key(), price: '0.01' }, { price: [en('error.unknownField')] }],
      ];
      for (const [body, errors] of cases) {
        const response = await order(customer, body as Record<string, unknown>);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json(), JSON.stringify(body)).toEqual(errors);
      }
      const raw = await t.app.inject({
        method: 'POST',
        url: '/api/user-miners/',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        payload: `{"miner": ${id}, "ownership_type": "rent", "rent_days": 1e309, "idempotency_key": "${key()}"}`,
      });
      expect(raw.statusCode).toBe(400);
      await unchanged();
    });
  });

  it('needs a signed-in client', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user-miners/', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/user-miners/', () => {
  let owner: Customer;
  let ids: { own: number; rent: number; other: number };
  beforeAll(async () => {
    owner = await newCustomer(t, 'fleet');
    await fund(t, owner, 'USDT', '10000');
    const buy = await order(owner, { miner: await minerId(t.db, 'S21 200T'), ownership_type: 'own', idempotency_key: key() });
    const rent = await order(owner, { miner: await minerId(t.db, 'L7 9.5G'), ownership_type: 'rent', rent_days: 30, idempotency_key: key() });
    const other = await order(owner, { miner: await minerId(t.db, 'KS5 Pro 21T'), ownership_type: 'rent', rent_days: 30, idempotency_key: key() });
    ids = { own: buy.json<UserMiner>().id, rent: rent.json<UserMiner>().id, other: other.json<UserMiner>().id };
    // One rent is over.
    await t.db
      .updateTable('user_miners')
      .set({ status: 'ended', ended_at: new Date() })
      .where('id', '=', String(ids.other))
      .execute();
  });

  const list = async (query = '') => (await get(owner, `/api/user-miners/${query}`)).json<UserMinerList>();

  it('lists the customer’s miners, newest first', async () => {
    const page = await list();
    expect(page.count).toBe(3);
    expect(page.results.map((m) => m.id)).toEqual([ids.other, ids.rent, ids.own]);
  });

  it('filters by is_active, miner and ownership_type, and pages', async () => {
    expect((await list('?is_active=true')).results.map((m) => m.id)).toEqual([ids.rent, ids.own]);
    expect((await list('?is_active=false')).results.map((m) => m.id)).toEqual([ids.other]);
    expect((await list('?ownership_type=own')).results.map((m) => m.id)).toEqual([ids.own]);
    expect((await list(`?miner=${await minerId(t.db, 'L7 9.5G')}`)).results.map((m) => m.id)).toEqual([ids.rent]);
    expect((await list('?ownership_type=rent&is_active=true')).results.map((m) => m.id)).toEqual([ids.rent]);
    const first = await list('?limit=2');
    expect(first).toMatchObject({ count: 3, next: '/api/user-miners/?limit=2&offset=2', previous: null });
  });

  it('refuses bad filters per parameter', async () => {
    const response = await get(owner, '/api/user-miners/?is_active=maybe&ownership_type=lease&miner=abc');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['is_active', 'miner', 'ownership_type']);
  });

  it('shows one miner to its owner only; others get 404, as for a missing one', async () => {
    expect((await get(owner, `/api/user-miners/${ids.own}/`)).json<UserMiner>()).toMatchObject({ id: ids.own });
    const stranger = await newCustomer(t, 'stranger');
    const response = await get(stranger, `/api/user-miners/${ids.own}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
    expect((await get(stranger, '/api/user-miners/')).json<UserMinerList>().count).toBe(0);
    expect((await get(owner, '/api/user-miners/99999999/')).statusCode).toBe(404);
  });
});

describe('GET /api/miners/?acquisition=', () => {
  it('lists the miners that can be rented, or bought', async () => {
    const customer = await newCustomer(t, 'browse');
    const rentable = (await get(customer, '/api/miners/?acquisition=rent&limit=100')).json<{ results: { acquisition: string }[] }>();
    expect(rentable.results.length).toBeGreaterThan(0);
    expect(rentable.results.every((m) => m.acquisition !== 'buy')).toBe(true);
    const buyable = (await get(customer, '/api/miners/?acquisition=buy&limit=100')).json<{ results: { acquisition: string }[] }>();
    expect(buyable.results.every((m) => m.acquisition !== 'rent')).toBe(true);
    expect((await get(customer, '/api/miners/?acquisition=lease')).statusCode).toBe(400);
  });
});

describe('the ledger line of an order', () => {
  it('is what the customer sees in GET /api/transactions/', async () => {
    const customer = await newCustomer(t, 'lines');
    await fund(t, customer, 'USDT', '60');
    await order(customer, { miner: await minerId(t.db, 'KS5 Pro 21T'), ownership_type: 'rent', rent_days: 30, idempotency_key: key() });
    const lines = (await get(customer, '/api/transactions/')).json<TransactionList>().results;
    expect(lines.map((line: Transaction) => [line.type, line.amount])).toEqual([
      ['rent', '-54.00000000'],
      ['deposit', '60.00000000'],
    ]);
  });
});

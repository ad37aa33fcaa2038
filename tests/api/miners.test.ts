import { beforeAll, describe, expect, it } from 'vitest';
import type { Miner, MinerList } from '../../contracts/miners.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { type SignedIn, useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const de = useTranslations('de');

const t = useTestApp();
let demo: SignedIn;
beforeAll(async () => {
  demo = await t.signIn();
});

const get = (url: string, headers: Record<string, string> = demo.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const list = async (query = '') => (await get(`/api/miners/${query}`)).json<MinerList>();
const minerIdByModel = async (model: string) =>
  Number((await t.db.selectFrom('miners').select('id').where('model', '=', model).executeTakeFirstOrThrow()).id);

/** The seeded catalogue on sale, in the promised order: by coin, then purchase price, then rent. */
const onSaleInOrder = [
  'A1466 150T',
  'M60S 186T',
  'S21 200T',
  'S21 Pro 234T',
  'S21 XP 270T',
  'S19k Pro 120T',
  'KS5 Pro 21T',
  'DG1+ 14G',
  'L9 16G',
  'L7 9.5G',
];

describe('GET /api/miners/', () => {
  it('lists the miners on sale, by coin then price, ten to a page', async () => {
    const page = await list();
    expect(page.count).toBe(10);
    expect(page.previous).toBeNull();
    expect(page.next).toBeNull();
    expect(page.results.map((miner) => miner.model)).toEqual(onSaleInOrder);
    expect(page.results.every((miner) => miner.is_on_sale)).toBe(true);
  });

  it('pages with limit and offset, linking the neighbouring pages', async () => {
    const first = await list('?limit=4');
    expect(first).toMatchObject({ count: 10, previous: null, next: '/api/miners/?limit=4&offset=4' });
    expect(first.results.map((miner) => miner.model)).toEqual(onSaleInOrder.slice(0, 4));

    const second = await list('?limit=4&offset=4');
    expect(second).toMatchObject({ previous: '/api/miners/?limit=4&offset=0', next: '/api/miners/?limit=4&offset=8' });
    expect(second.results.map((miner) => miner.model)).toEqual(onSaleInOrder.slice(4, 8));

    const last = await list('?limit=4&offset=8');
    expect(last).toMatchObject({ previous: '/api/miners/?limit=4&offset=4', next: null });
    expect(last.results.map((miner) => miner.model)).toEqual(onSaleInOrder.slice(8));
  });

  it('keeps other query parameters in the page links', async () => {
    const page = await list('?lang=ru&limit=3&offset=3');
    expect(page.next).toBe('/api/miners/?lang=ru&limit=3&offset=6');
    expect(page.previous).toBe('/api/miners/?lang=ru&limit=3&offset=0');
  });

  it('answers an empty page past the end, pointing back at the last page', async () => {
    const page = await list('?limit=4&offset=40');
    expect(page).toEqual({ count: 10, next: null, previous: '/api/miners/?limit=4&offset=6', results: [] });
  });

  it('refuses limits outside 1-100 and offsets below 0, per parameter', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['?limit=0', { limit: [en('error.minimum', { limit: 1 })] }],
      ['?limit=101', { limit: [en('error.maximum', { limit: 100 })] }],
      ['?limit=abc', { limit: [en('error.type.integer')] }],
      ['?limit=2.5', { limit: [en('error.type.integer')] }],
      ['?offset=-1', { offset: [en('error.minimum', { limit: 0 })] }],
      ['?offset=1e30', { offset: [en('error.maximum', { limit: 2_147_483_647 })] }],
      ['?limit=0&offset=x', { limit: [en('error.minimum', { limit: 1 })], offset: [en('error.type.integer')] }],
      // Found by tests/api/fuzz.test.ts: Ajv coerced these to Infinity, past the bounds, and the database failed (500).
      ['?limit=Infinity', { limit: [en('error.type.integer')] }],
      ['?offset=1e999&limit=-Infinity', { limit: [en('error.type.integer')], offset: [en('error.type.integer')] }],
    ];
    for (const [query, errors] of cases) {
      const response = await get(`/api/miners/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(errors);
    }
  });

  it('translates parameter errors', async () => {
    const response = await get('/api/miners/?limit=101', { ...demo.headers, 'accept-language': 'de' });
    expect(response.json()).toEqual({ limit: [de('error.maximum', { limit: 100 })] });
  });

  it('answers an id too large for a number as not a whole number', async () => {
    // Found by tests/api/fuzz.test.ts: "Infinity" passed the id's bounds and failed in the database (500).
    for (const id of ['Infinity', '1e999']) {
      const response = await get(`/api/miners/${id}/`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toEqual({ id: [en('error.type.integer')] });
    }
  });

  it('needs a signed-in client', async () => {
    expect((await get('/api/miners/', {})).statusCode).toBe(401);
  });
});

describe('GET /api/miners/{id}/', () => {
  it('shows a miner with its coin, prices as decimal strings and an income estimate', async () => {
    const id = await minerIdByModel('S21 200T');
    const response = await get(`/api/miners/${id}/`);
    expect(response.statusCode).toBe(200);
    const miner = response.json<Miner>();
    expect(miner).toEqual({
      id,
      name: 'Antminer S21',
      model: 'S21 200T',
      image: '/miners/antminer-s21.svg',
      algorithm: 'SHA-256',
      coin: { symbol: 'BTC', name: 'Bitcoin', price_usd: '96500.00000000' },
      hashrate: '200.0000',
      hashrate_unit: 'TH/s',
      power_w: 3500,
      efficiency_j_per_th: '17.50',
      acquisition: 'both',
      rent_price_per_day: '3.40000000',
      rent_terms: [30, 90, 180],
      purchase_price: '3400.00000000',
      maintenance_fee_per_day: '5.02000000',
      stock: 24,
      is_on_sale: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      estimated_daily_income: {
        // 200 TH/s x 0.0000005 BTC = 0.0001 BTC; x $96,500 = $9.65.
        coin_amount: '0.00010000',
        usd: '9.65',
        assumptions: {
          revenue_per_unit_day: '0.000000500000000000',
          coin_price_usd: '96500.00000000',
          hash_unit: 'TH/s',
        },
      },
      // $9.65 - $5.02 maintenance.
      estimated_daily_net_usd: '4.63',
    });
  });

  it('rounds the estimate only once, from the exact figures', async () => {
    // 9.5 GH/s x 0.0062 LTC = 0.0589 LTC; x $88.50 = $5.21265; - $4.92 = $0.29265.
    const miner = (await get(`/api/miners/${await minerIdByModel('L7 9.5G')}/`)).json<Miner>();
    expect(miner.estimated_daily_income).toMatchObject({ coin_amount: '0.05890000', usd: '5.21' });
    expect(miner.estimated_daily_net_usd).toBe('0.29');
    expect(miner).toMatchObject({ acquisition: 'rent', purchase_price: null, efficiency_j_per_th: null });
  });

  it('shows a negative net when the fees exceed the income', async () => {
    await t.db.updateTable('coins').set({ price_usd: '0.05' }).where('symbol', '=', 'KAS').execute();
    try {
      // 21 TH/s x 2.2 KAS = 46.2 KAS; x $0.05 = $2.31; - $4.56 = -$2.25.
      const miner = (await get(`/api/miners/${await minerIdByModel('KS5 Pro 21T')}/`)).json<Miner>();
      expect(miner.estimated_daily_income.usd).toBe('2.31');
      expect(miner.estimated_daily_net_usd).toBe('-2.25');
    } finally {
      await t.db.updateTable('coins').set({ price_usd: '0.11' }).where('symbol', '=', 'KAS').execute();
    }
  });

  it('still shows a miner that is no longer on sale, for the people who own one', async () => {
    const response = await get(`/api/miners/${await minerIdByModel('S19 XP 141T')}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Miner>()).toMatchObject({ model: 'S19 XP 141T', is_on_sale: false, stock: 0 });
  });

  it('ignores the limit and offset the client sends along', async () => {
    const response = await get(`/api/miners/${await minerIdByModel('L9 16G')}/?limit=10&offset=0`);
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an unknown miner', async () => {
    const response = await get('/api/miners/424242/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: en('error.notFound') });
  });

  it('refuses an id that is not a whole number', async () => {
    const response = await get('/api/miners/s21/');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: [en('error.type.integer')] });
  });

  it('needs a signed-in client', async () => {
    expect((await get(`/api/miners/1/`, { authorization: 'Bearer undefined' })).statusCode).toBe(401);
  });
});

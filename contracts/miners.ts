/**
 * The miner catalogue: GET /api/miners/ (machines on sale, by coin then price) and
 * GET /api/miners/{id}/. Prices and fees are in USDT; every amount is a decimal string.
 */
import { Type, type Static } from 'typebox';
import { Decimal, DecimalString, errorsFor, Id, IdParams, Nullable, Paginated, PaginationQuery } from './common.ts';

export const HashUnit = Type.Enum(['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s']);
export type HashUnit = Static<typeof HashUnit>;

export const Acquisition = Type.Enum(['rent', 'buy', 'both'], {
  description: 'How the miner can be had: rented by the day, bought, or either',
});
export type Acquisition = Static<typeof Acquisition>;

export const MinerCoin = Type.Object(
  {
    symbol: Type.String({ examples: ['BTC'] }),
    name: Type.String({ examples: ['Bitcoin'] }),
    price_usd: Decimal,
  },
  { additionalProperties: false },
);
export type MinerCoin = Static<typeof MinerCoin>;

export const EstimatedDailyIncome = Type.Object(
  {
    coin_amount: DecimalString({ description: 'Coin mined per day: hashrate x revenue_per_unit_day, 8 places' }),
    usd: DecimalString({ description: 'coin_amount x coin price, 2 places' }),
    assumptions: Type.Object(
      {
        revenue_per_unit_day: DecimalString({ description: 'Coin earned per hash unit per day, set by the operator' }),
        coin_price_usd: Decimal,
        hash_unit: HashUnit,
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    description: 'An estimate from today’s operator figures; real output varies with network difficulty and price',
  },
);
export type EstimatedDailyIncome = Static<typeof EstimatedDailyIncome>;

export const Miner = Type.Object(
  {
    id: Id,
    name: Type.String({ examples: ['Antminer S21'] }),
    model: Type.String({ examples: ['S21 200T'] }),
    image: Type.String({ description: 'Path of the picture on this site', examples: ['/miners/antminer-s21.svg'] }),
    algorithm: Type.String({ examples: ['SHA-256'] }),
    coin: MinerCoin,
    hashrate: Decimal,
    hashrate_unit: HashUnit,
    power_w: Type.Integer({ description: 'Power draw in watts' }),
    efficiency_j_per_th: Nullable(Decimal, 'Joules per terahash; SHA-256 miners only'),
    acquisition: Acquisition,
    rent_price_per_day: Nullable(Decimal, 'USDT per day; null when not for rent'),
    rent_terms: Nullable(
      Type.Array(Type.Integer({ minimum: 1 })),
      'Rental terms offered, in days; null when not for rent',
    ),
    purchase_price: Nullable(Decimal, 'USDT; null when not for sale'),
    maintenance_fee_per_day: DecimalString({ description: 'USDT per day: electricity and service' }),
    stock: Type.Integer({ minimum: 0 }),
    is_on_sale: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
    estimated_daily_income: EstimatedDailyIncome,
    estimated_daily_net_usd: DecimalString({
      description: 'estimated_daily_income.usd - maintenance_fee_per_day, 2 places; can be negative',
    }),
  },
  { additionalProperties: false },
);
export type Miner = Static<typeof Miner>;

export const MinersQuery = Type.Object({
  ...PaginationQuery.properties,
  acquisition: Type.Optional(
    Type.Enum(['rent', 'buy'], {
      description: 'Only miners that can be rented (rent or both) or bought (buy or both); all when absent',
    }),
  ),
});
export type MinersQuery = Static<typeof MinersQuery>;

export const MinerList = Paginated(Miner, 'Miners on sale, by coin then price');
export type MinerList = Static<typeof MinerList>;

export const listMiners = {
  method: 'GET',
  url: '/api/miners/',
  schema: {
    summary: 'Miners on sale, ordered by coin, then price',
    tags: ['miners'],
    security: [{ bearerAuth: [] }],
    querystring: MinersQuery,
    response: { 200: MinerList, ...errorsFor(400, 401) },
  },
} as const;

export const getMiner = {
  method: 'GET',
  url: '/api/miners/:id/',
  schema: {
    summary: 'One miner, including ones no longer on sale (owners still see them)',
    tags: ['miners'],
    security: [{ bearerAuth: [] }],
    params: IdParams,
    response: { 200: Miner, ...errorsFor(400, 401, 404) },
  },
} as const;

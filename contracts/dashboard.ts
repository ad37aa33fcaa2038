/**
 * GET /api/dashboard/: the figures of the dashboard screens. Earnings are net (output
 * minus maintenance fees) in each coin; dollar values use today's coin prices, listed
 * in `assumptions` so every figure can be checked.
 */
import { Type, type Static } from 'typebox';
import { DecimalString, errorsFor } from './common.ts';
import { HashUnit } from './miners.ts';
import { Balance } from './wallet.ts';

const CurrencyNet = Type.Object({ currency: Type.String(), net: DecimalString() }, { additionalProperties: false });

export const Dashboard = Type.Object(
  {
    balances: Type.Array(Balance),
    total_hashrate: Type.Array(
      Type.Object({ unit: HashUnit, amount: DecimalString() }, { additionalProperties: false }),
      { description: 'Hashrate of your running miners (active or paused), per unit' },
    ),
    active_miners: Type.Integer({ minimum: 0, description: 'Miners not ended (active or paused)' }),
    earnings_today: Type.Array(CurrencyNet, {
      description: 'Net credited for the last finished UTC day (earnings_today_date): days are credited once over',
    }),
    earnings_today_date: Type.String({ format: 'date' }),
    earnings_30d: Type.Array(
      Type.Object(
        { currency: Type.String(), net: DecimalString(), usd: DecimalString({ description: 'At today’s price' }) },
        { additionalProperties: false },
      ),
      { description: 'Net over the last 30 finished UTC days, per coin' },
    ),
    daily: Type.Array(
      Type.Object(
        {
          date: Type.String({ format: 'date' }),
          usd: DecimalString({ description: 'The day’s net in every coin, at today’s prices, 2 decimals' }),
          by_currency: Type.Array(CurrencyNet),
        },
        { additionalProperties: false },
      ),
      { description: 'The last 30 finished UTC days, oldest first, zero when nothing was credited' },
    ),
    assumptions: Type.Array(
      Type.Object({ symbol: Type.String(), price_usd: DecimalString() }, { additionalProperties: false }),
      { description: 'Coin prices the dollar values use' },
    ),
  },
  { additionalProperties: false },
);
export type Dashboard = Static<typeof Dashboard>;

export const getDashboard = {
  method: 'GET',
  url: '/api/dashboard/',
  schema: {
    summary: 'Balances, hashrate and earnings for the dashboard and its chart',
    tags: ['dashboard'],
    security: [{ bearerAuth: [] }],
    response: { 200: Dashboard, ...errorsFor(401) },
  },
} as const;

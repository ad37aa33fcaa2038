/**
 * GET /api/wallet/: balances per currency, and the rules the wallet screen needs to
 * offer deposits and withdrawals (the same table the server checks with).
 */
import { Type, type Static } from 'typebox';
import { DecimalString, errorsFor } from './common.ts';

export const Balance = Type.Object(
  {
    currency: Type.String({ examples: ['USDT'] }),
    amount: DecimalString({ description: 'Available to spend or withdraw' }),
    reserved: DecimalString({
      description: 'Held for pending withdrawals (amount + fee), already taken out of `amount`',
    }),
  },
  { additionalProperties: false },
);
export type Balance = Static<typeof Balance>;

export const WithdrawalRule = Type.Object(
  {
    currency: Type.String(),
    minimum: DecimalString({ description: 'Smallest amount (before the fee)' }),
    fee: DecimalString({ description: 'Network fee, taken on top of the amount' }),
    decimals: Type.Integer({ minimum: 0, description: 'Decimals an amount may have' }),
    address_hint: Type.String({ description: 'Accepted address forms', examples: ['bc1…, 1… or 3…'] }),
  },
  { additionalProperties: false },
);
export type WithdrawalRule = Static<typeof WithdrawalRule>;

export const Wallet = Type.Object(
  {
    balances: Type.Array(Balance, { description: 'Every currency, USDT first, zero when never held' }),
    deposit: Type.Object(
      {
        currencies: Type.Array(Type.String(), { examples: [['USDT', 'BTC']] }),
        test_mode: Type.Boolean({ description: 'The gateway is the sandbox: deposits are not real money' }),
      },
      { additionalProperties: false },
    ),
    withdrawal: Type.Object({ rules: Type.Array(WithdrawalRule) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type Wallet = Static<typeof Wallet>;

export const getWallet = {
  method: 'GET',
  url: '/api/wallet/',
  schema: {
    summary: 'Your balances, and how to deposit and withdraw',
    tags: ['wallet'],
    security: [{ bearerAuth: [] }],
    response: { 200: Wallet, ...errorsFor(401) },
  },
} as const;

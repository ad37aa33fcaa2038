/**
 * Miners a customer rents or owns: POST /api/user-miners/ (rent or buy one),
 * GET /api/user-miners/ (filters of spec §3: is_active, miner, ownership_type) and
 * GET /api/user-miners/{id}/. Prices are USDT, earnings are in the miner's coin; every
 * amount is a decimal string with 8 decimals.
 */
import { Type, type Static } from 'typebox';
import { Decimal, DecimalString, errorsFor, Id, IdParams, Nullable, Paginated, PaginationQuery } from './common.ts';
import { HashUnit } from './miners.ts';

export const OwnershipType = Type.Enum(['rent', 'own'], { description: 'Rented for a term, or bought' });
export type OwnershipType = Static<typeof OwnershipType>;

export const UserMinerStatus = Type.Enum(['active', 'paused', 'ended'], {
  description:
    'active: earning daily; paused: a day’s output did not cover its maintenance fee, so nothing is credited ' +
    'until it does again (checked daily); ended: the rent term is over',
});
export type UserMinerStatus = Static<typeof UserMinerStatus>;

/** Client-made, one per confirmed order: letters, digits and - _ . : (a UUID fits). */
export const IdempotencyKey = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.:-]+$',
  description: 'One per order: repeating it returns the first result instead of charging again',
});

export const CreateUserMinerRequest = Type.Object(
  {
    miner: Id,
    ownership_type: OwnershipType,
    rent_days: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3650, description: 'Rent term in days: one of the miner’s rent_terms' }),
    ),
    idempotency_key: IdempotencyKey,
  },
  { additionalProperties: false },
);
export type CreateUserMinerRequest = Static<typeof CreateUserMinerRequest>;

export const UserMinerMiner = Type.Object(
  {
    id: Id,
    name: Type.String(),
    model: Type.String(),
    image: Type.String(),
    coin: Type.String({ description: 'Symbol of the coin it mines', examples: ['BTC'] }),
    hashrate: Decimal,
    hashrate_unit: HashUnit,
  },
  { additionalProperties: false, description: 'The catalogue miner, as it is now' },
);

export const Earnings = Type.Object(
  {
    gross: DecimalString({ description: 'Coin produced and credited so far' }),
    fees: DecimalString({ description: 'Maintenance fees deducted so far, in the coin' }),
    net: DecimalString({ description: 'gross - fees: what reached the wallet' }),
  },
  { additionalProperties: false },
);

export const UserMiner = Type.Object(
  {
    id: Id,
    miner: UserMinerMiner,
    ownership_type: OwnershipType,
    status: UserMinerStatus,
    is_active: Type.Boolean({ description: 'Not ended: active or paused' }),
    price_paid: DecimalString({ description: 'What was paid, in `currency`' }),
    currency: Type.Literal('USDT'),
    rent_days: Nullable(Type.Integer({ minimum: 1 }), 'Rent term; null when owned'),
    rent_price_per_day: Nullable(Decimal, 'USDT per day at the time of renting; null when owned'),
    maintenance_fee_per_day: DecimalString({ description: 'USDT per day, fixed at purchase' }),
    hashrate: DecimalString({ description: 'Hashrate bought' }),
    hashrate_unit: HashUnit,
    coin: Type.String({ description: 'Coin it earns' }),
    started_at: Type.String({ format: 'date-time' }),
    ends_at: Nullable(Type.String({ format: 'date-time' }), 'When the rent ends; null when owned'),
    ended_at: Nullable(Type.String({ format: 'date-time' }), 'When it stopped earning; null while it runs'),
    earnings: Earnings,
    last_earning_date: Nullable(Type.String({ format: 'date' }), 'Last UTC day credited'),
  },
  { additionalProperties: false },
);
export type UserMiner = Static<typeof UserMiner>;

export const UserMinersQuery = Type.Object({
  ...PaginationQuery.properties,
  is_active: Type.Optional(Type.Boolean()),
  miner: Type.Optional(Id),
  ownership_type: Type.Optional(OwnershipType),
});
export type UserMinersQuery = Static<typeof UserMinersQuery>;

export const UserMinerList = Paginated(UserMiner, 'Your miners, newest first');
export type UserMinerList = Static<typeof UserMinerList>;

export const ConflictError = Type.Object(
  { detail: Type.String() },
  { additionalProperties: false, description: 'The idempotency key was used for a different request' },
);

export const createUserMiner = {
  method: 'POST',
  url: '/api/user-miners/',
  schema: {
    summary: 'Rent or buy a miner, paid from the USDT balance',
    description:
      'In one database transaction: checks the offer (on sale, this way of acquiring it, the rent term, stock), ' +
      'debits the price (purchase_price, or rent_price_per_day x rent_days), creates the user-miner and its ' +
      '`purchase` or `rent` transaction, and pays the referrer’s commission. 201 with the new user-miner; ' +
      '200 with the first one when the idempotency key was already used for the same order; 409 when it was ' +
      'used for a different one. Refusals (insufficient funds, sold out, not on sale, term not offered) are 400 ' +
      'and change nothing.',
    tags: ['user-miners'],
    security: [{ bearerAuth: [] }],
    body: CreateUserMinerRequest,
    response: {
      201: UserMiner,
      200: UserMiner,
      409: ConflictError,
      ...errorsFor(400, 401, 413, 415),
    },
  },
} as const;

export const listUserMiners = {
  method: 'GET',
  url: '/api/user-miners/',
  schema: {
    summary: 'Your miners, newest first, with their earnings so far',
    tags: ['user-miners'],
    security: [{ bearerAuth: [] }],
    querystring: UserMinersQuery,
    response: { 200: UserMinerList, ...errorsFor(400, 401) },
  },
} as const;

export const getUserMiner = {
  method: 'GET',
  url: '/api/user-miners/:id/',
  schema: {
    summary: 'One of your miners (any other id is a 404)',
    tags: ['user-miners'],
    security: [{ bearerAuth: [] }],
    params: IdParams,
    response: { 200: UserMiner, ...errorsFor(400, 401, 404) },
  },
} as const;

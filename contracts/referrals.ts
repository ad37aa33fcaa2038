/**
 * The referral programme: GET /api/referral_info/ (your code, link, rate and totals) and
 * GET /api/referrals/ (who joined with your code; never their email addresses).
 */
import { Type, type Static } from 'typebox';
import { DecimalString, errorsFor, Id, Paginated, PaginationQuery } from './common.ts';

export const CurrencyAmount = Type.Object(
  { currency: Type.String(), amount: DecimalString() },
  { additionalProperties: false },
);

export const ReferralInfo = Type.Object(
  {
    code: Type.String({ examples: ['DEMO2026'] }),
    link: Type.String({ description: 'Sign-up link carrying the code', examples: ['https://hashharbor.example/signup?ref=DEMO2026'] }),
    rate: DecimalString({ description: 'Share of each referred purchase or rent paid to you ("0.05" is 5%)' }),
    referred_count: Type.Integer({ minimum: 0, description: 'People who signed up with your code' }),
    active_referred_count: Type.Integer({ minimum: 0, description: 'Of them, those with a miner running now' }),
    totals: Type.Array(CurrencyAmount, { description: 'Commission earned so far, per currency (USDT)' }),
  },
  { additionalProperties: false },
);
export type ReferralInfo = Static<typeof ReferralInfo>;

export const Referral = Type.Object(
  {
    id: Id,
    username: Type.String(),
    date_joined: Type.String({ format: 'date-time' }),
    total_spent: DecimalString({ description: 'USDT they paid for purchases and rents' }),
    commission_earned: DecimalString({ description: 'USDT you earned from them' }),
  },
  { additionalProperties: false },
);
export type Referral = Static<typeof Referral>;

export const ReferralList = Paginated(Referral, 'People who joined with your code, newest first');
export type ReferralList = Static<typeof ReferralList>;

export const getReferralInfo = {
  method: 'GET',
  url: '/api/referral_info/',
  schema: {
    summary: 'Your referral code, link, rate and what it has earned',
    tags: ['referrals'],
    security: [{ bearerAuth: [] }],
    response: { 200: ReferralInfo, ...errorsFor(401) },
  },
} as const;

export const listReferrals = {
  method: 'GET',
  url: '/api/referrals/',
  schema: {
    summary: 'People who joined with your code, newest first',
    tags: ['referrals'],
    security: [{ bearerAuth: [] }],
    querystring: PaginationQuery,
    response: { 200: ReferralList, ...errorsFor(400, 401) },
  },
} as const;

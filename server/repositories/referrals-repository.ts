/** The referral programme's figures: who joined with a user's code, what they spent, what it earned. */
import { sql } from 'kysely';
import type { Referral } from '../../contracts/referrals.ts';
import type { Db } from '../db/database.ts';
import { SPENDING_CURRENCY } from '../money/currencies.ts';

export async function referralCounts(db: Db, userId: string): Promise<{ referred: number; active: number }> {
  const row = await db
    .selectFrom('users as u')
    .where('u.referred_by', '=', userId)
    .select([
      (eb) => eb.fn.countAll<string>().as('referred'),
      sql<string>`count(*) filter (where exists (
        select 1 from user_miners um where um.user_id = u.id and um.is_active
      ))`.as('active'),
    ])
    .executeTakeFirstOrThrow();
  return { referred: Number(row.referred), active: Number(row.active) };
}

/** Commission earned per currency; USDT always listed. */
export async function commissionTotals(db: Db, userId: string): Promise<{ currency: string; amount: string }[]> {
  const rows = await db
    .selectFrom('transactions')
    .select(['currency', sql<string>`sum(amount)::numeric(30, 8)`.as('amount')])
    .where('user_id', '=', userId)
    .where('type', '=', 'referral_commission')
    .groupBy('currency')
    .orderBy('currency')
    .execute();
  if (!rows.some((row) => row.currency === SPENDING_CURRENCY))
    rows.unshift({ currency: SPENDING_CURRENCY, amount: '0.00000000' });
  return rows;
}

function referred(db: Db, userId: string) {
  return db.selectFrom('users as u').where('u.referred_by', '=', userId);
}

/** The people who joined with the user's code, newest first, for paginate(). Never their emails. */
export function referralsQuery(db: Db, userId: string) {
  return referred(db, userId)
    .select([
      'u.id',
      'u.username',
      'u.date_joined',
      sql<string>`(
        select coalesce(-sum(t.amount), 0)::numeric(30, 8) from transactions t
        where t.user_id = u.id and t.type in ('purchase', 'rent')
      )`.as('total_spent'),
      sql<string>`(
        select coalesce(sum(t.amount), 0)::numeric(30, 8) from transactions t
        where t.user_id = ${userId} and t.type = 'referral_commission' and t.referred_user_id = u.id
      )`.as('commission_earned'),
    ])
    .orderBy('u.date_joined', 'desc')
    .orderBy('u.id', 'desc');
}

export function referralsCount(db: Db, userId: string) {
  return referred(db, userId).select((eb) => eb.fn.countAll<string>().as('count'));
}

export function toReferral(row: {
  id: string;
  username: string;
  date_joined: Date;
  total_spent: string;
  commission_earned: string;
}): Referral {
  return {
    id: Number(row.id),
    username: row.username,
    date_joined: row.date_joined.toISOString(),
    total_spent: row.total_spent,
    commission_earned: row.commission_earned,
  };
}

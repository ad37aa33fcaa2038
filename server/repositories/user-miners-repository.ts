/** Reading user-miners with their miner and earnings so far, and their public shape (the UserMiner contract). */
import { sql } from 'kysely';
import type { UserMiner, UserMinersQuery } from '../../contracts/user-miners.ts';
import type { Db } from '../db/database.ts';

function selectUserMiners(db: Db) {
  return db
    .selectFrom('user_miners as um')
    .innerJoin('miners as m', 'm.id', 'um.miner_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('earning_days as ed')
          .whereRef('ed.user_miner_id', '=', 'um.id')
          .where('ed.outcome', '=', 'credited')
          .select([
            sql<string>`coalesce(sum(ed.gross), 0)::numeric(30, 8)`.as('gross'),
            sql<string>`coalesce(sum(ed.fee), 0)::numeric(30, 8)`.as('fees'),
            sql<string>`coalesce(sum(ed.gross - ed.fee), 0)::numeric(30, 8)`.as('net'),
            sql<string | null>`max(ed.day)::text`.as('last_earning_date'),
          ])
          .as('e'),
      (join) => join.onTrue(),
    )
    .selectAll('um')
    .select([
      'm.name as miner_name',
      'm.model as miner_model',
      'm.image as miner_image',
      'm.coin as miner_coin',
      'm.hashrate as miner_hashrate',
      'm.hashrate_unit as miner_hashrate_unit',
      'e.gross',
      'e.fees',
      'e.net',
      'e.last_earning_date',
    ]);
}

type UserMinerWithEarnings = Awaited<ReturnType<ReturnType<typeof selectUserMiners>['executeTakeFirstOrThrow']>>;

function filtered(db: Db, userId: string, filters: Omit<UserMinersQuery, 'limit' | 'offset'>) {
  let query = db.selectFrom('user_miners as um').where('um.user_id', '=', userId);
  if (filters.is_active !== undefined) query = query.where('um.is_active', '=', filters.is_active);
  if (filters.miner !== undefined) query = query.where('um.miner_id', '=', String(filters.miner));
  if (filters.ownership_type !== undefined) query = query.where('um.ownership_type', '=', filters.ownership_type);
  return query;
}

/** A user's miners, newest first, for paginate(). */
export function userMinersQuery(db: Db, userId: string, filters: Omit<UserMinersQuery, 'limit' | 'offset'>) {
  const ids = filtered(db, userId, filters).select('um.id');
  return selectUserMiners(db)
    .where('um.id', 'in', ids)
    .orderBy('um.created_at', 'desc')
    .orderBy('um.id', 'desc');
}

export function userMinersCount(db: Db, userId: string, filters: Omit<UserMinersQuery, 'limit' | 'offset'>) {
  return filtered(db, userId, filters).select((eb) => eb.fn.countAll<string>().as('count'));
}

/** One of the user's miners; undefined for another user's (answered 404, like a missing one). */
export function findUserMiner(db: Db, userId: string, id: string | number): Promise<UserMinerWithEarnings | undefined> {
  return selectUserMiners(db).where('um.id', '=', String(id)).where('um.user_id', '=', userId).executeTakeFirst();
}

export function toUserMiner(row: UserMinerWithEarnings): UserMiner {
  return {
    id: Number(row.id),
    miner: {
      id: Number(row.miner_id),
      name: row.miner_name,
      model: row.miner_model,
      image: row.miner_image,
      coin: row.miner_coin,
      hashrate: row.miner_hashrate,
      hashrate_unit: row.miner_hashrate_unit,
    },
    ownership_type: row.ownership_type,
    status: row.status,
    is_active: row.is_active,
    price_paid: row.price_paid,
    currency: 'USDT',
    rent_days: row.rent_days,
    rent_price_per_day: row.rent_price_per_day,
    maintenance_fee_per_day: row.maintenance_fee_per_day,
    hashrate: row.hashrate,
    hashrate_unit: row.hashrate_unit,
    coin: row.coin,
    started_at: row.started_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    ended_at: row.ended_at?.toISOString() ?? null,
    earnings: { gross: row.gross ?? '0.00000000', fees: row.fees ?? '0.00000000', net: row.net ?? '0.00000000' },
    last_earning_date: row.last_earning_date ?? null,
  };
}

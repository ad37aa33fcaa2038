/** The miner catalogue with each miner's coin, and its public shape (the Miner contract). */
import type { Miner } from '../../contracts/miners.ts';
import { mul, sub, toFixed } from '../../src/lib/money.ts';
import type { Db } from '../db/database.ts';
import type { Acquisition } from '../db/schema.ts';

/** Coin amounts to 8 places (a satoshi), dollar amounts to cents. */
const COIN_PLACES = 8;
const USD_PLACES = 2;

function selectMiners(db: Db) {
  return db
    .selectFrom('miners')
    .innerJoin('coins', 'coins.symbol', 'miners.coin')
    .selectAll('miners')
    .select([
      'coins.name as coin_name',
      'coins.price_usd as coin_price_usd',
      'coins.revenue_per_unit_day as coin_revenue_per_unit_day',
    ]);
}

type MinerWithCoin = Awaited<ReturnType<ReturnType<typeof selectMiners>['executeTakeFirstOrThrow']>>;

/** `?acquisition=`: the offers a miner must have, rent or buy ("both" has either). */
export type AcquisitionFilter = 'rent' | 'buy' | undefined;

function offered(filter: AcquisitionFilter): Acquisition[] {
  if (filter === 'rent') return ['rent', 'both'];
  if (filter === 'buy') return ['buy', 'both'];
  return ['rent', 'buy', 'both'];
}

/** Miners on sale, by coin, then price (purchase price, else daily rent), for paginate(). */
export function onSaleMinersQuery(db: Db, acquisition?: AcquisitionFilter) {
  return selectMiners(db)
    .where('miners.is_on_sale', '=', true)
    .where('miners.acquisition', 'in', offered(acquisition))
    .orderBy('miners.coin')
    .orderBy('miners.purchase_price', (ob) => ob.asc().nullsLast())
    .orderBy('miners.rent_price_per_day', (ob) => ob.asc().nullsLast())
    .orderBy('miners.id');
}

export function onSaleMinersCount(db: Db, acquisition?: AcquisitionFilter) {
  return db
    .selectFrom('miners')
    .where('is_on_sale', '=', true)
    .where('acquisition', 'in', offered(acquisition))
    .select((eb) => eb.fn.countAll<string>().as('count'));
}

/** Any miner by id, on sale or not: people who bought one still open its page. */
export function findMiner(db: Db, id: number): Promise<MinerWithCoin | undefined> {
  return selectMiners(db).where('miners.id', '=', String(id)).executeTakeFirst();
}

/**
 * The public shape, with today's estimate: hashrate x the coin's revenue per hash unit
 * (the schema guarantees the units match), priced at the coin's price, less the
 * maintenance fee. Exact decimal arithmetic throughout (src/lib/money.ts).
 */
export function toMiner(row: MinerWithCoin): Miner {
  const coinExact = mul(row.hashrate, row.coin_revenue_per_unit_day);
  const usdExact = mul(coinExact, row.coin_price_usd);
  return {
    id: Number(row.id),
    name: row.name,
    model: row.model,
    image: row.image,
    algorithm: row.algorithm,
    coin: { symbol: row.coin, name: row.coin_name, price_usd: row.coin_price_usd },
    hashrate: row.hashrate,
    hashrate_unit: row.hashrate_unit,
    power_w: row.power_w,
    efficiency_j_per_th: row.efficiency_j_per_th,
    acquisition: row.acquisition,
    rent_price_per_day: row.rent_price_per_day,
    rent_terms: row.rent_terms,
    purchase_price: row.purchase_price,
    maintenance_fee_per_day: row.maintenance_fee_per_day,
    stock: row.stock,
    is_on_sale: row.is_on_sale,
    created_at: row.created_at.toISOString(),
    estimated_daily_income: {
      coin_amount: toFixed(coinExact, COIN_PLACES),
      usd: toFixed(usdExact, USD_PLACES),
      assumptions: {
        revenue_per_unit_day: row.coin_revenue_per_unit_day,
        coin_price_usd: row.coin_price_usd,
        hash_unit: row.hashrate_unit,
      },
    },
    // From the exact income, so rounding happens once.
    estimated_daily_net_usd: toFixed(sub(usdExact, row.maintenance_fee_per_day), USD_PLACES),
  };
}

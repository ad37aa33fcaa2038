import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/db/errors.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import { demoCoins, demoMiners } from '../../server/db/seed-data.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { useTestApp } from './helpers/test-app.ts';

const t = useTestApp();

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of ['users', 'auth_tokens', 'coins', 'miners'] as const) {
    const { count } = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(count);
  }
  return counts;
}

describe('migrations and seed', () => {
  it('have brought the schema up to date and filled the catalogue', async () => {
    const applied = await t.db
      .selectFrom(sql.table('kysely_migration').as('m'))
      .select(sql<string>`name`.as('name'))
      .execute();
    expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations));
    expect(await rowCounts()).toEqual({ users: 1, auth_tokens: 0, coins: demoCoins.length, miners: demoMiners.length });
  });

  it('change nothing when run again', async () => {
    const before = await rowCounts();
    const priceBefore = await t.db
      .selectFrom('coins')
      .select(['symbol', 'price_usd', 'updated_at'])
      .orderBy('symbol')
      .execute();

    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await seedDemo(t.db)).toEqual({ coins: 0, miners: 0, users: 0 });
    expect(await migrateToLatest(t.db)).toEqual([]);
    expect(await seedDemo(t.db)).toEqual({ coins: 0, miners: 0, users: 0 });

    expect(await rowCounts()).toEqual(before);
    expect(
      await t.db.selectFrom('coins').select(['symbol', 'price_usd', 'updated_at']).orderBy('symbol').execute(),
    ).toEqual(priceBefore);
  });

  it("leave an operator's price changes alone when seeding again", async () => {
    await t.db.updateTable('coins').set({ price_usd: '123456.78' }).where('symbol', '=', 'BTC').execute();
    await seedDemo(t.db);
    const btc = await t.db
      .selectFrom('coins')
      .select('price_usd')
      .where('symbol', '=', 'BTC')
      .executeTakeFirstOrThrow();
    expect(btc.price_usd).toBe('123456.78000000');
  });

  it('keep usernames and emails unique whatever their letter case', async () => {
    const attempt = (username: string, email: string) =>
      t.db.insertInto('users').values({ username, email, password_hash: 'x', referral_code: 'UNIQUE01' }).execute();
    const error = await attempt('DEMO', 'other@example.test').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    const emailError = await attempt('someone', 'DEMO@hashharbor.EXAMPLE').catch((caught: unknown) => caught);
    expect(isUniqueViolation(emailError)).toBe(true);
  });

  it('refuse catalogue rows that break the rules', async () => {
    const base = { ...demoMiners[0]!, model: 'Broken 1T' };
    const broken = [
      // A price must match how the miner is offered: no purchase price on a rent-only miner...
      { ...base, acquisition: 'rent' as const },
      // ...no rent fields on a buy-only one, and each offer with its own fields.
      { ...base, acquisition: 'buy' as const },
      { ...base, acquisition: 'both' as const, rent_terms: null },
      { ...base, acquisition: 'both' as const, rent_terms: [] },
      { ...base, acquisition: 'both' as const, rent_terms: [30, 0] },
      { ...base, acquisition: 'buy' as const, purchase_price: null, rent_price_per_day: null, rent_terms: null },
      { ...base, stock: -1 },
      // Its hash unit must be the coin's: the estimate multiplies the two.
      { ...base, hashrate_unit: 'PH/s' as const },
      { ...base, image: 'https://elsewhere.example/s21.png' },
    ];
    for (const miner of broken) {
      await expect(t.db.insertInto('miners').values(miner).execute(), JSON.stringify(miner)).rejects.toThrow();
    }
    await expect(t.db.insertInto('miners').values(base).execute()).resolves.toBeDefined();
  });

  it('refuse a negative unread count', async () => {
    await expect(t.db.updateTable('users').set({ unread_message_count: -1 }).execute()).rejects.toThrow();
  });
});

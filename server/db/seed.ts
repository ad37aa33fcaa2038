/**
 * Demo data: the coin list, the miner catalogue and the demo account. Idempotent: rows
 * are matched by natural key (coin symbol, miner model, username/email) and only the
 * missing ones are inserted. Existing rows are left alone on purpose: the seed runs at
 * every start (SEED_DEMO), and must not undo an operator's price or stock changes, nor
 * reset the demo account's password.
 */
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './database.ts';
import { DEMO_PASSWORD, demoCoins, demoMiners, demoUser } from './seed-data.ts';

export interface SeedResult {
  coins: number;
  miners: number;
  users: number;
}

/** Inserts what is missing; returns how many rows of each kind it added. */
export async function seedDemo(db: Db): Promise<SeedResult> {
  const demoExists = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', demoUser.username.toLowerCase()),
        eb(eb.fn('lower', ['email']), '=', demoUser.email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  // Hashing costs ~0.3 s, so only when the account is actually missing.
  const passwordHash = demoExists ? null : await hashPassword(DEMO_PASSWORD);

  return db.transaction().execute(async (trx) => {
    const coins = await trx
      .insertInto('coins')
      .values(demoCoins)
      .onConflict((oc) => oc.column('symbol').doNothing())
      .executeTakeFirst();
    const miners = await trx
      .insertInto('miners')
      .values(demoMiners)
      .onConflict((oc) => oc.column('model').doNothing())
      .executeTakeFirst();
    const users = passwordHash
      ? await trx
          .insertInto('users')
          .values({ ...demoUser, password_hash: passwordHash })
          // Either unique index (lower(username), lower(email)) may match.
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst()
      : { numInsertedOrUpdatedRows: 0n };
    return {
      coins: Number(coins.numInsertedOrUpdatedRows ?? 0n),
      miners: Number(miners.numInsertedOrUpdatedRows ?? 0n),
      users: Number(users.numInsertedOrUpdatedRows ?? 0n),
    };
  });
}

/**
 * What must hold in the database after any fault or race, whatever answers the clients
 * got: the ledger sums to the balances (mining.ts), every order is whole (its user-miner,
 * its ledger line and the debit, or none of them), every settled day is whole (its claim
 * in earning_days and exactly its earning and fee lines), and no stock is negative.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { assertLedgerMatchesBalances } from './mining.ts';

export async function assertBooksWhole(db: Db): Promise<void> {
  await assertLedgerMatchesBalances(db);
  await assertOrdersWhole(db);
  await assertSettledDaysWhole(db);
  const negativeStock = await db.selectFrom('miners').select(['id', 'stock']).where('stock', '<', 0).execute();
  expect(negativeStock, 'miners with negative stock').toEqual([]);
}

/**
 * acquire-miner.ts writes a user-miner, its purchase or rent line (minus the price paid,
 * completed) and the debit in one transaction; the debit's amount is checked by
 * assertLedgerMatchesBalances, which compares every completed line with its entries.
 */
async function assertOrdersWhole(db: Db): Promise<void> {
  const userMinersWithoutOneOrder = await sql<{ id: string; orders: string }>`
    select um.id, count(t.id) as orders
    from user_miners um
    left join transactions t on t.user_miner_id = um.id and t.type in ('purchase', 'rent')
    group by um.id
    having count(t.id) <> 1
  `.execute(db);
  expect(userMinersWithoutOneOrder.rows, 'user-miners without exactly one purchase or rent line').toEqual([]);

  const ordersUnlikeTheirMiner = await sql<{ id: string }>`
    select t.id
    from transactions t
    left join user_miners um on um.id = t.user_miner_id
    where t.type in ('purchase', 'rent')
      and (um.id is null
        or t.user_id <> um.user_id
        or t.status <> 'completed'
        or t.amount <> -um.price_paid
        or t.type <> (case um.ownership_type when 'rent' then 'rent' else 'purchase' end))
  `.execute(db);
  expect(ordersUnlikeTheirMiner.rows, 'purchase or rent lines without their user-miner, or unlike it').toEqual([]);

  const strayCommissions = await sql<{ id: string }>`
    select c.id
    from transactions c
    left join transactions o on o.id = c.related_transaction_id and o.type in ('purchase', 'rent')
    where c.type = 'referral_commission' and o.id is null
  `.execute(db);
  expect(strayCommissions.rows, 'referral commissions without the order that paid them').toEqual([]);
}

/** jobs/earnings.ts: a day is claimed in earning_days and, when credited, gets its earning and fee lines. */
async function assertSettledDaysWhole(db: Db): Promise<void> {
  const unlikeTheirClaim = await sql<{ user_miner_id: string; day: string }>`
    select ed.user_miner_id, ed.day, ed.outcome, ed.gross, ed.fee, e.amount as earned, f.amount as charged
    from earning_days ed
    left join transactions e on e.user_miner_id = ed.user_miner_id and e.earning_date = ed.day and e.type = 'earning'
    left join transactions f on f.user_miner_id = ed.user_miner_id and f.earning_date = ed.day and f.type = 'fee'
    where (ed.outcome = 'credited' and (coalesce(e.amount, 0) <> ed.gross or coalesce(f.amount, 0) <> -ed.fee))
       or (ed.outcome = 'paused' and (e.id is not null or f.id is not null))
  `.execute(db);
  expect(unlikeTheirClaim.rows, 'settled days whose earning and fee lines differ from the claim').toEqual([]);

  const unclaimedLines = await sql<{ id: string }>`
    select t.id
    from transactions t
    where t.type in ('earning', 'fee')
      and not exists (
        select 1 from earning_days ed
        where ed.user_miner_id = t.user_miner_id and ed.day = t.earning_date and ed.outcome = 'credited'
      )
  `.execute(db);
  expect(unclaimedLines.rows, 'earning or fee lines without a credited day').toEqual([]);
}

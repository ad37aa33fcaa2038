import { beforeAll, describe, expect, it } from 'vitest';
import type { ReferralInfo, ReferralList } from '../../contracts/referrals.ts';
import type { TransactionList } from '../../contracts/transactions.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import {
  balance,
  fund,
  key,
  minerId,
  newCustomer,
  notificationsOf,
  type Customer,
  useMiningTestApp,
} from './helpers/mining.ts';

const en = useTranslations('en');

const t = useMiningTestApp({ env: { PUBLIC_SITE_URL: 'https://hashharbor.example' } });

const get = (customer: Customer, url: string) => t.app.inject({ method: 'GET', url, headers: customer.headers });
async function order(customer: Customer, model: string, rentDays?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user-miners/',
    headers: customer.headers,
    payload: {
      miner: await minerId(t.db, model),
      ownership_type: rentDays ? 'rent' : 'own',
      ...(rentDays ? { rent_days: rentDays } : {}),
      idempotency_key: key(),
    },
  });
  expect(response.statusCode).toBe(201);
}

describe('referral commissions', () => {
  let referrer: Customer;
  let friend: Customer;
  beforeAll(async () => {
    referrer = await newCustomer(t, 'referrer');
    friend = await newCustomer(t, 'friend', { referredBy: referrer });
    await fund(t, friend, 'USDT', '4000');
  });

  it('pay the referrer 5% of a referred purchase, as a ledger line both can see', async () => {
    await order(friend, 'S21 200T');
    // 5% of 3400 USDT; the friend pays the price and nothing more.
    expect(await balance(t, referrer, 'USDT')).toBe('170.00000000');
    expect(await balance(t, friend, 'USDT')).toBe('600.00000000');

    const [commission] = (await get(referrer, '/api/transactions/')).json<TransactionList>().results;
    const [purchase] = (await get(friend, '/api/transactions/?type=purchase')).json<TransactionList>().results;
    expect(commission).toMatchObject({
      type: 'referral_commission',
      status: 'completed',
      currency: 'USDT',
      amount: '170.00000000',
      related_transaction_id: purchase!.id,
      description: en('transaction.referral_commission', {
        rate: '5',
        price: '3400.00',
        username: friend.username,
        miner: 'Antminer S21',
      }),
    });
    expect(purchase!.description).toBe(
      en('transaction.purchaseReferred', { miner: 'Antminer S21', model: 'S21 200T', commission: '170.00' }),
    );
    expect(await notificationsOf(t.db, referrer)).toEqual([
      {
        kind: 'referral_commission',
        title: en('notification.referral_commission.title'),
        body: en('notification.referral_commission.body', {
          username: friend.username,
          price: '3400.00',
          currency: 'USDT',
          miner: 'Antminer S21',
          rate: '5',
          amount: '170.00',
        }),
      },
    ]);
  });

  it('pay on rents too, to 8 decimals', async () => {
    await order(friend, 'S19k Pro 120T', 30);
    // 1.35 x 30 = 40.50; 5% = 2.025.
    expect(await balance(t, referrer, 'USDT')).toBe('172.02500000');
  });

  it('go one level only', async () => {
    const friendOfFriend = await newCustomer(t, 'second', { referredBy: friend });
    await fund(t, friendOfFriend, 'USDT', '100');
    await order(friendOfFriend, 'KS5 Pro 21T', 30);
    // 54 USDT: 2.70 to the friend who referred them (559.50 + 2.70), nothing to the friend's referrer.
    expect(await balance(t, friend, 'USDT')).toBe('562.20000000');
    expect(await balance(t, referrer, 'USDT')).toBe('172.02500000');
  });

  it('are not paid to a referrer whose account was deleted', async () => {
    const gone = await newCustomer(t, 'gone');
    const orphan = await newCustomer(t, 'orphan', { referredBy: gone });
    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    await fund(t, orphan, 'USDT', '100');
    await order(orphan, 'KS5 Pro 21T', 30);
    expect(await balance(t, gone, 'USDT')).toBe('0.00000000');
    const [rent] = (await get(orphan, '/api/transactions/?type=rent')).json<TransactionList>().results;
    expect(rent!.description_key).toBe('transaction.rent');
  });

  it('show in GET /api/referral_info/: code, link, rate, counts and totals', async () => {
    const idle = await newCustomer(t, 'idle', { referredBy: referrer });
    expect(idle.id).toBeTruthy();
    const response = await get(referrer, '/api/referral_info/');
    expect(response.statusCode).toBe(200);
    const code = (await t.db.selectFrom('users').select('referral_code').where('id', '=', referrer.id).executeTakeFirstOrThrow())
      .referral_code;
    expect(response.json<ReferralInfo>()).toEqual({
      code,
      link: `https://hashharbor.example/signup?ref=${code}`,
      rate: '0.05',
      referred_count: 2,
      active_referred_count: 1,
      totals: [{ currency: 'USDT', amount: '172.02500000' }],
    });
  });

  it('list the referred people in GET /api/referrals/, newest first, without their emails', async () => {
    const page = (await get(referrer, '/api/referrals/')).json<ReferralList>();
    expect(page.count).toBe(2);
    expect(page.results[1]).toEqual({
      id: Number(friend.id),
      username: friend.username,
      date_joined: expect.any(String),
      total_spent: '3440.50000000',
      commission_earned: '172.02500000',
    });
    expect(page.results[0]).toMatchObject({ total_spent: '0.00000000', commission_earned: '0.00000000' });
    expect(JSON.stringify(page)).not.toContain('@');
    expect((await get(referrer, '/api/referrals/?limit=1')).json<ReferralList>()).toMatchObject({
      count: 2,
      next: '/api/referrals/?limit=1&offset=1',
    });
  });

  it('start at zero for someone who has referred nobody', async () => {
    const loner = await newCustomer(t, 'loner');
    expect((await get(loner, '/api/referral_info/')).json<ReferralInfo>()).toMatchObject({
      referred_count: 0,
      active_referred_count: 0,
      totals: [{ currency: 'USDT', amount: '0.00000000' }],
    });
    expect((await get(loner, '/api/referrals/')).json<ReferralList>()).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it('need a signed-in client', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/referral_info/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/referrals/' })).statusCode).toBe(401);
  });
});

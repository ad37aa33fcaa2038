import * as OTPAuth from 'otpauth';
import type { APIRequestContext } from '@playwright/test';
import type { Miner, MinerList } from '../../contracts/miners.ts';
import { toFixed } from '../../src/lib/money.ts';
import { test, expect, islandsReady, signUp, unique } from './fixtures.ts';
import { advanceServerClock, operator } from './support/operator.ts';

async function fundedPurchase(request: APIRequestContext, token: string, miner: Miner) {
  const auth = { Authorization: `Bearer ${token}` };
  const deposit = await request.post('/api/transactions/', {
    headers: auth,
    data: { type: 'deposit', currency: 'USDT', amount: toFixed(miner.purchase_price!, 2) },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await expect.poll(async () => (await (await request.post('/api/transactions/verify/', { headers: auth })).json()).completed, { timeout: 15_000 }).toBe(1);
  const bought = await request.post('/api/user-miners/', { headers: auth, data: { miner: miner.id, ownership_type: 'own', idempotency_key: `friend-${unique()}` } });
  expect(bought.status(), await bought.text()).toBe(201);
}

let clockMoved = 0;
test.afterAll(async () => {
  // Leave the server's clock where the wall clock is.
  if (clockMoved) await advanceServerClock(-clockMoved);
});

test('a new customer funds the wallet, rents and buys, earns, withdraws with 2FA, and earns a referral commission', async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await signUp(request);
  const auth = { Authorization: `Bearer ${session.token}` };
  await page.addInitScript((data) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('userData', JSON.stringify(data));
      sessionStorage.setItem('seeded', '1');
    }
  }, session);
  const catalogue = ((await (await request.get('/api/miners/?limit=100', { headers: auth })).json()) as MinerList).results;
  const rentable = catalogue.filter((m) => m.rent_price_per_day && m.stock > 0).sort((a, b) => Number(a.rent_price_per_day) - Number(b.rent_price_per_day))[0]!;
  const buyable = catalogue.filter((m) => m.purchase_price && m.stock > 0).sort((a, b) => Number(a.purchase_price) - Number(b.purchase_price))[0]!;

  // Deposit through the sandbox gateway and see it confirmed.
  await page.goto('/wallet');
  await islandsReady(page);
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByLabel('Amount').first().fill('10000');
  await page.getByRole('button', { name: 'Get payment details' }).click();
  await expect(page.getByText(/Send exactly 10,000\.00 USDT/)).toBeVisible();
  // One check at a time, read after its answer: a check made after the confirmation
  // rightly answers "Not confirmed yet" (nothing new), so reading a stale status and
  // clicking again would hide the confirmation.
  const checkStatus = page.getByRole('status').filter({ hasText: /confirmed|Not confirmed/ });
  await expect
    .poll(async () => {
      const checkNow = page.getByRole('button', { name: /check now/ });
      await checkNow.click();
      await expect(checkNow).toBeEnabled();
      return checkStatus.innerText();
    }, { timeout: 30_000, intervals: [2_500] })
    .toContain('Payment confirmed');
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('10,000.00 USDT');

  // Rent one miner, buy another.
  await page.goto('/rentminer');
  await islandsReady(page);
  await page.getByRole('link', { name: new RegExp(rentable.name) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/rentminer/${rentable.id}$`));
  await islandsReady(page);
  await page.getByRole('button', { name: /^Rent for/ }).click();
  await expect(page.getByRole('status')).toContainText('is now in My miners');

  await page.goto(`/marketplace/${buyable.id}`);
  await islandsReady(page);
  await page.getByRole('button', { name: /^Buy for/ }).click();
  await expect(page.getByRole('status')).toContainText('is now in My miners');

  await page.goto('/myminers');
  await islandsReady(page);
  const mine = page.getByRole('list', { name: 'My miners' }).getByRole('listitem');
  await expect(mine).toHaveCount(2);
  await expect(mine.filter({ hasText: 'Rented' })).toHaveCount(1);
  await expect(mine.filter({ hasText: 'Owned' })).toHaveCount(1);

  // A day passes; the earnings job credits it; the ledger and the chart show it.
  const DAY_AHEAD = 26 * 3600;
  await advanceServerClock(DAY_AHEAD);
  clockMoved = DAY_AHEAD;
  expect(operator('earnings', 'run')).toMatch(/credited/i);
  await page.goto('/profiletransaction');
  await islandsReady(page);
  await page.getByLabel('Type').selectOption('earning');
  await expect(page.getByRole('row').filter({ hasText: 'Earning' }).first()).toBeVisible();
  await page.goto('/dashboards');
  await islandsReady(page);
  await expect(page.getByRole('img', { name: 'Daily earnings' })).toBeVisible();
  expect(await page.locator('svg[role="img"] rect').count()).toBeGreaterThan(0);
  // Back to the wall clock for the rest (payments, authenticator codes).
  await advanceServerClock(-DAY_AHEAD);
  clockMoved = 0;

  // Two-factor on (through the API), then a withdrawal that needs the code.
  const setup = await (await request.post('/api/enable_totp/', { headers: auth })).json();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret) });
  const code = (steps: number) => totp.generate({ timestamp: Date.now() + steps * 30_000 });
  expect((await request.post('/api/verify_totp/', { headers: auth, data: { code: code(0) } })).status()).toBe(200);
  await page.goto('/wallet');
  await islandsReady(page);
  const withdraw = page.locator('form').filter({ has: page.getByRole('button', { name: 'Request withdrawal' }) });
  await withdraw.getByLabel('Amount').fill('25');
  await withdraw.getByLabel('Destination address').fill('TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9');
  await withdraw.getByLabel('Two-factor code').fill(code(1));
  await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByText('Withdrawal requested')).toBeVisible();

  // The operator approves it.
  const pending = (await (await request.get('/api/transactions/?type=withdrawal', { headers: auth })).json()).results[0];
  expect(pending.status).toBe('pending');
  expect(operator('withdrawals', 'approve', String(pending.id))).toBeTruthy();
  await page.goto('/profiletransaction');
  await islandsReady(page);
  await page.getByLabel('Type').selectOption('withdrawal');
  await expect(page.getByRole('row').filter({ hasText: 'Withdrawal' }).first()).toContainText('Completed');

  // A friend joins with the referral link and buys: the commission shows on /referals.
  const friend = await signUp(request, session.user.referral_code);
  await fundedPurchase(request, friend.token, buyable);
  await page.goto('/referals');
  await islandsReady(page);
  await expect(page.getByRole('row').filter({ hasText: friend.user.username })).toBeVisible();
  await expect(page.getByText('Commission earned').locator('..')).not.toContainText('0.00 USDT');
});

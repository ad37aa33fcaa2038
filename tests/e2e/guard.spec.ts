import { test, expect, storeSession } from './fixtures.ts';

test('a new visitor at / lands on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
});

test('every signed-in and restricted screen sends a visitor without a token to login', async ({ page }) => {
  for (const path of ['/wallet', '/home', '/rentminer/3', '/profilemarketplace/5', '/faq']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
  }
});

test('a 401 from the API clears the session and sends the visitor to login', async ({ page }) => {
  await storeSession(page, { token: 'forged-or-expired-token', user: { id: 1, username: 'demo', unread_message_count: 2 } });
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login\?next=%2Fwallet$/);
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
});

test('after signing in the visitor returns to the page they asked for', async ({ page }) => {
  await page.goto('/referals');
  await expect(page).toHaveURL(/\/login\?next=%2Freferals$/);
  await page.getByLabel('Username or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('hashpower-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/referals$/);
  await expect(page.getByRole('link', { name: 'Referals' }).first()).toHaveAttribute('aria-current', 'page');
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  await expect(page).toHaveURL(/\/login$/);
});

import { test, expect, islandsReady } from './fixtures.ts';

const entries = [
  ['Dashboard', '/dashboards'],
  ['My miners', '/myminers'],
  ['Store', '/profilemarketplace'],
  ['Transactions', '/profiletransaction'],
  ['Wallet', '/wallet'],
  ['Referals', '/referals'],
  ['Profile', '/profiles'],
] as const;

test.describe('signed-in layout', () => {
  test('renders the side menu, tickers, bell and the user block', async ({ signedInPage: page }) => {
    await page.goto('/dashboards');
    const menu = page.getByRole('complementary').getByRole('navigation');
    await expect(menu.getByRole('link')).toHaveText(entries.map(([name]) => name));
    await expect(page.getByRole('complementary').getByRole('link', { name: 'HashHarbor home' })).toHaveAttribute('href', '/home');
    await expect(page.getByRole('list', { name: 'Coin prices' }).first()).toContainText('BTC');
    await expect(page.getByRole('button', { name: /notifications/i })).toBeVisible();
    const userBlock = page.getByRole('link', { name: /Signed in as demo/ });
    await expect(userBlock).toHaveAttribute('href', '/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const header = await page.locator('header').first().boundingBox();
    expect(Math.round(header!.height)).toBe(81);
    const panel = await page.getByRole('complementary').boundingBox();
    expect(panel!.width).toBe(250);
  });

  test('highlights exactly the current entry, and Store on any /profilemarketplace path', async ({ signedInPage: page }) => {
    const menu = page.getByRole('complementary').getByRole('navigation');
    for (const [name, path] of entries) {
      await page.goto(path);
      await expect(menu.locator('[aria-current="page"]')).toHaveText([name]);
    }
    await page.goto('/profilemarketplace/5');
    await expect(menu.locator('[aria-current="page"]')).toHaveText(['Store']);
    await page.goto('/settings');
    await expect(menu.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('opens the drawer from the hamburger on a phone and closes it after navigating', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/wallet');
    await islandsReady(page);
    // The drawer hydrates on small screens only (client:media).
    await page.waitForFunction(() => !document.querySelector('astro-island[client="media"][ssr]'));
    await expect(page.getByRole('complementary')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main menu' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box!.x).toBe(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Referals' }).click();
    await expect(page).toHaveURL(/\/referals$/);
    await page.waitForFunction(() => !document.querySelector('astro-island[client="media"][ssr]'));
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.locator('[aria-current="page"]')).toHaveText(['Referals']);
  });

  test('the user block leads to /dashboards', async ({ signedInPage: page }) => {
    await page.goto('/wallet');
    await page.getByRole('link', { name: /Signed in as demo/ }).click();
    await expect(page).toHaveURL(/\/dashboards$/);
  });
});

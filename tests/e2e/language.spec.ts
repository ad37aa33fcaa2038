import { test, expect } from './fixtures.ts';

test('the picker switches to Arabic, and the choice survives a reload and an unprefixed URL', async ({ signedInPage: page }) => {
  await page.goto('/dashboards');
  await page.getByRole('button', { name: /Language/ }).click();
  const menu = page.locator('#language-menu');
  await expect(menu.getByRole('link')).toHaveCount(6);
  await expect(menu.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expect(menu.getByRole('link', { name: 'العربية' }).locator('img')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Deutsch' }).locator('img')).toHaveCount(1);
  await menu.getByRole('link', { name: 'العربية' }).click();

  await expect(page).toHaveURL(/\/ar\/dashboards$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
  // Mirrored: the side panel sits on the right in RTL.
  const panel = await page.getByRole('complementary').boundingBox();
  expect(panel!.x).toBeGreaterThan(600);

  await page.reload();
  await expect(page).toHaveURL(/\/ar\/dashboards$/);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/ar\/wallet$/);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
});

test('the picker on the login page keeps the route and closes on an outside click', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /Language/ }).click();
  await expect(page.locator('#language-menu')).toBeVisible();
  await page.mouse.click(5, 500);
  await expect(page.locator('#language-menu')).toBeHidden();
  await page.getByRole('button', { name: /Language/ }).click();
  await page.locator('#language-menu').getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('no English is left on the translated pages', async ({ page }) => {
  for (const lang of ['ru', 'es', 'ar', 'tr', 'de']) {
    await page.goto(`/${lang}/login?lang=${lang}`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
    const text = await page.locator('body').innerText();
    for (const english of ['Sign in', 'Password', 'Forgot password', 'Create an account', 'Privacy']) {
      expect(text, `${lang} login page`).not.toContain(english);
    }
  }
});

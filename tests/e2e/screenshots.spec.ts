import { test, expect, apiSignIn, islandsReady, storeSession } from './fixtures.ts';

/**
 * Every screen as a person sees it, saved for review: phone and desktop, English and
 * Arabic (right to left). Screens wait until their data has replaced "Loading...".
 */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];
const publicScreens = ['/login', '/signup', '/registration', '/verification', '/loginVerification', '/reset', '/verificationReset', '/privacy', '/terms'];
const signedInScreens = [
  '/home',
  '/dashboards',
  '/dashboard',
  '/rentminer',
  '/rentminer/1',
  '/marketplace',
  '/marketplace/2',
  '/profilemarketplace',
  '/profilemarketplace/1',
  '/myminers',
  '/profilerentminers',
  '/profiletransaction',
  '/wallet',
  '/referals',
  '/profiles',
  '/faq',
];
const fileName = (path: string) => path.slice(1).replace(/\//g, '-') || 'index';

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of viewports) {
    test(`screenshots ${locale} ${viewport.name}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/login?lang=${locale}`);
      for (const path of publicScreens) {
        await page.goto(`${prefix}${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await page.screenshot({ path: `test-results/screenshots/${fileName(path)}-${locale}-${viewport.name}.png`, fullPage: true });
      }

      await storeSession(page, await apiSignIn(request), locale);
      for (const path of signedInScreens) {
        await page.goto(`${prefix}${path}`);
        await islandsReady(page);
        // Islands below the fold hydrate when scrolled to (client:visible).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(page.getByRole('status').filter({ hasText: /\.\.\.$/ })).toHaveCount(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `test-results/screenshots/${fileName(path)}-${locale}-${viewport.name}.png`, fullPage: true });
      }

      // The notification panel, open (the demo account has unread sign-in notices by now).
      await page.goto(`${prefix}/dashboards`);
      await islandsReady(page);
      await page.locator('header button[aria-controls="notification-panel"]').click();
      await expect(page.locator('#notification-panel li').first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/notification-panel-${locale}-${viewport.name}.png` });
    });
  }
}

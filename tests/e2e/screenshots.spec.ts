import { test, expect, apiSignIn, storeSession } from './fixtures.ts';

/** Screens a person looks at before anything ships: phone and desktop, English and Arabic. */
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

for (const locale of ['en', 'ar'] as const) {
  for (const viewport of viewports) {
    test(`screenshots ${locale} ${viewport.name}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      await page.goto(`${prefix}/login?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.screenshot({ path: `test-results/screenshots/login-${locale}-${viewport.name}.png`, fullPage: true });

      await storeSession(page, await apiSignIn(request), locale);
      await page.goto(`${prefix}/dashboards`);
      await expect(page.getByRole('link', { name: /demo/ })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/dashboards-${locale}-${viewport.name}.png`, fullPage: true });
    });
  }
}

import { test, expect, storeSession, apiSignIn } from './fixtures.ts';
import { locales, localizePath } from '../../src/i18n/locales.ts';

test('FAQ, privacy and terms are plain HTML in all six languages', async ({ page, request }) => {
  await storeSession(page, await apiSignIn(request));
  for (const locale of locales) {
    for (const path of ['/faq', '/privacy', '/terms']) {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(`${localizePath(path, locale)}?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      expect(scripts, `${locale} ${path} loads no script files`).toEqual([]);
      expect(await page.locator('astro-island').count()).toBe(0);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      if (path === '/faq') {
        expect(await page.locator('details').count()).toBeGreaterThanOrEqual(12);
        await page.locator('details summary').first().click();
        await expect(page.locator('details').first()).toHaveAttribute('open', '');
      } else {
        expect((await page.locator('main').innerText()).length).toBeGreaterThan(3000);
      }
      page.removeAllListeners('request');
    }
  }
});

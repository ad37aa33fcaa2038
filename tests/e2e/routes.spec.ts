import { test, expect } from '@playwright/test';
import { localizePath, locales } from '../../src/i18n/locales.ts';
import { ID_SHELL_SEGMENT, screenRoutes } from '../../src/lib/routes.ts';

const paths = screenRoutes.map((route) => route.path.replace(`/${ID_SHELL_SEGMENT}`, '/7'));

test('every route of the spec exists in all six locales', async ({ request }) => {
  for (const locale of locales) {
    for (const path of paths) {
      const url = localizePath(path, locale);
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(await response.text(), url).toContain(`<html lang="${locale}"`);
    }
  }
});

test('unknown pages answer 404 in the locale of the URL', async ({ request }) => {
  const response = await request.get('/ar/no-such-page');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('<html lang="ar"');
});

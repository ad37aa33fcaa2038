/**
 * Request budgets: what each screen asks the network for until it is idle, in a real
 * browser on a phone. Every request costs a round trip on a slow network, so a screen that
 * starts loading more scripts or calling more endpoints (or one endpoint twice) fails here.
 */
import type { Page } from '@playwright/test';
import { ID_SHELL_SEGMENT, screenRoutes } from '../../src/lib/routes.ts';
import { pageKind, type PageKind } from '../budget/page-kinds.ts';
import { apiSignIn, expect, islandsReady, storeSession, test } from './fixtures.ts';

const BUDGET: Record<PageKind, { scripts: number; api: number; total: number }> = {
  auth: { scripts: 3, api: 1, total: 8 },
  content: { scripts: 0, api: 0, total: 4 },
  signedIn: { scripts: 8, api: 3, total: 20 },
};

interface Seen {
  scripts: string[];
  api: string[];
  total: number;
}

async function visit(page: Page, path: string): Promise<Seen> {
  const seen: Seen = { scripts: [], api: [], total: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.total += 1;
    if (request.resourceType() === 'script') seen.scripts.push(url.pathname);
    if (url.pathname.startsWith('/api/')) seen.api.push(url.pathname + url.search);
  });
  await page.goto(path);
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('request');
  return seen;
}

test('every screen stays within its request budget and calls no endpoint twice', async ({ browser, request }) => {
  const session = await apiSignIn(request);
  const rows: Array<Record<string, string | number>> = [];
  const problems: string[] = [];
  for (const route of screenRoutes) {
    const kind = pageKind(route.path);
    const path = route.path.replace(ID_SHELL_SEGMENT, '1');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (kind !== 'auth') await storeSession(page, session);
    const seen = await visit(page, path);
    await context.close();

    const budget = BUDGET[kind];
    rows.push({ path, kind, scripts: seen.scripts.length, api: seen.api.length, total: seen.total });
    if (seen.scripts.length > budget.scripts) problems.push(`${path}: ${seen.scripts.length} scripts > ${budget.scripts}`);
    if (seen.api.length > budget.api) problems.push(`${path}: ${seen.api.length} API calls > ${budget.api}: ${seen.api.join(' ')}`);
    if (seen.total > budget.total) problems.push(`${path}: ${seen.total} requests > ${budget.total}`);
    const twice = seen.api.filter((call, index) => seen.api.indexOf(call) !== index);
    if (twice.length) problems.push(`${path}: called twice: ${twice.join(' ')}`);
  }
  console.table(rows);
  expect(problems).toEqual([]);
});

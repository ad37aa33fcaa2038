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

test.use({ viewport: { width: 390, height: 844 } });

// One test per screen: each loads a page until the network is idle, and together they take
// longer than one test's time limit.
for (const route of screenRoutes) {
  const kind = pageKind(route.path);
  const path = route.path.replace(ID_SHELL_SEGMENT, '1');
  test(`${path} stays within the ${kind} request budget and calls no endpoint twice`, async ({ page, request }) => {
    if (kind !== 'auth') await storeSession(page, await apiSignIn(request));
    const seen = await visit(page, path);
    const budget = BUDGET[kind];
    const counts = { scripts: seen.scripts.length, api: seen.api.length, total: seen.total };
    test.info().annotations.push({ type: 'requests', description: JSON.stringify(counts) });
    expect(counts.scripts, `scripts: ${seen.scripts.join(' ')}`).toBeLessThanOrEqual(budget.scripts);
    expect(counts.api, `API calls: ${seen.api.join(' ')}`).toBeLessThanOrEqual(budget.api);
    expect(counts.total, 'requests in all').toBeLessThanOrEqual(budget.total);
    expect(seen.api.filter((call, index) => seen.api.indexOf(call) !== index), 'endpoints called twice').toEqual([]);
  });
}

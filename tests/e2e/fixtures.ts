import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import type { UserData } from '../../contracts/auth.ts';
import { nextCode } from './support/mailbox.ts';

export const unique = () => randomBytes(4).toString('hex');

export const DEMO = { username: 'demo', password: 'hashpower-2026' };

/** Signs in through the API and returns the userData object the site stores. */
export async function apiSignIn(request: APIRequestContext, credentials = DEMO) {
  const response = await request.post('/api/login/', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as UserData;
}

/** Signs a new customer up through the API (the UI signup has its own test) and returns userData. */
export async function signUp(request: APIRequestContext, referralCode?: string) {
  const name = `m_${unique()}`;
  const email = `${name}@example.test`;
  const registered = await request.post('/api/register/', {
    data: { username: name, email, password: 'harbour-lights-42', language: 'en', ...(referralCode ? { referral_code: referralCode } : {}) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await request.post('/api/otp/', { data: { purpose: 'signup', email, code: await nextCode(email, 0) } });
  expect(verified.status()).toBe(200);
  return (await verified.json()) as UserData;
}

/** Puts userData (and optionally a language) in localStorage before any page script runs. */
export async function storeSession(page: Page, userData: unknown, lang?: string) {
  await page.addInitScript(
    ([data, language]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('userData', JSON.stringify(data));
        if (language) localStorage.setItem('lang', language);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [userData, lang] as const,
  );
}

/**
 * Waits until the page's eagerly hydrated islands are live (Astro drops their `ssr`
 * attribute then). client:media and client:visible islands hydrate only when shown.
 */
export async function islandsReady(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[client="load"][ssr]').length === 0);
}

export const test = base.extend<{ signedInPage: Page }>({
  // Every page of every journey runs under the site's Content-Security-Policy; anything it
  // blocks (an inline script or style, eval, a foreign host) fails the test.
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  signedInPage: async ({ page, request }, use) => {
    await storeSession(page, await apiSignIn(request));
    await use(page);
  },
});

export { expect };

import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { headScript } from './head-script.ts';

/** Runs the head script against a fake page and storage; returns where it navigated. */
function visit(url: string, pageLang: string, options: { guard?: boolean; storage?: Record<string, string> } = {}) {
  const storage = new Map(Object.entries(options.storage ?? {}));
  const location = new URL(url);
  let replacedTo: string | null = null;
  let historyUrl: string | null = null;
  const attributes = new Set(options.guard ? ['data-guard'] : []);
  const context = {
    document: {
      documentElement: {
        lang: pageLang,
        hasAttribute: (name: string) => attributes.has(name),
        setAttribute: (name: string) => attributes.add(name),
      },
    },
    window: {
      location: {
        pathname: location.pathname,
        search: location.search,
        hash: location.hash,
        replace: (to: string) => (replacedTo = to),
      },
      history: { replaceState: (_s: unknown, _t: string, to: string) => (historyUrl = to) },
    },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    URLSearchParams,
  };
  runInNewContext(headScript, context);
  return { replacedTo, historyUrl, storage };
}

const signedIn = { userData: JSON.stringify({ token: 'abc', user: { username: 'demo' } }) };

describe('head script', () => {
  it('stores English when no language is stored (spec §4)', () => {
    const { storage, replacedTo } = visit('https://x.test/login', 'en');
    expect(storage.get('lang')).toBe('en');
    expect(replacedTo).toBeNull();
  });

  it('sends a visitor to the same route in their stored language', () => {
    expect(visit('https://x.test/wallet?x=1#top', 'en', { storage: { lang: 'ar', ...signedIn } }).replacedTo).toBe(
      '/ar/wallet?x=1#top',
    );
    expect(visit('https://x.test/ru/wallet', 'ru', { storage: { lang: 'en' } }).replacedTo).toBe('/wallet');
    expect(visit('https://x.test/de', 'de', { storage: { lang: 'tr' } }).replacedTo).toBe('/tr');
    expect(visit('https://x.test/rentminer/42', 'en', { storage: { lang: 'es' } }).replacedTo).toBe('/es/rentminer/42');
  });

  it('takes ?lang= from the language picker as the new choice', () => {
    const { storage, replacedTo, historyUrl } = visit('https://x.test/login?lang=ar&ref=abc', 'en', { storage: { lang: 'en' } });
    expect(storage.get('lang')).toBe('ar');
    expect(historyUrl).toBe('/login?ref=abc');
    expect(replacedTo).toBe('/ar/login?ref=abc');
  });

  it('ignores an unknown language', () => {
    const { storage, replacedTo } = visit('https://x.test/login?lang=xx', 'en', { storage: { lang: 'fr' } });
    expect(storage.get('lang')).toBe('en');
    expect(replacedTo).toBeNull();
  });

  it('sends a visitor without a token from a guarded page to login in their language', () => {
    expect(visit('https://x.test/ar/wallet', 'ar', { guard: true, storage: { lang: 'ar' } }).replacedTo).toBe(
      '/ar/login?next=%2Fwallet',
    );
    expect(visit('https://x.test/', 'en', { guard: true, storage: { userData: '{"user":{}}' } }).replacedTo).toBe(
      '/login?next=%2F',
    );
    expect(visit('https://x.test/home', 'en', { guard: true, storage: { userData: 'not json' } }).replacedTo).toBe(
      '/login?next=%2Fhome',
    );
  });

  it('lets a visitor with a token stay on a guarded page', () => {
    expect(visit('https://x.test/wallet', 'en', { guard: true, storage: { lang: 'en', ...signedIn } }).replacedTo).toBeNull();
  });
});

/**
 * The FAQ, privacy policy and terms as the signed-in screens load them: in the language
 * the client asks for, from the same sources as the prerendered pages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentDocument, Faq } from '../../contracts/content.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { newCustomer, type Customer } from './helpers/mining.ts';
import { call } from './helpers/notifications.ts';
import { useTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');

const t = useTestApp();
let reader: Customer;
beforeAll(async () => {
  reader = await newCustomer(t, 'reader');
});

async function read<T>(url: string, lang: string): Promise<T> {
  const response = await call(t, reader, 'GET', url, undefined, lang);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-language']).toBe(lang);
  expect(response.headers.vary).toContain('Accept-Language');
  return response.json<T>();
}

describe('GET /api/faq/', () => {
  it('answers the questions in English and in Arabic, the same entries under the same ids', async () => {
    const english = await read<Faq>('/api/faq/', 'en');
    const arabic = await read<Faq>('/api/faq/', 'ar');
    expect(english.title).toBe('Frequently asked questions');
    expect(arabic.title).toBe('الأسئلة الشائعة');
    expect(english.results.length).toBeGreaterThanOrEqual(10);
    expect(arabic.results.map((entry) => entry.id)).toEqual(english.results.map((entry) => entry.id));
    expect(english.results[0]).toEqual({
      id: 1,
      question: 'What is cloud mining?',
      answer_html: expect.stringMatching(/^<p>Cloud mining lets you earn/),
    });
    expect(arabic.results[0]!.question).not.toBe(english.results[0]!.question);
    expect(arabic.results[0]!.answer_html).toMatch(/^<p>/);
  });

  it('answers the default language for one it does not offer', async () => {
    expect((await call(t, reader, 'GET', '/api/faq/', undefined, 'xx')).json<Faq>().title).toBe('Frequently asked questions');
  });
});

describe('GET /api/privacy/ and /api/terms/', () => {
  it('answer the title, the date of the last change and the text as HTML, per language', async () => {
    const privacy = await read<ContentDocument>('/api/privacy/', 'en');
    expect(privacy).toEqual({ title: 'Privacy policy', updated: '2026-11-01', html: expect.stringContaining('<h2>') });
    const russian = await read<ContentDocument>('/api/privacy/', 'ru');
    expect(russian.title).toBe('Политика конфиденциальности');

    const terms = await read<ContentDocument>('/api/terms/', 'ar');
    expect(terms.title).toBe('شروط الخدمة');
    expect(terms.updated).toBe('2026-11-01');
    expect(terms.html).not.toContain('<script');
  });
});

describe('signed-in only (spec §7)', () => {
  it('answers 401 without a token', async () => {
    for (const url of ['/api/faq/', '/api/privacy/', '/api/terms/']) {
      const response = await call(t, null, 'GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ detail: en('error.notAuthenticated') });
    }
  });
});

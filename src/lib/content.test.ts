import { describe, expect, it } from 'vitest';
import { locales } from '../i18n/locales.ts';
import { loadDocument, loadFaq } from './content.ts';

describe('content sources', () => {
  it('has the same FAQ questions, in the same order, in every language', () => {
    const counts = locales.map((locale) => loadFaq(locale).entries.length);
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(12);
  });

  it('renders answers as HTML and keeps raw HTML out', () => {
    const faq = loadFaq('en');
    expect(faq.entries[0]!.question).toBe('What is cloud mining?');
    expect(faq.entries[0]!.answer_html).toContain('<p>');
    expect(faq.entries.every((entry) => !/<script|<iframe|onerror=/i.test(entry.answer_html))).toBe(true);
  });

  it('gives privacy and terms a title, a date and sections in every language', () => {
    for (const locale of locales) {
      for (const name of ['privacy', 'terms'] as const) {
        const document = loadDocument(locale, name);
        expect(document.title.length, `${locale}/${name}`).toBeGreaterThan(3);
        expect(document.updated).toBe('2026-11-01');
        expect(document.html.match(/<h2/g)?.length ?? 0, `${locale}/${name}`).toBeGreaterThanOrEqual(8);
      }
    }
  });
});

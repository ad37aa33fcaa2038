import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './index.ts';

describe('localeFromAcceptLanguage', () => {
  it('takes the language the client sends', () => {
    expect(localeFromAcceptLanguage('ru')).toBe('ru');
    expect(localeFromAcceptLanguage('ar')).toBe('ar');
  });

  it('matches regional variants to their language', () => {
    expect(localeFromAcceptLanguage('de-AT')).toBe('de');
    expect(localeFromAcceptLanguage('ES-mx')).toBe('es');
  });

  it('honours quality values, best first', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, tr;q=0.9')).toBe('tr');
    expect(localeFromAcceptLanguage('fr-FR, fr;q=0.9, ru;q=0.8, en;q=0.7')).toBe('ru');
  });

  it('skips languages refused with q=0 and ones it does not have', () => {
    expect(localeFromAcceptLanguage('ru;q=0, es')).toBe('es');
    expect(localeFromAcceptLanguage('ja, zh-CN')).toBe('en');
  });

  it('falls back to English for a missing or unreadable header', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('')).toBe('en');
    expect(localeFromAcceptLanguage('*')).toBe('en');
    expect(localeFromAcceptLanguage(';;;,,,q=')).toBe('en');
  });
});

/** The product's languages (spec §1, §9). English is the default and the only unprefixed locale. */
export const locales = ['en', 'ru', 'es', 'ar', 'tr', 'de'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Key under which the chosen language is kept in localStorage (spec §3). */
export const LANG_STORAGE_KEY = 'lang';

export const languageNames: Record<Locale, string> = {
  en: 'English',
  ru: 'Русский',
  es: 'Español',
  ar: 'العربية',
  tr: 'Türkçe',
  de: 'Deutsch',
};

/** Flag image per language; Arabic has none on purpose (spec §2: "Arabic has no flag image"). */
export const languageFlags: Partial<Record<Locale, string>> = {
  en: '/flags/gb.svg',
  ru: '/flags/ru.svg',
  es: '/flags/es.svg',
  tr: '/flags/tr.svg',
  de: '/flags/de.svg',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * Picks the best supported locale from an Accept-Language header
 * ("ru-RU,ru;q=0.9,en;q=0.8"), falling back to the default.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return defaultLocale;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isLocale) ?? defaultLocale;
}

/** Splits "/ru/wallet" into { locale: 'ru', path: '/wallet' }; unprefixed paths are English. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLocale(match[1]) && match[1] !== defaultLocale) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: defaultLocale, path: pathname || '/' };
}

/** The same route in another locale: localizePath('/wallet', 'ar') === '/ar/wallet'. */
export function localizePath(path: string, locale: Locale): string {
  if (locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

import { atom } from 'nanostores';
import { defaultLocale, isLocale, type Locale } from '../i18n/locales.ts';

/**
 * The current language. The head script has already made the stored choice and the
 * page's locale agree, so the page's <html lang> is the truth on the client.
 */
function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLocale(lang) ? lang : defaultLocale;
}

export const $lang = atom<Locale>(pageLocale());

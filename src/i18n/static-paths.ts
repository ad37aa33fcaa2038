import { defaultLocale, locales, type Locale } from './locales.ts';

export interface LocaleProps {
  locale: Locale;
}

/**
 * getStaticPaths for every `src/pages/[...lang]/*` page: one prerendered copy per
 * locale, English unprefixed (spec §1: en is the default).
 */
export function getLocaleStaticPaths() {
  return locales.map((locale) => ({
    params: { lang: locale === defaultLocale ? undefined : locale },
    props: { locale } satisfies LocaleProps,
  }));
}

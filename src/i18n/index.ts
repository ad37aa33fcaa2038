import type { Locale } from './locales.ts';
import { format, type Dictionary, type MessageKey, type MessageParams } from './dictionary.ts';
import en from './en.ts';
import ru from './ru.ts';
import es from './es.ts';
import ar from './ar.ts';
import tr from './tr.ts';
import de from './de.ts';

/**
 * All dictionaries, for build time (Astro pages) and the API server. Islands never
 * import this module: they receive the strings they need as props (see pickMessages).
 */
export const dictionaries: Record<Locale, Dictionary> = { en, ru, es, ar, tr, de };

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function useTranslations(locale: Locale): Translate {
  const dictionary = dictionaries[locale];
  return (key, params) => format(dictionary[key], params);
}

/** The subset of a locale's strings an island needs, passed to it as a serializable prop. */
export function pickMessages<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const dictionary = dictionaries[locale];
  return Object.fromEntries(keys.map((key) => [key, dictionary[key]])) as Record<K, string>;
}

/** All strings whose keys start with one of `prefixes` (e.g. 'wallet.'), plus `keys`. */
export function pickByPrefix(locale: Locale, prefixes: readonly string[], keys: readonly MessageKey[] = []): Partial<Record<MessageKey, string>> {
  const dictionary = dictionaries[locale];
  const picked = (Object.keys(dictionary) as MessageKey[]).filter(
    (key) => keys.includes(key) || prefixes.some((prefix) => key.startsWith(prefix)),
  );
  return Object.fromEntries(picked.map((key) => [key, dictionary[key]]));
}

export * from './locales.ts';
export { format, type Dictionary, type MessageKey, type MessageParams } from './dictionary.ts';

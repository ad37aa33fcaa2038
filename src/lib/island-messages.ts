/**
 * Which strings each data island receives (build time only): its own prefixes, the
 * shared list and error strings, nothing else, so a page carries only what it shows.
 */
import { pickByPrefix, type MessageKey } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { API_ERROR_KEYS } from './translator.ts';

const COMMON: MessageKey[] = [...API_ERROR_KEYS, 'error.required', 'miners.previous', 'miners.next', 'miners.pageOf', 'miners.pagination'];

export const islandMessages = {
  catalogue: (locale: Locale) => pickByPrefix(locale, ['miners.'], COMMON),
  minerDetail: (locale: Locale) => pickByPrefix(locale, ['miners.', 'miner.'], COMMON),
  myMiners: (locale: Locale) => pickByPrefix(locale, ['myminers.'], [...COMMON, 'screen.myminers.title']),
  transactions: (locale: Locale) => pickByPrefix(locale, ['tx.'], COMMON),
  wallet: (locale: Locale) => pickByPrefix(locale, ['wallet.', 'tx.type.'], COMMON),
  referrals: (locale: Locale) => pickByPrefix(locale, ['ref.'], COMMON),
  dashboard: (locale: Locale) => pickByPrefix(locale, ['dash.'], COMMON),
};

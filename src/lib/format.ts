/**
 * Locale formatting of money, hashrate and dates. Amounts arrive as decimal strings and
 * are handed to Intl as strings, which formats them exactly (no float on the way).
 */
import type { Locale } from '../i18n/locales.ts';

type NumericString = `${number}` | string;

// Building an Intl formatter costs far more than using one (milliseconds on a slow phone,
// per row of a list), so each locale and option set is built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    dateFormats.set(key, format);
  }
  return format;
}

/** Places shown per currency: cents for dollars, satoshi-level for coins. */
export const CURRENCY_DECIMALS: Record<string, number> = { USD: 2, USDT: 2, BTC: 8, LTC: 8, KAS: 4 };

export function formatNumber(value: NumericString, locale: Locale, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  return numberFormat(locale, { maximumFractionDigits, minimumFractionDigits }).format(value as `${number}`);
}

/** "$1,234.50" for USD; "12.5 USDT", "0.00012345 BTC" for the wallet's currencies. */
export function formatMoney(value: NumericString, currency: string, locale: Locale, options: { sign?: boolean } = {}): string {
  const places = CURRENCY_DECIMALS[currency] ?? 8;
  const signDisplay = options.sign ? 'exceptZero' : 'auto';
  if (currency === 'USD') {
    return numberFormat(locale, { style: 'currency', currency: 'USD', signDisplay }).format(value as `${number}`);
  }
  const number = numberFormat(locale, {
    maximumFractionDigits: places,
    minimumFractionDigits: Math.min(2, places),
    signDisplay,
  }).format(value as `${number}`);
  return `${number} ${currency}`;
}

export function formatHashrate(value: NumericString, unit: string, locale: Locale): string {
  return `${formatNumber(value, locale, 2)} ${unit}`;
}

export function formatDate(iso: string, locale: Locale, withTime = false): string {
  return dateFormat(locale, withTime).format(new Date(iso));
}

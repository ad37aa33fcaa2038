/**
 * The currencies a wallet holds and the rules for moving them in and out, in one table
 * so that the API, the operator console and the FAQ agree. The minimums and network fees
 * are the ones the FAQ promises ("How do withdrawals work?").
 */
import { compare, isDecimal } from '../../src/lib/money.ts';
import type { MessageKey, MessageParams } from '../../src/i18n/dictionary.ts';
import { isValidAddress } from './addresses.ts';

/** USDT pays for rents, purchases and referral commissions; the coins are what miners earn. */
export const currencies = ['USDT', 'BTC', 'LTC', 'KAS'] as const;
export type Currency = (typeof currencies)[number];

/** Where purchases are paid from and commissions paid to. */
export const SPENDING_CURRENCY = 'USDT' satisfies Currency;

/** What the payment gateway accepts (issue 4: "at least USDT for purchases and BTC"). */
export const depositCurrencies = ['USDT', 'BTC'] as const satisfies readonly Currency[];

export interface CurrencyRules {
  /** Decimals an amount may have: USDT on TRON has 6, the coins 8 (a satoshi, a sompi). */
  decimals: number;
  withdrawalMinimum: string;
  /** Charged on top of the amount, for the network transaction. */
  withdrawalFee: string;
  /** The address forms accepted, as shown next to the address field. */
  addressHint: string;
}

export const currencyRules: Record<Currency, CurrencyRules> = {
  USDT: { decimals: 6, withdrawalMinimum: '20', withdrawalFee: '1', addressHint: 'TRC-20: T… (34 characters)' },
  BTC: { decimals: 8, withdrawalMinimum: '0.0005', withdrawalFee: '0.0001', addressHint: 'bc1…, 1… or 3…' },
  LTC: { decimals: 8, withdrawalMinimum: '0.05', withdrawalFee: '0.001', addressHint: 'ltc1…, L… or M…' },
  KAS: { decimals: 8, withdrawalMinimum: '100', withdrawalFee: '1', addressHint: 'kaspa:…' },
};

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

/** Amounts of a trillion or more are refused: far beyond any real wallet, well inside NUMERIC(30, 8). */
export const AMOUNT_MAX = '1000000000000';

export interface Problem {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * Why `amount` (as typed by a customer) cannot be an amount of `currency`, or null when
 * it can: digits with an optional dot, greater than zero, at most the currency's
 * decimals, below AMOUNT_MAX. "1e3", "-5", " 5", "5." and "0x10" are all refused.
 */
export function amountProblem(amount: string, currency: Currency): Problem | null {
  if (amount.startsWith('-') && isDecimal(amount)) return { key: 'error.amountPositive' };
  if (!isDecimal(amount)) return { key: 'error.amountFormat' };
  if (compare(amount, '0') <= 0) return { key: 'error.amountPositive' };
  const { decimals } = currencyRules[currency];
  const fraction = amount.split('.')[1] ?? '';
  if (fraction.length > decimals) return { key: 'error.amountDecimals', params: { decimals } };
  if (compare(amount, AMOUNT_MAX) >= 0) return { key: 'error.amountTooLarge', params: { max: AMOUNT_MAX } };
  return null;
}

/** Why `address` cannot receive `currency`, or null when its form and checksum are right. */
export function addressProblem(address: string, currency: Currency): Problem | null {
  if (isValidAddress(currency, address)) return null;
  return { key: 'error.addressInvalid', params: { currency, hint: currencyRules[currency].addressHint } };
}

/**
 * An amount as people read it in a message: trailing zeros dropped, at least two
 * decimals kept ("102.00000000" -> "102.00", "0.00010000" -> "0.0001").
 */
export function formatAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}`;
}

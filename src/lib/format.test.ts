import { describe, expect, it } from 'vitest';
import { formatHashrate, formatMoney } from './format.ts';

describe('formatting', () => {
  it('formats coin amounts exactly from decimal strings', () => {
    expect(formatMoney('0.00012345', 'BTC', 'en')).toBe('0.00012345 BTC');
    expect(formatMoney('1234.5', 'USDT', 'en')).toBe('1,234.50 USDT');
    expect(formatMoney('12345678.12345678', 'BTC', 'en')).toBe('12,345,678.12345678 BTC');
  });

  it('follows the locale', () => {
    expect(formatMoney('1234.5', 'USDT', 'de')).toBe('1.234,50 USDT');
    expect(formatMoney('-3.2', 'USD', 'en', { sign: true })).toBe('-$3.20');
    expect(formatMoney('3.2', 'USDT', 'en', { sign: true })).toBe('+3.20 USDT');
    expect(formatHashrate('200.0000', 'TH/s', 'en')).toBe('200 TH/s');
  });
});

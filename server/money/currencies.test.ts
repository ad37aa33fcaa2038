import { describe, expect, it } from 'vitest';
import { amountProblem, formatAmount } from './currencies.ts';

describe('amounts as customers type them', () => {
  it('accept positive decimals within the currency’s places', () => {
    for (const amount of ['1', '0.1', '20', '0.00000001', '999999999999.99999999']) {
      expect(amountProblem(amount, 'BTC'), amount).toBeNull();
    }
    expect(amountProblem('20.123456', 'USDT')).toBeNull();
  });

  it('explain what is wrong with anything else', () => {
    expect(amountProblem('0', 'BTC')).toEqual({ key: 'error.amountPositive' });
    expect(amountProblem('-5', 'BTC')).toEqual({ key: 'error.amountPositive' });
    expect(amountProblem('0.000000001', 'BTC')).toEqual({ key: 'error.amountDecimals', params: { decimals: 8 } });
    expect(amountProblem('1.000000000', 'BTC')).toEqual({ key: 'error.amountDecimals', params: { decimals: 8 } });
    expect(amountProblem('1.1234567', 'USDT')).toEqual({ key: 'error.amountDecimals', params: { decimals: 6 } });
    expect(amountProblem('1000000000000', 'KAS')).toEqual({ key: 'error.amountTooLarge', params: { max: '1000000000000' } });
    for (const junk of ['', '1e3', '1e309', '+1', ' 1', '1 ', '1,5', '.5', '5.', '0x10', 'NaN', 'Infinity', '١٢']) {
      expect(amountProblem(junk, 'BTC'), JSON.stringify(junk)).toEqual({ key: 'error.amountFormat' });
    }
  });

  it('show amounts without trailing zeros, with at least two decimals', () => {
    expect(formatAmount('102.00000000')).toBe('102.00');
    expect(formatAmount('0.00010000')).toBe('0.0001');
    expect(formatAmount('41.45454545')).toBe('41.45454545');
    expect(formatAmount('5')).toBe('5.00');
  });
});

import { describe, expect, it } from 'vitest';
import { add, compare, div, isDecimal, mul, negate, sub, toFixed } from './money.ts';

describe('money', () => {
  it('recognises decimal strings and nothing else', () => {
    for (const good of ['0', '12', '-3', '0.5', '-0.00000053', '123456789012345678901234567890.123456789']) {
      expect(isDecimal(good)).toBe(true);
    }
    for (const bad of ['', '-', '.5', '5.', '1e3', '+1', ' 1', '1,5', 'NaN', 'Infinity', '0x10', 5, null]) {
      expect(isDecimal(bad)).toBe(false);
    }
  });

  it('refuses to compute with anything but a decimal string', () => {
    expect(() => add('1', '1e3')).toThrow(RangeError);
    expect(() => mul('abc', '1')).toThrow(RangeError);
    expect(() => toFixed('1', -1)).toThrow(RangeError);
    expect(() => toFixed('1', 1.5)).toThrow(RangeError);
  });

  it('adds exactly where floats would not', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('1.5', '2.25')).toBe('3.75');
    expect(add('1.50', '2.5')).toBe('4.00');
    expect(add('-1', '0.25')).toBe('-0.75');
    expect(add('-0.5', '0.5')).toBe('0.0');
    expect(add('99999999999999999999.99999999', '0.00000001')).toBe('100000000000000000000.00000000');
  });

  it('subtracts, going negative when needed', () => {
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(sub('10', '12.5')).toBe('-2.5');
    expect(sub('-1.25', '-1.25')).toBe('0.00');
    expect(sub('0.00000001', '0.00000002')).toBe('-0.00000001');
  });

  it('multiplies keeping every digit', () => {
    expect(mul('1.5', '2.00')).toBe('3.000');
    expect(mul('200', '0.00000053')).toBe('0.00010600');
    expect(mul('-2', '0.5')).toBe('-1.0');
    expect(mul('-2', '-0.5')).toBe('1.0');
    expect(mul('0', '-5.5')).toBe('0.0');
    expect(mul('123456789.123456789', '987654321.987654321')).toBe('121932631356500531.347203169112635269');
  });

  it('compares by value, not by spelling', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('-0', '0.00')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
    expect(compare('10', '9.99999999')).toBe(1);
    expect(compare('-1', '-0.5')).toBe(-1);
    expect(compare('0.00000001', '0')).toBe(1);
  });

  it('rounds half away from zero, like PostgreSQL round()', () => {
    expect(toFixed('2.345', 2)).toBe('2.35');
    expect(toFixed('2.344999', 2)).toBe('2.34');
    expect(toFixed('-2.345', 2)).toBe('-2.35');
    expect(toFixed('-2.344', 2)).toBe('-2.34');
    expect(toFixed('0.5', 0)).toBe('1');
    expect(toFixed('-0.5', 0)).toBe('-1');
    expect(toFixed('0.49', 0)).toBe('0');
    expect(toFixed('9.995', 2)).toBe('10.00');
    expect(toFixed('1.005', 2)).toBe('1.01');
  });

  it('pads to the requested number of places and drops a sign on zero', () => {
    expect(toFixed('2', 2)).toBe('2.00');
    expect(toFixed('0.1', 8)).toBe('0.10000000');
    expect(toFixed('-0.001', 2)).toBe('0.00');
    expect(toFixed('-0', 0)).toBe('0');
    expect(toFixed('12.30', 2)).toBe('12.30');
  });

  it('adds up tenths exactly: three times 0.1 is 0.3, not 0.30000000000000004', () => {
    expect(add(add('0.1', '0.1'), '0.1')).toBe('0.3');
    expect(mul('3', '0.1')).toBe('0.3');
    expect(compare(mul('3', '0.1'), '0.3')).toBe(0);
    expect(toFixed(mul('3.40', '30'), 8)).toBe('102.00000000');
  });

  it('divides to a fixed number of places, rounding once, half away from zero', () => {
    expect(div('1', '3', 8)).toBe('0.33333333');
    expect(div('2', '3', 8)).toBe('0.66666667');
    expect(div('-2', '3', 8)).toBe('-0.66666667');
    expect(div('2', '-3', 8)).toBe('-0.66666667');
    expect(div('-2', '-3', 8)).toBe('0.66666667');
    expect(div('10', '4', 0)).toBe('3');
    expect(div('0.00000005', '10', 8)).toBe('0.00000001');
    expect(div('0.00000004', '10', 8)).toBe('0.00000000');
    expect(div('0', '7', 2)).toBe('0.00');
    // A maintenance fee of 5.02 USDT at 96,500 USD per BTC is 0.00005202 BTC a day.
    expect(div('5.02', '96500', 8)).toBe('0.00005202');
    // Half a day of it (43,200 of 86,400 seconds): rounded from the exact quotient.
    expect(div(mul('5.02', '43200'), mul('86400', '96500'), 8)).toBe('0.00002601');
  });

  it('refuses to divide by zero', () => {
    expect(() => div('1', '0.000', 8)).toThrow(RangeError);
    expect(() => div('1', '2', -1)).toThrow(RangeError);
  });

  it('negates keeping the scale', () => {
    expect(negate('5.00')).toBe('-5.00');
    expect(negate('-0.1')).toBe('0.1');
    expect(negate('0.00')).toBe('0.00');
  });
});

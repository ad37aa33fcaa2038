import { describe, expect, it } from 'vitest';
import { addDays, dayBounds, isUtcDate, utcDate, utcDateTime } from './utc-days.ts';

describe('UTC days', () => {
  it('name the day a moment falls in, in UTC', () => {
    expect(utcDate(new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDate(new Date('2026-03-02T00:00:00+05:00'))).toBe('2026-03-01');
  });

  it('span exactly 86,400 seconds, across month and year ends', () => {
    expect(dayBounds('2026-03-29')).toEqual({
      start: Date.parse('2026-03-29T00:00:00Z'),
      end: Date.parse('2026-03-30T00:00:00Z'),
    });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('accept only real dates', () => {
    expect(isUtcDate('2026-02-28')).toBe(true);
    expect(isUtcDate('2026-02-29')).toBe(false);
    expect(isUtcDate('2026-2-1')).toBe(false);
    expect(() => dayBounds('yesterday')).toThrow(RangeError);
  });

  it('write moments for messages unambiguously', () => {
    expect(utcDateTime(new Date('2026-05-01T12:00:30Z'))).toBe('2026-05-01 12:00 UTC');
  });
});

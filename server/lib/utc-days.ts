/**
 * Calendar days in UTC: earnings are settled per UTC day (FAQ: "for the day that ended
 * at 00:00 UTC"), whatever the server's time zone.
 */

export const DAY_MS = 86_400_000;
export const DAY_SECONDS = 86_400;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of the UTC day `time` falls in. */
export function utcDate(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** A real calendar date written 'YYYY-MM-DD' ("2026-02-30" is not one). */
export function isUtcDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && utcDate(new Date(time)) === value;
}

/** [start, end) of a UTC day, in epoch milliseconds. */
export function dayBounds(date: string): { start: number; end: number } {
  if (!isUtcDate(date)) throw new RangeError(`Not a date: ${date}`);
  const start = Date.parse(`${date}T00:00:00Z`);
  return { start, end: start + DAY_MS };
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return utcDate(new Date(dayBounds(date).start + days * DAY_MS));
}

/** "2026-03-01 14:05 UTC": a moment in a message, unambiguous in every language. */
export function utcDateTime(time: Date): string {
  return `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

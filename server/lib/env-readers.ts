/** Readers for environment variables that report a bad value by name instead of throwing. */
export type Read = (name: string) => string | undefined;

/** A whole number in [min, max] from `name`, or `fallback` when unset; a bad value is added to `problems`. */
export function integerReader(read: Read, problems: string[]) {
  return (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
}

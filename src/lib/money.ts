/**
 * Exact arithmetic on decimal strings ("1234.56", "-0.00000053"), the form money and
 * other NUMERIC values take in JSON and SQL (CONVENTIONS §8). Values are held as BigInt
 * fixed-point (digits x 10^-scale), so nothing ever passes through a binary float.
 * Shared by the API server and the browser. Locale formatting is not done here: use Intl.
 */

/** A decimal string: optional minus, digits, optional fraction ("12", "-0.5", "3.14000000"). */
export type Decimal = string;

export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

interface FixedPoint {
  units: bigint;
  scale: number;
}

export function isDecimal(value: unknown): value is Decimal {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

function parse(value: Decimal): FixedPoint {
  if (!isDecimal(value)) throw new RangeError(`Not a decimal string: ${JSON.stringify(value)}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function render({ units, scale }: FixedPoint): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  // BigInt has no negative zero, so "-0.00" (or "-0.001" rounded to 2 places) prints "0.00".
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

function rescale(value: FixedPoint, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** a + b, exact; the result keeps the larger of the two scales ("1.5" + "2.25" = "3.75"). */
export function add(a: Decimal, b: Decimal): Decimal {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) + rescale(y, scale), scale });
}

/** a - b, exact; the result keeps the larger of the two scales. */
export function sub(a: Decimal, b: Decimal): Decimal {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return render({ units: rescale(x, scale) - rescale(y, scale), scale });
}

/** a x b, exact; the result's scale is the sum of the scales ("1.5" x "2.00" = "3.000"). */
export function mul(a: Decimal, b: Decimal): Decimal {
  const x = parse(a);
  const y = parse(b);
  return render({ units: x.units * y.units, scale: x.scale + y.scale });
}

/** -1, 0 or 1 as a is less than, equal to or greater than b ("1.50" equals "1.5"). */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const difference = rescale(x, scale) - rescale(y, scale);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/**
 * Rounds to exactly `places` decimals, half away from zero like PostgreSQL's
 * round(numeric): toFixed("2.345", 2) = "2.35", toFixed("-2.345", 2) = "-2.35".
 * Fewer digits are padded with zeros: toFixed("2", 2) = "2.00".
 */
export function toFixed(value: Decimal, places: number): Decimal {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Invalid number of places: ${places}`);
  const x = parse(value);
  if (places >= x.scale) return render({ units: rescale(x, places), scale: places });
  const divisor = 10n ** BigInt(x.scale - places);
  const magnitude = x.units < 0n ? -x.units : x.units;
  let rounded = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
  return render({ units: x.units < 0n ? -rounded : rounded, scale: places });
}

/**
 * a / b rounded to `places` decimals, half away from zero like toFixed (and PostgreSQL's
 * round()). Exact: the quotient is never taken further than `places` and rounded once,
 * so there is no double rounding. div("1", "3", 8) = "0.33333333", div("2", "3", 8) =
 * "0.66666667". Throws a RangeError when b is zero.
 */
export function div(a: Decimal, b: Decimal, places: number): Decimal {
  if (!Number.isInteger(places) || places < 0) throw new RangeError(`Invalid number of places: ${places}`);
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('Division by zero');
  // a / b = (x.units / 10^x.scale) / (y.units / 10^y.scale); scaled by 10^places.
  const numerator = x.units * 10n ** BigInt(y.scale + places);
  const denominator = y.units * 10n ** BigInt(x.scale);
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return render({ units: negative ? -quotient : quotient, scale: places });
}

/** -a, keeping the scale: negate("5.00") = "-5.00", negate("-0.1") = "0.1". */
export function negate(value: Decimal): Decimal {
  const x = parse(value);
  return render({ units: -x.units, scale: x.scale });
}

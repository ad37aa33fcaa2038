/**
 * Recognizes database failures that mean "the database cannot be reached right now"
 * (answered 503, worth a retry) as opposed to bugs (answered 500).
 */

/** Node socket errors raised while connecting to or talking with the server. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin shutdown,
 * crash shutdown, cannot connect now), 53300 (too many connections), 3D000 (database
 * does not exist, e.g. dropped under a running server).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '3D000'].includes(code);
}

/** Messages of pg, pg-pool, Kysely and PGlite for a connection that is gone or never came. */
const unavailableMessages = [
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /connection terminated/i,
  /driver has already been destroyed/i,
  /pglite is closed/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { message } = current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) return true;
    if (unavailableMessages.some((pattern) => pattern.test(message))) return true;
    // AggregateError: connecting to "localhost" tries ::1 and 127.0.0.1, each may fail.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailableError(inner)))
      return true;
  }
  return false;
}

/** A unique constraint was violated (SQLSTATE 23505), e.g. two sign-ups racing for one username. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}

import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError, isUniqueViolation } from './errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailableError', () => {
  it('recognises a server that cannot be reached or is going away', () => {
    expect(isDatabaseUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailableError(withCode('terminating connection due to administrator command', '57P01'))).toBe(
      true,
    );
    expect(isDatabaseUnavailableError(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailableError(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('driver has already been destroyed'))).toBe(true);
    expect(isDatabaseUnavailableError(new AggregateError([withCode('x', 'ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailableError(new Error('query failed', { cause: withCode('reset', 'ECONNRESET') }))).toBe(
      true,
    );
  });

  it('leaves bugs and bad queries to be answered as such', () => {
    expect(isDatabaseUnavailableError(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailableError(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailableError(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailableError('a string')).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('spots SQLSTATE 23505', () => {
    expect(isUniqueViolation(withCode('duplicate key value violates unique constraint', '23505'))).toBe(true);
    expect(isUniqueViolation(withCode('null value', '23502'))).toBe(false);
  });
});

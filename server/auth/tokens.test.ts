import { describe, expect, it } from 'vitest';
import { bearerToken, generateToken, hashToken, isWellFormedToken, tokenExpiry } from './tokens.ts';

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their sha256', () => {
    const { token, hash } = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateToken().token).not.toBe(token);
  });

  it('are recognised by shape before any lookup', () => {
    expect(isWellFormedToken(generateToken().token)).toBe(true);
    expect(isWellFormedToken('short')).toBe(false);
    expect(isWellFormedToken(`${'a'.repeat(42)}=`)).toBe(false);
  });

  it('expire after the configured number of days', () => {
    expect(tokenExpiry(new Date('2026-01-01T00:00:00Z'), 7).toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });

  it('are read from a Bearer header, and a signed-out header is no token', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer undefined',
      'Bearer null',
      'Basic abc',
      'Bearer a b',
      'abc',
    ]) {
      expect(bearerToken(header), String(header)).toBeNull();
    }
  });
});

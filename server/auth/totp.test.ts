import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, totpCode, totpUri } from './totp.ts';

// RFC 6238 Appendix B: the SHA-1 test secret "12345678901234567890".
const RFC_SECRET = OTPAuth.Secret.fromLatin1('12345678901234567890').base32;

describe('TOTP', () => {
  it('makes the codes of RFC 6238 (SHA-1, 30 s, last 6 of the 8 digits)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts a code one step either side of now, and names its step', () => {
    const now = new Date(1_111_111_109_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 90_000)), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI with the issuer', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'satoshi');
    expect(uri).toMatch(/^otpauth:\/\/totp\/HashHarbor:satoshi\?/);
    expect(uri).toContain('issuer=HashHarbor');
    expect(uri).toContain(`secret=${secret}`);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes like abcd-efgh', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  it('are recognised however they are typed', () => {
    expect(normalizeRecoveryCode('ABCD EFGH')).toBe('abcd-efgh');
    expect(normalizeRecoveryCode('abcdefgh')).toBe('abcd-efgh');
    expect(normalizeRecoveryCode(' abcd-efgh ')).toBe('abcd-efgh');
    expect(normalizeRecoveryCode('abcd-efg')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efg0')).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });
});

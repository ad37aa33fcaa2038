/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, 30 s
 * steps, 6 digits, one step of clock drift either way; and the one-time recovery codes
 * that stand in for a lost authenticator.
 */
import { createHmac, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';

export const TOTP_ISSUER = 'HashHarbor';
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps of drift accepted either side of now: a code stays usable for up to ~90 s. */
const TOTP_WINDOW = 1;
/** 160 bits, the HMAC-SHA-1 block RFC 4226 recommends. */
const SECRET_BYTES = 20;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

function totp(secret: string, label = TOTP_ISSUER): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: TOTP_ISSUER, label, secret: OTPAuth.Secret.fromBase32(secret), ...TOTP_PARAMS });
}

/** otpauth://totp/HashHarbor:<label>?secret=...&issuer=HashHarbor&algorithm=SHA1&digits=6&period=30 */
export function totpUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The code an authenticator shows at `time` (tests use it too). */
export function totpCode(secret: string, time: Date): string {
  return totp(secret).generate({ timestamp: time.getTime() });
}

/**
 * The time step `code` belongs to when it is valid at `time` (±1 step), else null. The
 * caller accepts a step only once per account (RFC 6238 §5.2: no replay in the window).
 */
export function matchTotp(secret: string, code: string, time: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: time.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : generator.counter({ timestamp: time.getTime() }) + delta;
}

export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. 31^8 ≈ 2^40 each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "abcd-efgh". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** "ABCD EFGH", "abcdefgh" and "abcd-efgh" are one code: its canonical form, or null if it cannot be one. */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  if (compact.length !== 8 || [...compact].some((char) => !RECOVERY_ALPHABET.includes(char))) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

/** Stored form of a recovery code: keyed, so a leaked table cannot be searched offline. */
export function hashRecoveryCode(key: Buffer, userId: string, code: string): string {
  return createHmac('sha256', key).update(`recovery:${userId}:${code}`).digest('hex');
}

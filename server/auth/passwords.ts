/**
 * Password hashing with scrypt (node:crypto), at the OWASP Password Storage Cheat Sheet
 * parameters: N=2^17, r=8, p=1, a 16-byte random salt and a 64-byte key. Stored as
 * `scrypt$N$r$p$saltB64$hashB64`, so the parameters can be raised later and old hashes
 * still verify.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Hashes with a cost above this are refused: a corrupted row must not pin the CPU. */
const MAX_N = 2 ** 20;

function scrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at N=2^17, r=8), above Node's 32 MiB default
  // maxmem, so allow twice that.
  const options: ScryptOptions = { ...params, maxmem: 2 * 128 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validCost = Number.isInteger(N) && N > 1 && N <= MAX_N && (N & (N - 1)) === 0;
  if (!validCost || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when a hash was made with weaker parameters than today's: rehash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed || parsed.params.N < SCRYPT_PARAMS.N || parsed.params.r < SCRYPT_PARAMS.r || parsed.key.length < KEY_BYTES
  );
}

let dummyHash: Promise<string> | undefined;

/** Starts computing the dummy hash, so that the first unknown-account sign-in does not pay for it. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('dummy password for timing equalization');
  return dummyHash;
}

/**
 * Spends the same time as verifying a real password, for sign-in attempts on unknown
 * accounts, so response times do not reveal which usernames exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, await prepareDummyHash());
  return false;
}

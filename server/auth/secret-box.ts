/**
 * Secrets at rest (TOTP keys) sealed with AES-256-GCM, and keys derived from the
 * server's SECRET_KEY with HKDF-SHA-256, one per use, so no two uses share a key.
 * Sealed form: "v1.<base64url of iv | tag | ciphertext>".
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type KeyPurpose = 'totp-secrets' | 'one-time-codes';

export function deriveKey(secretKey: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'hashharbor', purpose, 32));
}

export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

/** The plaintext, or null when the sealed value is malformed, tampered with, or sealed with another key. */
export function unseal(key: Buffer, sealed: string): string | null {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

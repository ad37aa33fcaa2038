/**
 * The web push settings of the configuration (config.ts reads them into `config.push`):
 * the VAPID key pair that signs every push (RFC 8292) and the contact it names. Same
 * rules as the rest: working defaults, a bad value is reported by name.
 */
import { createECDH } from 'node:crypto';
import type { Read } from './lib/env-readers.ts';

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (87 characters): what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url (43 characters). */
  privateKey: string;
}

export interface PushConfig {
  /** Null: generated at first start and kept in the database (server_settings), shared by every instance. */
  vapidKeys: VapidKeys | null;
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  vapidSubject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:operator@hashharbor.example';


const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The public key that belongs to `privateKey`, or null when either is not a P-256 key. */
export function publicKeyOf(privateKey: string): string | null {
  if (!BASE64URL.test(privateKey)) return null;
  const scalar = Buffer.from(privateKey, 'base64url');
  if (scalar.length !== 32) return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

export function loadPushConfig(read: Read, problems: string[]): PushConfig {
  const publicKey = read('VAPID_PUBLIC_KEY');
  const privateKey = read('VAPID_PRIVATE_KEY');
  let vapidKeys: VapidKeys | null = null;
  if (publicKey !== undefined || privateKey !== undefined) {
    if (publicKey === undefined || privateKey === undefined) {
      problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (one is then generated).');
    } else {
      const derived = publicKeyOf(privateKey);
      if (derived === null) problems.push('VAPID_PRIVATE_KEY must be a P-256 private key, base64url (43 characters).');
      else if (derived !== publicKey)
        problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY (both base64url, as `npx web-push generate-vapid-keys` prints them).');
      else vapidKeys = { publicKey, privateKey };
    }
  }

  const vapidSubject = read('VAPID_SUBJECT') ?? DEFAULT_VAPID_SUBJECT;
  const subjectUrl = URL.canParse(vapidSubject) ? new URL(vapidSubject) : null;
  const subjectOk =
    subjectUrl !== null &&
    ((subjectUrl.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+$/.test(subjectUrl.pathname)) ||
      (subjectUrl.protocol === 'https:' && subjectUrl.hostname !== ''));
  if (!subjectOk) problems.push(`VAPID_SUBJECT must be a mailto: or https: URL, like ${DEFAULT_VAPID_SUBJECT}, got "${vapidSubject}".`);

  return { vapidKeys, vapidSubject: subjectOk ? vapidSubject : DEFAULT_VAPID_SUBJECT };
}

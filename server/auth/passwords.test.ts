import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('are hashed with scrypt at the OWASP parameters and a random salt', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '131072', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(64);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
    expect(needsRehash(hash)).toBe(false);
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('pässwörd');
    expect(await verifyPassword('pässwörd', hash)).toBe(true);
    // The same text in another Unicode normalization form is the same password.
    expect(await verifyPassword('pa\u0308sswo\u0308rd', hash)).toBe(true);
    expect(await verifyPassword('passwörd', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('refuse unreadable or absurdly expensive hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$c2FsdA==$a2V5',
      'scrypt$3$8$1$c2FsdA==$a2V5',
      `scrypt$${2 ** 30}$8$1$c2FsdA==$a2V5`,
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('verify older, cheaper hashes and flag them for rehashing', async () => {
    const salt = Buffer.from('an older salt!!!');
    const key = scryptSync('legacy', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const cheap = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('legacy', cheap)).toBe(true);
    expect(await verifyPassword('legacy!', cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('spend the time of a real check on unknown accounts', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

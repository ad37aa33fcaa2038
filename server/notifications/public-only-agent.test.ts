import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyLookup, refuseNonPublicHost } from './public-only-agent.ts';

describe('public-only push endpoints', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const address of ['142.250.74.10', '8.8.8.8', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses endpoints whose host is a non-public address or localhost', () => {
    expect(() => refuseNonPublicHost('https://127.0.0.1:8443/push/1')).toThrow(/not a public address/);
    expect(() => refuseNonPublicHost('https://[::1]/push/1')).toThrow(/not a public address/);
    expect(() => refuseNonPublicHost('https://localhost/push')).toThrow(/not a public address/);
    expect(() => refuseNonPublicHost('https://fcm.googleapis.com/fcm/send/abc')).not.toThrow();
  });

  it('fails the connection of a name that resolves to a non-public address', async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    expect(error?.message).toMatch(/non-public address/);
  });
});

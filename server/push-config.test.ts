import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('push configuration', () => {
  it('generates keys at first start unless both are given', () => {
    expect(loadConfig({}).push).toEqual({ vapidKeys: null, vapidSubject: 'mailto:operator@hashharbor.example' });
    const keys = webpush.generateVAPIDKeys();
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://hashharbor.example' }).push,
    ).toEqual({ vapidKeys: keys, vapidSubject: 'https://hashharbor.example' });
  });

  it('names what is wrong with the keys and the subject', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey })).toEqual([expect.stringContaining('go together')]);
    expect(problems({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: 'not-a-key' })).toEqual([
      expect.stringContaining('VAPID_PRIVATE_KEY must be a P-256 private key'),
    ]);
    expect(problems({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toEqual([
      expect.stringContaining('is not the public key of VAPID_PRIVATE_KEY'),
    ]);
    for (const subject of ['operator@example.com', 'http://example.com', 'mailto:nobody']) {
      expect(problems({ VAPID_SUBJECT: subject })).toEqual([expect.stringContaining('VAPID_SUBJECT must be')]);
    }
  });
});

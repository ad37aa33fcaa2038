/**
 * The server's keys as `await app.keys()`: derived from SECRET_KEY, or, when it is not
 * set, from a random key generated at first use and kept in the database
 * (server_settings), so every instance on that database derives the same keys.
 * Loaded lazily: an app whose database is down still starts (and answers 503).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deriveKey } from '../auth/secret-box.ts';
import { settingOrInit } from '../repositories/server-settings-repository.ts';

export interface Keys {
  /** Seals TOTP secrets (AES-256-GCM). */
  totpSecrets: Buffer;
  /** HMAC of one-time codes and recovery codes: a leaked table is not a list of codes to try. */
  codes: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    keys: () => Promise<Keys>;
  }
}

async function secrets(app: FastifyInstance): Promise<void> {
  let keys: Promise<Keys> | undefined;
  const load = async (): Promise<Keys> => {
    const secretKey =
      app.config.secretKey ?? (await settingOrInit(app.db, 'secret_key', () => randomBytes(32).toString('base64url')));
    return { totpSecrets: deriveKey(secretKey, 'totp-secrets'), codes: deriveKey(secretKey, 'one-time-codes') };
  };
  app.decorate('keys', () => {
    keys ??= load().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  });
  app.addHook('onReady', async () => {
    app.keys().catch((error: unknown) => app.log.warn({ err: error }, 'cannot load the server keys yet'));
  });
}

export default fp(secrets, { name: 'secrets', dependencies: ['config', 'db'] });

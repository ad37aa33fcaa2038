import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('works out of the box with no variables set', () => {
    expect(loadConfig({})).toEqual({
      port: 4321,
      host: 'localhost',
      database: { driver: 'pglite', dataDir: './data/pglite' },
      siteDir: './dist',
      corsOrigins: [],
      logLevel: 'info',
      tokenTtlDays: 7,
      trustProxy: false,
      seedDemo: true,
      secretKey: null,
      mail: { smtpUrl: null, from: 'HashHarbor <no-reply@hashharbor.example>', outboxDir: './data/outbox' },
      telegram: null,
      rateLimits: {
        loginPerAccount: { limit: 10, windowSeconds: 900 },
        loginPerIp: { limit: 30, windowSeconds: 900 },
        codeSendPerEmail: { limit: 5, windowSeconds: 3600 },
        codeSendPerIp: { limit: 20, windowSeconds: 3600 },
        codeCheckPerIp: { limit: 10, windowSeconds: 900 },
        registerPerIp: { limit: 10, windowSeconds: 3600 },
        telegramPerIp: { limit: 30, windowSeconds: 900 },
      },
      mining: {
        referralRate: '0.05',
        publicSiteUrl: 'http://localhost:4321',
        paymentGateway: 'sandbox',
        sandboxConfirmSeconds: 20,
        earningsJob: true,
        earningsIntervalMinutes: 60,
        operatorSocket: null,
      },
      push: { vapidKeys: null, vapidSubject: 'mailto:operator@hashharbor.example' },
      benchRoutes: false,
    });
  });

  it('serves the API alone when SITE_DIR is set but empty', () => {
    expect(loadConfig({ SITE_DIR: '' }).siteDir).toBeNull();
    expect(loadConfig({ SITE_DIR: 'public-site' }).siteDir).toBe('public-site');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', HOST: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 4321,
      host: 'localhost',
      database: { driver: 'pglite' },
    });
  });

  it('chooses the database from DATABASE_URL', () => {
    expect(loadConfig({ PGLITE_DIR: '/var/lib/hh' }).database).toEqual({ driver: 'pglite', dataDir: '/var/lib/hh' });
    expect(loadConfig({ DATABASE_URL: 'memory://' }).database).toEqual({ driver: 'pglite', dataDir: 'memory://' });
    expect(loadConfig({ DATABASE_URL: 'file://./tmp/db' }).database).toEqual({ driver: 'pglite', dataDir: './tmp/db' });
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db:5432/hh' }).database).toEqual({
      driver: 'postgres',
      url: 'postgres://app@db:5432/hh',
      poolMax: 10,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/hh', DATABASE_POOL_MAX: '3' }).database).toMatchObject({
      driver: 'postgres',
      poolMax: 3,
    });
  });

  it('reads the other settings', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SITE_DIR: '/srv/site',
      CORS_ORIGINS: 'https://App.example.com/, http://localhost:3000',
      LOG_LEVEL: 'warn',
      TOKEN_TTL_DAYS: '30',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteDir: '/srv/site',
      corsOrigins: ['https://app.example.com', 'http://localhost:3000'],
      logLevel: 'warn',
      tokenTtlDays: 30,
      seedDemo: false,
    });
  });

  it('reads TRUST_PROXY as a flag, a hop count or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/hh',
        CORS_ORIGINS: 'https://ok.example, not an origin, https://x.example/path',
        LOG_LEVEL: 'loud',
        TOKEN_TTL_DAYS: '0',
        TRUST_PROXY: 'the-proxy',
        SEED_DEMO: 'maybe',
        DATABASE_POOL_MAX: '-1',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(9);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'TOKEN_TTL_DAYS',
      'TRUST_PROXY',
      'SEED_DEMO',
      'DATABASE_POOL_MAX',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('reads the mail, Telegram, secret key and rate-limit settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://mailer:secret@mail.example:587',
      MAIL_FROM: 'Harbour <hello@harbour.example>',
      OUTBOX_DIR: '/tmp/outbox',
      SECRET_KEY: 'k'.repeat(32),
      TELEGRAM_BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ_0123',
      TELEGRAM_BOT_USERNAME: '@harbour_login_bot',
      RATE_LIMIT_LOGIN_IP: '3/60',
      RATE_LIMIT_CODE_SEND_EMAIL: '1 / 30',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mailer:secret@mail.example:587',
      from: 'Harbour <hello@harbour.example>',
      outboxDir: '/tmp/outbox',
    });
    expect(config.secretKey).toBe('k'.repeat(32));
    expect(config.telegram).toEqual({
      botToken: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ_0123',
      botUsername: 'harbour_login_bot',
    });
    expect(config.rateLimits.loginPerIp).toEqual({ limit: 3, windowSeconds: 60 });
    expect(config.rateLimits.codeSendPerEmail).toEqual({ limit: 1, windowSeconds: 30 });
    expect(config.rateLimits.loginPerAccount).toEqual({ limit: 10, windowSeconds: 900 });
  });

  it('refuses unusable account settings', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SMTP_URL: 'mail.example:25' })).toEqual([expect.stringContaining('SMTP_URL')]);
    expect(problems({ SECRET_KEY: 'short' })).toEqual([expect.stringContaining('SECRET_KEY')]);
    expect(problems({ TELEGRAM_BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ_0123' })).toEqual([
      expect.stringContaining('TELEGRAM_BOT_USERNAME'),
    ]);
    expect(problems({ TELEGRAM_BOT_TOKEN: 'nope', TELEGRAM_BOT_USERNAME: 'x' })).toHaveLength(2);
    expect(problems({ RATE_LIMIT_REGISTER_IP: 'ten' })).toEqual([expect.stringContaining('RATE_LIMIT_REGISTER_IP')]);
    expect(problems({ RATE_LIMIT_TELEGRAM_IP: '0/60' })).toHaveLength(1);
  });

  it('refuses out-of-range numbers', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ TOKEN_TTL_DAYS: '1.5' })).toThrow(/TOKEN_TTL_DAYS/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

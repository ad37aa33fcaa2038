/**
 * Server configuration from environment variables. Every variable has a default that
 * works out of the box (`npm start` on a fresh clone); a bad value stops the server at
 * start with a message naming the variable, instead of failing later at first use.
 */
import { isIP } from 'node:net';
import { loadMiningConfig, type MiningConfig } from './mining-config.ts';
import { loadPushConfig, type PushConfig } from './push-config.ts';
import { integerReader } from './lib/env-readers.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Where the data lives: embedded PGlite (a directory, or `memory://`) or a PostgreSQL server. */
export type DatabaseConfig =
  { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string; poolMax: number };

/** Fastify's `trustProxy`: off, on for every hop, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /**
   * The built static site (Astro's `dist/`), served when it exists; null (SITE_DIR set
   * but empty, as `npm run dev` does) serves the API only.
   */
  siteDir: string | null;
  /** Origins allowed to call the API from a browser; empty means same origin only. */
  corsOrigins: string[];
  logLevel: LogLevel;
  tokenTtlDays: number;
  trustProxy: TrustProxy;
  /** Insert the demo catalogue and the demo account at start (idempotent). */
  seedDemo: boolean;
  /**
   * Key material for the TOTP secrets at rest and the one-time code hashes. Null: the
   * server generates one at first start and keeps it in the database (server_settings),
   * so every instance on that database shares it.
   */
  secretKey: string | null;
  mail: MailConfig;
  /** The Telegram Login Widget's bot; null when Telegram sign-in is off. */
  telegram: TelegramConfig | null;
  rateLimits: RateLimits;
  /** Referrals, payments and the earnings job (mining-config.ts). */
  mining: MiningConfig;
  /** Web push: the VAPID keys and subject (push-config.ts). */
  push: PushConfig;
  /** BENCH_ROUTES: the load benchmark's reference route, GET /api/bench/ping (plugins/bench-routes.ts). */
  benchRoutes: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL of the mail server; null writes mail to the log and OUTBOX_DIR instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

export interface TelegramConfig {
  botToken: string;
  botUsername: string;
}

/** A rate limit: at most `limit` events in any `windowSeconds` (a sliding window, plugins/rate-limits.ts). */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** Every limit, with its environment variable and default (issue 3, "Abuse and bad input"). */
export const rateLimitDefaults = {
  loginPerAccount: { env: 'RATE_LIMIT_LOGIN_ACCOUNT', limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { env: 'RATE_LIMIT_LOGIN_IP', limit: 30, windowSeconds: 15 * 60 },
  codeSendPerEmail: { env: 'RATE_LIMIT_CODE_SEND_EMAIL', limit: 5, windowSeconds: 60 * 60 },
  codeSendPerIp: { env: 'RATE_LIMIT_CODE_SEND_IP', limit: 20, windowSeconds: 60 * 60 },
  codeCheckPerIp: { env: 'RATE_LIMIT_CODE_CHECK_IP', limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { env: 'RATE_LIMIT_REGISTER_IP', limit: 10, windowSeconds: 60 * 60 },
  telegramPerIp: { env: 'RATE_LIMIT_TELEGRAM_IP', limit: 30, windowSeconds: 15 * 60 },
} as const;

export type RateLimitName = keyof typeof rateLimitDefaults;
export type RateLimits = Record<RateLimitName, RateLimit>;

export const DEFAULT_MAIL_FROM = 'HashHarbor <no-reply@hashharbor.example>';
/** Long enough to carry 256 bits of entropy as text. */
export const SECRET_KEY_MIN_LENGTH = 32;

export type Env = Readonly<Record<string, string | undefined>>;

export const MEMORY_DATABASE_URL = 'memory://';

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Reads the configuration from `env` (usually `process.env`). Pure: the same input
 * gives the same output, paths are returned as given (relative to the working
 * directory). Throws a ConfigError listing every bad variable at once.
 */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = integerReader(read, problems);
  const boolean = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const parsed = parseBoolean(raw);
    if (parsed === undefined) {
      problems.push(`${name} must be true or false, got "${raw}".`);
      return fallback;
    }
    return parsed;
  };

  const port = integer('PORT', 4321, 0, 65_535);
  const host = read('HOST') ?? 'localhost';
  const poolMax = integer('DATABASE_POOL_MAX', 10, 1, 1000);
  const database = parseDatabase(read('DATABASE_URL'), read('PGLITE_DIR') ?? './data/pglite', poolMax, problems);

  const corsOrigins = (read('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      const normalized = normalizeOrigin(origin);
      if (!normalized)
        problems.push(`CORS_ORIGINS entries must be origins like https://app.example.com, got "${origin}".`);
      return normalized ?? origin;
    });

  const rawLogLevel = read('LOG_LEVEL') ?? 'info';
  const logLevel = (logLevels as readonly string[]).includes(rawLogLevel) ? (rawLogLevel as LogLevel) : 'info';
  if (logLevel !== rawLogLevel)
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${rawLogLevel}".`);

  const config: Config = {
    port,
    host,
    database,
    // Unlike the other variables, an empty SITE_DIR means something: no site.
    siteDir: env.SITE_DIR !== undefined && env.SITE_DIR.trim() === '' ? null : (read('SITE_DIR') ?? './dist'),
    corsOrigins,
    logLevel,
    tokenTtlDays: integer('TOKEN_TTL_DAYS', 7, 1, 365),
    trustProxy: parseTrustProxy(read('TRUST_PROXY'), problems),
    seedDemo: boolean('SEED_DEMO', true),
    secretKey: parseSecretKey(read('SECRET_KEY'), problems),
    mail: {
      smtpUrl: parseSmtpUrl(read('SMTP_URL'), problems),
      from: read('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
      outboxDir: read('OUTBOX_DIR') ?? './data/outbox',
    },
    telegram: parseTelegram(read('TELEGRAM_BOT_TOKEN'), read('TELEGRAM_BOT_USERNAME'), problems),
    rateLimits: parseRateLimits(read, problems),
    mining: loadMiningConfig(read, problems),
    push: loadPushConfig(read, problems),
    benchRoutes: boolean('BENCH_ROUTES', false),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseBoolean(raw: string): boolean | undefined {
  const value = raw.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  return undefined;
}

function parseDatabase(
  url: string | undefined,
  pgliteDir: string,
  poolMax: number,
  problems: string[],
): DatabaseConfig {
  if (url === undefined) return { driver: 'pglite', dataDir: pgliteDir };
  if (url === MEMORY_DATABASE_URL) return { driver: 'pglite', dataDir: MEMORY_DATABASE_URL };
  if (url.startsWith('file://')) {
    const dataDir = url.slice('file://'.length);
    if (dataDir) return { driver: 'pglite', dataDir };
  }
  if (/^postgres(ql)?:\/\//.test(url) && URL.canParse(url)) return { driver: 'postgres', url, poolMax };
  problems.push(
    'DATABASE_URL must be postgres://user@host:port/database, memory:// (in-memory PGlite), ' +
      'file://<dir> (PGlite in a directory), or unset (PGlite in PGLITE_DIR).',
  );
  return { driver: 'pglite', dataDir: pgliteDir };
}

/** "https://App.example.com/" -> "https://app.example.com"; null when it is not a bare http(s) origin. */
function normalizeOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  if (!bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return url.origin;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false;
  // A number is a hop count, as in Express: TRUST_PROXY=1 trusts only the nearest proxy,
  // which is safer than `true` (every X-Forwarded-For entry, spoofable by the client).
  if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  const flag = parseBoolean(raw);
  if (flag !== undefined) return flag;
  const addresses = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = addresses.every((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    return isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
  });
  if (!valid || addresses.length === 0) {
    problems.push(`TRUST_PROXY must be true, false, a hop count, or a comma list of proxy addresses, got "${raw}".`);
    return false;
  }
  return addresses;
}

function parseSecretKey(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (raw.length < SECRET_KEY_MIN_LENGTH) {
    problems.push(`SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters (a long random string).`);
  }
  return raw;
}

function parseSmtpUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined) return null;
  if (/^smtps?:\/\//.test(raw) && URL.canParse(raw)) return raw;
  problems.push('SMTP_URL must be smtp://user:password@host:port or smtps://..., or unset (mail goes to OUTBOX_DIR).');
  return null;
}

/** Telegram's bot tokens look like "123456:ABC-DEF..."; bot usernames are 5-32 characters ending in "bot". */
function parseTelegram(
  token: string | undefined,
  username: string | undefined,
  problems: string[],
): TelegramConfig | null {
  if (token === undefined && username === undefined) return null;
  if (token === undefined || username === undefined) {
    problems.push('TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_USERNAME go together: set both, or neither.');
    return null;
  }
  const botUsername = username.replace(/^@/, '');
  if (!/^\d+:[A-Za-z0-9_-]{20,}$/.test(token))
    problems.push('TELEGRAM_BOT_TOKEN must be a bot token like 123456:ABC-DEF1234ghIkl...');
  if (!/^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(botUsername))
    problems.push(
      `TELEGRAM_BOT_USERNAME must be a bot's username (5-32 letters, digits, underscores), got "${username}".`,
    );
  return { botToken: token, botUsername };
}

/** RATE_LIMIT_* variables read "count/seconds": "10/900" is ten per fifteen minutes. */
function parseRateLimits(read: (name: string) => string | undefined, problems: string[]): RateLimits {
  const limits = {} as RateLimits;
  const rules = Object.entries(rateLimitDefaults) as [RateLimitName, (typeof rateLimitDefaults)[RateLimitName]][];
  for (const [name, rule] of rules) {
    const raw = read(rule.env);
    const match = raw === undefined ? null : /^(\d{1,9})\s*\/\s*(\d{1,7})$/.exec(raw);
    if (raw !== undefined && (!match || Number(match[1]) < 1 || Number(match[2]) < 1)) {
      problems.push(`${rule.env} must be "count/seconds" like "${rule.limit}/${rule.windowSeconds}", got "${raw}".`);
    }
    limits[name] = match
      ? { limit: Number(match[1]), windowSeconds: Number(match[2]) }
      : { limit: rule.limit, windowSeconds: rule.windowSeconds };
  }
  return limits;
}

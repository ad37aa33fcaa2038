/**
 * Server configuration from environment variables. Every variable has a default that
 * works out of the box (`npm start` on a fresh clone); a bad value stops the server at
 * start with a message naming the variable, instead of failing later at first use.
 */
import { isIP } from 'node:net';

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
}

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
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
      return fallback;
    }
    return value;
  };
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

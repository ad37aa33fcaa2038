/**
 * Property-based fuzzing of every API route the app registers (helpers/route-table.ts):
 * bodies, query strings and path parameters from the route's own schemas, mostly
 * near-valid and mutated (helpers/schema-arbitrary.ts), sent signed in as a customer
 * with no money, sometimes signed out or with a broken Accept-Language. For every case:
 * no 5xx, and any error body is in the documented shape. After each route: no balance,
 * ledger line or miner stock changed, and balances still equal their ledger sums.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> (and the path it
 * prints, FUZZ_PATH=<path>) on the same route. FUZZ_RUNS_SCALE scales every route's run count
 * (250), FUZZ_REPORT=1 prints the statuses each route answered.
 */
import { randomBytes } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contracts/common.ts';
import { generateToken } from '../../server/auth/tokens.ts';
import type { Db } from '../../server/db/database.ts';
import { createSession } from '../../server/repositories/auth-tokens-repository.ts';
import { insertUser } from './helpers/fixtures.ts';
import { assertLedgerMatchesBalances } from './helpers/mining.ts';
import { sendNotes } from './helpers/notifications.ts';
import {
  compileSchema,
  createRouteTable,
  EXEMPT_ROUTES,
  routeName,
  schemaErrors,
  type ApiRoute,
  type JsonSchema,
} from './helpers/route-table.ts';
import {
  acceptLanguage,
  fuzzValue,
  oddPathSegment,
  percentEncode,
  queryString,
  rawBody,
  toJsonText,
  validValue,
  type RawBody,
} from './helpers/schema-arbitrary.ts';
import { createTestApp } from './helpers/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const RUNS_SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? 1);
const RUNS = 250;

/**
 * Routes whose well-formed bodies are slow get only `wellFormedPercent` of them (the
 * rest break the schema somewhere), so the file stays within its time budget. Keys must
 * name real routes.
 */
const BUDGETS: Record<string, { wellFormedPercent: number; why: string }> = {
  'POST /api/login/': { wellFormedPercent: 5, why: 'every well-formed body costs a scrypt hash (0.3-0.6 s here)' },
  'POST /api/register/': { wellFormedPercent: 5, why: 'a registration that passes every rule hashes its password' },
};

const table = createRouteTable();
const t = await createTestApp({
  onRoute: table.onRoute,
  env: {
    // Telegram sign-in on, so its route is fuzzed past "not configured".
    TELEGRAM_BOT_TOKEN: '7000002:fuzz-suite-bot-token',
    TELEGRAM_BOT_USERNAME: 'fuzz_suite_bot',
    // A sandbox deposit the fuzzer starts must never be paid while the file runs.
    SANDBOX_CONFIRM_SECONDS: '86400',
  },
  // Nothing the fuzzer does may reach a real push service.
  push: { send: async () => ({ statusCode: 201 }) },
});
afterAll(() => t.close());

const routes = table.routes(t.app);

/** The customer the fuzzer acts as: no money at all, a notification, a device and a session. */
const fuzzUser = await insertUser(t.db, { username: `fuzz_${randomBytes(4).toString('hex')}`, is_verified: true });
const fuzzUserId = String(fuzzUser.id);
await sendNotes(t.db, fuzzUserId, 2, 'Fuzz');
let token = await newToken();

async function newToken(): Promise<string> {
  const { token: fresh, hash } = generateToken();
  await createSession(t.db, { userId: fuzzUserId, tokenHash: hash, ttlDays: 7, userAgent: 'fuzz', ip: '127.0.0.1' });
  return fresh;
}

const device = await t.app.inject({
  method: 'POST',
  url: '/api/devices/',
  headers: { authorization: `Bearer ${token}` },
  payload: { registration_id: 'fuzz-device-1', type: 'android', name: 'Fuzz phone' },
});
if (device.statusCode !== 201) throw new Error(`fuzz device: ${device.statusCode} ${device.body}`);

/** Ids that exist, the fuzz user's and others', so some requests go past "not found". */
const knownIds = await (async () => {
  const ids = (rows: Array<{ id: string | number }>) => rows.map((row) => String(row.id));
  return [
    fuzzUserId,
    'fuzz-device-1',
    ...ids(await t.db.selectFrom('notifications').select('id').where('user_id', '=', fuzzUserId).execute()),
    ...ids(await t.db.selectFrom('auth_tokens').select('id').limit(3).execute()),
    ...ids(await t.db.selectFrom('users').select('id').limit(3).execute()),
    ...ids(await t.db.selectFrom('miners').select('id').limit(3).execute()),
    ...ids(await t.db.selectFrom('user_miners').select('id').limit(3).execute()),
  ];
})();

const genericError = compileSchema(ErrorBody);
const documentedErrors = new Map<string, ValidateFunction>();

/** The schema the route documents for this status, or the generic error shape. */
function errorShapeFor(route: ApiRoute, status: number): ValidateFunction {
  const documented = route.schema.response?.[String(status)];
  if (!documented) return genericError;
  const key = `${routeName(route)} ${status}`;
  let validate = documentedErrors.get(key);
  if (!validate) documentedErrors.set(key, (validate = compileSchema(documented)));
  return validate;
}

type Auth = 'user' | 'none' | 'undefined' | 'garbage';

interface Case {
  path: string;
  query: string;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | ({ kind: 'raw' } & RawBody);
  auth: Auth;
  language: string | undefined;
}

function pathArbitrary(route: ApiRoute): fc.Arbitrary<string> {
  const properties = (route.schema.params?.properties ?? {}) as Record<string, JsonSchema>;
  const segment = (name: string) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: properties[name]
          ? validValue(properties[name]).map((v) => percentEncode(String(v)))
          : oddPathSegment,
      },
      { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
      { weight: 3, arbitrary: oddPathSegment },
    );
  return fc
    .tuple(...route.params.map((name) => segment(name)))
    .map((values) => route.params.reduce((url, name, index) => url.replace(`:${name}`, values[index]!), route.url));
}

function bodyArbitrary(route: ApiRoute): fc.Arbitrary<Case['body']> {
  const raw = rawBody.map((body) => ({ kind: 'raw' as const, ...body }));
  const schema = route.schema.body;
  if (schema) {
    let json = fuzzValue(schema);
    const budget = BUDGETS[routeName(route)];
    if (budget) {
      // The schema as the server applies it, to tell well-formed bodies from the others.
      const wellFormed = compileSchema(schema);
      json = fc.oneof(
        { weight: budget.wellFormedPercent, arbitrary: validValue(schema) },
        {
          weight: 100 - budget.wellFormedPercent,
          arbitrary: json.filter((value) => !wellFormed(JSON.parse(toJsonText(value)))),
        },
      );
    }
    return fc.oneof(
      { weight: 8, arbitrary: json.map((value) => ({ kind: 'json' as const, value })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 2, arbitrary: raw },
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
    {
      weight: 2,
      arbitrary: fuzzValue({ type: 'object', properties: {} }).map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 1, arbitrary: raw },
  );
}

function caseArbitrary(route: ApiRoute): fc.Arbitrary<Case> {
  return fc.record({
    path: pathArbitrary(route),
    query: queryString(route.schema.querystring),
    body: bodyArbitrary(route),
    auth: fc.oneof(
      { weight: 8, arbitrary: fc.constant<Auth>('user') },
      { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'undefined', 'garbage') },
    ),
    language: acceptLanguage,
  });
}

async function send(route: ApiRoute, testCase: Case): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (testCase.auth === 'user') headers.authorization = `Bearer ${token}`;
  if (testCase.auth === 'undefined') headers.authorization = 'Bearer undefined';
  if (testCase.auth === 'garbage') headers.authorization = `Bearer ${'!'.repeat(43)}`;
  if (testCase.language !== undefined) headers['accept-language'] = testCase.language;
  let payload: string | Buffer | undefined;
  if (testCase.body.kind === 'json') {
    payload = toJsonText(testCase.body.value);
    headers['content-type'] = 'application/json';
  } else if (testCase.body.kind === 'raw') {
    payload = testCase.body.payload;
    if (testCase.body.contentType !== undefined) headers['content-type'] = testCase.body.contentType;
  }
  return t.app.inject({ method: route.method, url: testCase.path + testCase.query, headers, payload });
}

/** Everything that is money: balances, ledger lines per account, and miners in stock. */
async function moneyState(db: Db) {
  const balances = await db
    .selectFrom('balances')
    .select(['user_id', 'currency', 'amount'])
    .orderBy('user_id')
    .orderBy('currency')
    .execute();
  const ledger = await sql<{ user_id: string; currency: string; lines: string; total: string }>`
    select user_id, currency, count(*)::text as lines, sum(amount)::text as total
    from ledger_entries group by user_id, currency order by user_id, currency
  `.execute(db);
  const stock = await db.selectFrom('miners').select(['id', 'stock']).orderBy('id').execute();
  return { balances, ledger: ledger.rows, stock };
}

/** Statuses seen per route, printed at the end: what the fuzzer reached. */
const seen = new Map<string, Map<string, number>>();

describe('fuzzing every endpoint', () => {
  it('exempts only routes that exist, each with a reason', () => {
    const all = table.all(t.app);
    const stale = EXEMPT_ROUTES.filter((rule) => !all.some((route) => rule.match(route))).map((rule) => rule.why);
    expect(stale).toEqual([]);
    expect(EXEMPT_ROUTES.every((rule) => rule.why.length > 10)).toBe(true);
  });

  it('has a budget only for routes that exist', () => {
    const names = new Set(routes.map(routeName));
    expect(Object.keys(BUDGETS).filter((name) => !names.has(name))).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const route of routes) {
    const name = routeName(route);
    const numRuns = Math.max(1, Math.round(RUNS * RUNS_SCALE));

    it(`${name}: no 5xx, documented errors, no money moved (${numRuns} cases)`, { timeout: 120_000 }, async () => {
      const before = await moneyState(t.db);
      const statuses = new Map<string, number>();
      seen.set(name, statuses);

      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), async (testCase) => {
          const response = await send(route, testCase);
          const status = response.statusCode;
          // 400s split by shape: field errors are the schema's, a detail is the handler's.
          const kind = status === 400 && response.body.startsWith('{"detail"') ? '400 detail' : String(status);
          statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
          // A request that signed the fuzz user out (logout, a session deleted) must not end the run.
          if (testCase.auth === 'user' && route.method !== 'GET' && status < 300) token = await newToken();

          expect(status, response.body).toBeLessThan(500);
          if (route.authenticated && testCase.auth !== 'user')
            expect(status, response.body).toBeGreaterThanOrEqual(400);
          if (status >= 400) {
            expect(response.headers['content-type'], response.body).toMatch(/^application\/json/);
            const body: unknown = JSON.parse(response.body);
            const validate = errorShapeFor(route, status);
            expect(validate(body), `${status} ${response.body}: ${schemaErrors(validate)}`).toBe(true);
          }
        }),
        { numRuns, seed: SEED, path: process.env.FUZZ_PATH },
      );

      expect(await moneyState(t.db)).toEqual(before);
      await assertLedgerMatchesBalances(t.db);
    });
  }

  afterAll(() => {
    const lines = [...seen].map(
      ([name, statuses]) =>
        `${name.padEnd(40)} ${[...statuses]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}`,
    );
    // Error statuses a route answered that its contract does not list (their bodies were still checked).
    const undocumented = routes.flatMap((route) =>
      [...(seen.get(routeName(route))?.keys() ?? [])]
        .map((kind) => Number.parseInt(kind, 10))
        .filter((status) => status >= 400 && !route.schema.response?.[String(status)])
        .map((status) => `${routeName(route)} ${status}`),
    );
    if (process.env.FUZZ_REPORT) {
      console.log(`statuses per route (seed ${SEED}):\n${lines.join('\n')}`);
      console.log(`undocumented error statuses:\n${[...new Set(undocumented)].join('\n')}`);
    }
  });
});

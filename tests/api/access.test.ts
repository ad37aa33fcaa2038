/**
 * Access, over every route the app registers (helpers/route-table.ts):
 * - every authenticated route answers 401, in the documented shape, to a request that is
 *   valid in every way but its token: none, "Bearer undefined", garbage, well-formed but
 *   unknown, expired, revoked (sign-out, sign-out everywhere, password change, password
 *   reset) and a deleted account's;
 * - a route that does not authenticate is one of the public ones listed here, and the
 *   contract documents bearer auth exactly where the route checks it;
 * - for every route with an id in its path, customer B asking for customer A's id gets
 *   the same 404 as for an id that does not exist, and A's data is unchanged; every list
 *   B can read holds none of A's ids or data.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorResponses } from '../../contracts/common.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { generateToken } from '../../server/auth/tokens.ts';
import { createSession } from '../../server/repositories/auth-tokens-repository.ts';
import { signUp, GOOD_PASSWORD } from './helpers/accounts.ts';
import { insertUser } from './helpers/fixtures.ts';
import { fund, key, minerId, newCustomer, type Customer } from './helpers/mining.ts';
import { sendNotes } from './helpers/notifications.ts';
import { compileSchema, createRouteTable, routeName, type ApiRoute, type JsonSchema } from './helpers/route-table.ts';
import { validValue } from './helpers/schema-arbitrary.ts';
import { createTestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ar = useTranslations('ar');

/** Routes anyone may call, and why. Any other route must authenticate. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health/': 'liveness probe',
  'GET /api/ready/': 'readiness probe',
  'GET /api/config/': 'what the sign-in screens need before anyone signs in',
  'POST /api/login/': 'signing in',
  'POST /api/register/': 'signing up',
  'POST /api/otp/': 'emailed codes and the second factor of a sign-in',
  'POST /api/password_reset/': 'a forgotten password',
  'POST /api/telegram_auth/': 'signing in with Telegram',
};

/** Id routes whose ids are not anybody's own, and why. */
const SHARED_ID_ROUTES: Record<string, string> = {
  'GET /api/miners/:id/': 'the catalogue is the same for every customer',
};

const table = createRouteTable();
const t = await createTestApp({ onRoute: table.onRoute, push: { send: async () => ({ statusCode: 201 }) } });
afterAll(() => t.close());
const routes = table.routes(t.app);
const authenticated = routes.filter((route) => route.authenticated);

const documented401 = compileSchema(errorResponses[401]);

/** A body the route's schema accepts, so only the token (or the owner) can be what is wrong. */
function validBody(route: ApiRoute): unknown {
  if (!route.schema.body) return undefined;
  const validate = compileSchema(route.schema.body);
  const body = fc.sample(validValue(route.schema.body), { seed: 6, numRuns: 100 }).find((sample) => validate(sample));
  if (body === undefined) throw new Error(`no valid body found for ${routeName(route)}`);
  return body;
}

function request(route: ApiRoute, params: Record<string, string>, headers: Record<string, string>) {
  const url = route.params.reduce(
    (path, name) => path.replace(`:${name}`, encodeURIComponent(params[name]!)),
    route.url,
  );
  const body = validBody(route);
  return t.app.inject({
    method: route.method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

// ---------------------------------------------------------------------------------------
// Two customers, each with a bit of everything: money, a bought miner, a withdrawal, a
// pending deposit, notifications, a device, two sessions and a referred friend.

interface Holdings extends Customer {
  marker: string;
  notificationIds: string[];
  transactionIds: string[];
  userMinerIds: string[];
  deviceIds: string[];
  registrationId: string;
  sessionIds: string[];
  referralUsername: string;
  referralCode: string;
}

async function customerWithHoldings(prefix: string): Promise<Holdings> {
  const customer = await newCustomer(t, prefix);
  const marker = `${prefix}-secret-${randomBytes(4).toString('hex')}`;
  const as = { ...customer.headers, 'content-type': 'application/json' };
  const post = async (url: string, body: unknown) => {
    const response = await t.app.inject({ method: 'POST', url, headers: as, payload: JSON.stringify(body) });
    if (response.statusCode >= 300) throw new Error(`${prefix} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>();
  };

  await fund(t, customer, 'USDT', '10000');
  const miner = await post('/api/user-miners/', {
    miner: await minerId(t.db, 'S21 Pro 234T'),
    ownership_type: 'own',
    idempotency_key: key(),
  });
  await post('/api/transactions/', {
    type: 'withdrawal',
    currency: 'USDT',
    amount: '25',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    idempotency_key: key(),
  });
  await post('/api/transactions/', { type: 'deposit', currency: 'USDT', amount: '50', idempotency_key: key() });
  await sendNotes(t.db, customer.id, 2, marker);
  const registrationId = `${marker}-device`;
  const device = await post('/api/devices/', {
    registration_id: registrationId,
    type: 'android',
    name: `${marker} phone`,
  });
  const { hash } = generateToken();
  await createSession(t.db, { userId: customer.id, tokenHash: hash, ttlDays: 7, userAgent: marker, ip: '127.0.0.1' });
  const friend = await newCustomer(t, `${prefix}_friend`, { referredBy: customer });

  const idsOf = async (table: 'notifications' | 'transactions' | 'user_miners' | 'auth_tokens') =>
    (await t.db.selectFrom(table).select('id').where('user_id', '=', customer.id).execute()).map((row) =>
      String(row.id),
    );
  const user = await t.db
    .selectFrom('users')
    .select('referral_code')
    .where('id', '=', customer.id)
    .executeTakeFirstOrThrow();
  return {
    ...customer,
    marker,
    notificationIds: await idsOf('notifications'),
    transactionIds: await idsOf('transactions'),
    userMinerIds: [String(miner.id)],
    deviceIds: [String(device.id)],
    registrationId,
    sessionIds: await idsOf('auth_tokens'),
    referralUsername: friend.username,
    referralCode: user.referral_code,
  };
}

const alice = await customerWithHoldings('alice');
const bob = await customerWithHoldings('bob');

/** Values for the path parameters of a route, as `owner` would fill them in for their own things. */
const OWN_IDS: Record<string, (owner: Holdings) => Record<string, string>> = {
  '/api/users/:id/': (owner) => ({ id: owner.id }),
  '/api/users/:id/verify_email/': (owner) => ({ id: owner.id }),
  '/api/notifications/:id/': (owner) => ({ id: owner.notificationIds[0]! }),
  '/api/user-miners/:id/': (owner) => ({ id: owner.userMinerIds[0]! }),
  '/api/devices/:registration_id/': (owner) => ({ registration_id: owner.registrationId }),
  '/api/sessions/:id/': (owner) => ({ id: owner.sessionIds.at(-1)! }),
};

/** Which of a customer's ids each list route lists (ids are only compared within one kind). */
const LISTED_IDS: Record<string, (owner: Holdings) => string[]> = {
  'GET /api/notifications/': (owner) => owner.notificationIds,
  'GET /api/transactions/': (owner) => owner.transactionIds,
  'GET /api/user-miners/': (owner) => owner.userMinerIds,
  'GET /api/devices/': (owner) => owner.deviceIds,
  'GET /api/sessions/': (owner) => owner.sessionIds,
};

/** Text that only a customer's own answers may contain. */
const secretsOf = (owner: Holdings) => [
  owner.marker,
  owner.username,
  owner.registrationId,
  owner.referralUsername,
  owner.referralCode,
];

const notFoundBody = { detail: en('error.notFound') };

describe('which routes authenticate', () => {
  it('lists every route that does not authenticate as public, with a reason', () => {
    const open = routes.filter((route) => !route.authenticated).map(routeName);
    expect(open.filter((name) => !(name in PUBLIC_ROUTES))).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((name) => !open.includes(name))).toEqual([]);
  });

  it('documents bearer auth in the contract exactly where the route checks it', () => {
    const mismatched = routes
      .filter((route) => Boolean((route.schema as { security?: unknown[] }).security?.length) !== route.authenticated)
      .map(routeName);
    expect(mismatched).toEqual([]);
  });
});

/** Setup steps outside any test: a wrong status stops the file with the answer. */
async function expectStatus(response: Promise<LightMyRequestResponse> | LightMyRequestResponse, status: number) {
  const { statusCode, body } = await response;
  if (statusCode !== status) throw new Error(`expected ${status}, got ${statusCode}: ${body}`);
}

// Tokens that must not open a session, each made the way it happens in real life.
const expiredToken = generateToken();
{
  const user = await newCustomer(t, 'expired');
  await createSession(t.db, {
    userId: user.id,
    tokenHash: expiredToken.hash,
    ttlDays: 7,
    userAgent: 'x',
    ip: undefined,
  });
  // Sessions expire by the database clock (expires_at > now()), which TestClock cannot move.
  await sql`update auth_tokens set created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
            where token_hash = ${expiredToken.hash}`.execute(t.db);
}

const signedOut = await newCustomer(t, 'signed_out');
await expectStatus(t.app.inject({ method: 'POST', url: '/api/logout/', headers: signedOut.headers }), 204);

const everywhere = await newCustomer(t, 'everywhere');
const otherDevice = generateToken();
await createSession(t.db, {
  userId: everywhere.id,
  tokenHash: otherDevice.hash,
  ttlDays: 7,
  userAgent: 'x',
  ip: undefined,
});
await expectStatus(t.app.inject({ method: 'POST', url: '/api/logoutall/', headers: everywhere.headers }), 204);

// Password change signs out the other sessions; a reset signs out all of them.
const changer = await signUp(t, 'changer');
const changerElsewhere = await t.signIn(changer.username, GOOD_PASSWORD);
const changed = await t.app.inject({
  method: 'PATCH',
  url: `/api/users/${changer.user.id}/`,
  headers: changer.headers,
  payload: { current_password: GOOD_PASSWORD, new_password: 'quiet harbour 77' },
});
await expectStatus(changed, 200);
const reset = await t.app.inject({ method: 'POST', url: '/api/password_reset/', payload: { email: changer.email } });
await expectStatus(reset, 200);
const resetDone = await t.app.inject({
  method: 'POST',
  url: '/api/password_reset/',
  payload: { email: changer.email, code: await t.mailbox.code(changer.email), password: 'another harbour 88' },
});
await expectStatus(resetDone, 200);

// A deleted account (one without a password confirms with "DELETE").
const leaver = await insertUser(t.db, {
  username: `leaver_${randomBytes(3).toString('hex')}`,
  is_verified: true,
  password_hash: null,
});
const [leaverToken, leaverOtherToken] = [generateToken(), generateToken()];
for (const token of [leaverToken, leaverOtherToken])
  await createSession(t.db, {
    userId: String(leaver.id),
    tokenHash: token.hash,
    ttlDays: 7,
    userAgent: 'x',
    ip: undefined,
  });
const deleted = await t.app.inject({
  method: 'DELETE',
  url: `/api/users/${leaver.id}/`,
  headers: { authorization: `Bearer ${leaverToken.token}` },
  payload: { confirm: 'DELETE' },
});
await expectStatus(deleted, 204);

const credentials: Record<string, string | undefined> = {
  'no Authorization header': undefined,
  'an empty header': '',
  '"Bearer undefined"': 'Bearer undefined',
  '"Bearer null"': 'Bearer null',
  'a garbage token': 'Bearer !!not-a-token!!',
  'another scheme': 'Basic ZGVtbzpoYXNocG93ZXItMjAyNg==',
  'a token with no scheme': generateToken().token,
  'a well-formed unknown token': `Bearer ${generateToken().token}`,
  'an expired token': `Bearer ${expiredToken.token}`,
  'a token signed out': signedOut.headers.authorization,
  'a token signed out everywhere': `Bearer ${otherDevice.token}`,
  'another session after a password change': changerElsewhere.headers.authorization,
  'a token after a password reset': changer.headers.authorization,
  "a deleted account's token": `Bearer ${leaverOtherToken.token}`,
};

describe('a request without a valid token', () => {
  it('still works for its owner (the checks below are about the token alone)', async () => {
    const me = await t.app.inject({ method: 'GET', url: `/api/users/${bob.id}/`, headers: bob.headers });
    expect(me.statusCode).toBe(200);
  });

  for (const route of authenticated) {
    it(`${routeName(route)} answers 401 to each of ${Object.keys(credentials).length} bad tokens`, async () => {
      const params = OWN_IDS[route.url]?.(bob) ?? Object.fromEntries(route.params.map((name) => [name, '1']));
      for (const [label, authorization] of Object.entries(credentials)) {
        const headers: Record<string, string> = { 'accept-language': 'ar' };
        if (authorization !== undefined) headers.authorization = authorization;
        const response = await request(route, params, headers);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
        expect(response.json(), label).toEqual({ detail: ar('error.notAuthenticated') });
        expect(documented401(response.json())).toBe(true);
        expect(response.headers['www-authenticate'], label).toBe('Bearer');
      }
      // The token is checked first: a signed-out client with a broken body hears 401, not what the body lacks.
      if (route.schema.body) {
        const broken = await t.app.inject({
          method: route.method,
          url: route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1')),
          headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
          payload: '{"not json',
        });
        expect(broken.statusCode, `broken body: ${broken.body}`).toBe(401);
      }
    });
  }
});

describe("one customer's ids, asked for by another", () => {
  const idRoutes = routes.filter((route) => route.params.length > 0);

  it('are known for every route with an id in its path (or the route is shared, with a reason)', () => {
    const unknown = idRoutes.filter((route) => !OWN_IDS[route.url] && !(routeName(route) in SHARED_ID_ROUTES));
    expect(unknown.map(routeName)).toEqual([]);
  });

  it("are each the owner's to read", async () => {
    for (const url of Object.keys(OWN_IDS)) {
      const get = routes.find((route) => route.url === url && route.method === 'GET');
      if (!get) continue;
      const response = await request(get, OWN_IDS[url]!(alice), alice.headers);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });

  for (const route of idRoutes.filter((candidate) => OWN_IDS[candidate.url])) {
    it(`${routeName(route)}: 404 as for no such id, nothing of the owner's shown or changed`, async () => {
      const before = await aliceState();
      const theirs = await request(route, OWN_IDS[route.url]!(alice), bob.headers);
      expect(theirs.statusCode, theirs.body).toBe(404);
      expect(theirs.json()).toEqual(notFoundBody);
      for (const secret of secretsOf(alice)) expect(theirs.body).not.toContain(secret);

      // The same answer as for an id nobody has: the 404 does not confirm that it exists.
      const missing = Object.fromEntries(
        route.params.map((name) => [name, name === 'registration_id' ? `none-${randomUUID()}` : '2147483000']),
      );
      const nobody = await request(route, missing, bob.headers);
      expect(nobody.statusCode).toBe(404);
      expect(nobody.body).toBe(theirs.body);
      expect(await aliceState()).toEqual(before);
    });
  }

  it("leave the owner's session working", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: alice.headers });
    expect(response.statusCode).toBe(200);
  });
});

describe('lists', () => {
  const lists = authenticated.filter((route) => route.method === 'GET' && route.params.length === 0);

  it('include every list route whose ids are compared here', () => {
    expect(Object.keys(LISTED_IDS).filter((name) => !lists.some((route) => routeName(route) === name))).toEqual([]);
  });

  for (const route of lists) {
    it(`${routeName(route)} shows another customer none of the owner's ids or data`, async () => {
      const query =
        route.schema.querystring?.properties && 'limit' in (route.schema.querystring.properties as JsonSchema)
          ? '?limit=100'
          : '';
      const read = (who: Holdings) => t.app.inject({ method: 'GET', url: route.url + query, headers: who.headers });
      const [theirs, own] = await Promise.all([read(bob), read(alice)]);
      expect(theirs.statusCode, theirs.body).toBe(200);
      for (const secret of secretsOf(alice)) expect(theirs.body, secret).not.toContain(secret);

      const listed = LISTED_IDS[routeName(route)];
      if (!listed) return;
      const idsIn = (body: string) =>
        new Set((JSON.parse(body) as { results: Array<{ id: number }> }).results.map((item) => String(item.id)));
      // The owner does see them, so their absence for the other customer means something.
      expect([...idsIn(own.body)]).toEqual(expect.arrayContaining(listed(alice)));
      expect(listed(alice).filter((id) => idsIn(theirs.body).has(id))).toEqual([]);
      expect([...idsIn(theirs.body)]).toEqual(expect.arrayContaining(listed(bob)));
    });
  }
});

/** Everything of Alice's a request by Bob could change. */
async function aliceState() {
  const [user, notifications, devices, sessions, userMiners, transactions] = await Promise.all([
    t.db.selectFrom('users').selectAll().where('id', '=', alice.id).executeTakeFirstOrThrow(),
    t.db.selectFrom('notifications').select(['id', 'is_read']).where('user_id', '=', alice.id).orderBy('id').execute(),
    t.db.selectFrom('devices').selectAll().where('user_id', '=', alice.id).orderBy('id').execute(),
    t.db.selectFrom('auth_tokens').select(['id', 'revoked_at']).where('user_id', '=', alice.id).orderBy('id').execute(),
    t.db.selectFrom('user_miners').selectAll().where('user_id', '=', alice.id).orderBy('id').execute(),
    t.db
      .selectFrom('transactions')
      .select(['id', 'status', 'amount'])
      .where('user_id', '=', alice.id)
      .orderBy('id')
      .execute(),
  ]);
  return { user, notifications, devices, sessions, userMiners, transactions };
}

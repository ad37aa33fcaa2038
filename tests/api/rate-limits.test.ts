import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { purgeExpiredRows } from '../../server/plugins/housekeeping.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { GOOD_PASSWORD, newIdentity } from './helpers/accounts.ts';
import { insertUser } from './helpers/fixtures.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const ru = useTranslations('ru');

const BOT_TOKEN = '7000001:rate-limit-suite-bot-token';
/** Low limits, so a test reaches them in a few requests. */
const LIMITS = {
  RATE_LIMIT_LOGIN_ACCOUNT: '3/900',
  RATE_LIMIT_LOGIN_IP: '5/900',
  RATE_LIMIT_CODE_SEND_EMAIL: '2/3600',
  RATE_LIMIT_CODE_SEND_IP: '4/3600',
  RATE_LIMIT_CODE_CHECK_IP: '3/900',
  RATE_LIMIT_REGISTER_IP: '2/3600',
  RATE_LIMIT_TELEGRAM_IP: '2/900',
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: 'limits_test_bot',
};
const onPostgres = process.env.API_TEST_DB === 'postgres';

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  [t, passwordHash] = await Promise.all([createTestApp({ env: LIMITS }), hashPassword(GOOD_PASSWORD)]);
});
afterAll(() => t?.close());

let lastAddress = 0;
/** Each test speaks from its own address, so per-address limits do not leak between tests. */
const newAddress = () => `10.0.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function call(app: TestApp, url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });
}

async function accountWithPassword(prefix: string) {
  const identity = newIdentity(prefix);
  await insertUser(t.db, { ...identity, password_hash: passwordHash, is_verified: true });
  return identity;
}

function expectTooMany(response: Awaited<ReturnType<typeof call>>, windowSeconds: number, t = en) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  // Sliding windows: an attempt over the limit keeps counting, for up to two window lengths.
  expect(retryAfter).toBeLessThanOrEqual(2 * windowSeconds);
  expect(response.json()).toEqual({ detail: t('error.rateLimited', { seconds: retryAfter }) });
}

/** Moves the clock until nothing counted so far weighs in a sliding window of `windowSeconds`. */
function nextWindow(windowSeconds: number) {
  t.clock.advance(2 * windowSeconds * 1000);
}

describe('failed sign-ins', () => {
  it('lock an account after 10 (here 3) failures, even from many addresses, until the window has slid past them', async () => {
    const account = await accountWithPassword('locked');
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await call(t, '/api/login/', { username: account.username, password: 'guess' }, newAddress());
      expect(wrong.statusCode).toBe(400);
    }
    const right = await call(t, '/api/login/', { username: account.email, password: GOOD_PASSWORD }, newAddress(), {
      'accept-language': 'ru',
    });
    expectTooMany(right, 900, ru);

    nextWindow(900);
    const later = await call(t, '/api/login/', { username: account.username, password: GOOD_PASSWORD }, newAddress());
    expect(later.statusCode).toBe(200);
  });

  it("still count just after a window's end: the limit holds over any 15 minutes, not per clock quarter", async () => {
    const account = await accountWithPassword('boundary');
    const windowMs = 900_000;
    t.clock.advance(windowMs - (t.clock.now().getTime() % windowMs) - 10_000);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await call(t, '/api/login/', { username: account.username, password: 'guess' }, newAddress())).statusCode).toBe(400);
    }
    t.clock.advance(20_000);
    expectTooMany(await call(t, '/api/login/', { username: account.username, password: GOOD_PASSWORD }, newAddress()), 900);
  });

  it('do not count successful sign-ins', async () => {
    const account = await accountWithPassword('regular');
    const ip = newAddress();
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await call(t, '/api/login/', { username: account.username, password: GOOD_PASSWORD }, ip);
      expect(response.statusCode).toBe(200);
    }
  });

  it('lock an address after 30 (here 5) failures on any accounts', async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await call(t, '/api/login/', { username: `nobody${attempt}`, password: 'guess' }, ip);
      expect(response.statusCode).toBe(400);
    }
    expectTooMany(await call(t, '/api/login/', { username: 'demo', password: 'hashpower-2026' }, ip), 900);
    // Other addresses are not affected.
    expect(
      (await call(t, '/api/login/', { username: 'demo', password: 'hashpower-2026' }, newAddress())).statusCode,
    ).toBe(200);
  });
});

describe('code sends', () => {
  it('are limited to 5 (here 2) an hour per address', async () => {
    const { email } = await accountWithPassword('chatty');
    for (let send = 0; send < 2; send++) {
      expect((await call(t, '/api/otp/', { purpose: 'login', email }, newAddress())).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    expectTooMany(await call(t, '/api/otp/', { purpose: 'login', email }, newAddress()), 3600);
    expectTooMany(await call(t, '/api/password_reset/', { email }, newAddress()), 3600);
  });

  it('are limited to 20 (here 4) an hour per client address', async () => {
    const ip = newAddress();
    for (let send = 0; send < 4; send++) {
      const response = await call(t, '/api/password_reset/', { email: `someone${send}@example.test` }, ip);
      expect(response.statusCode).toBe(200);
    }
    expectTooMany(await call(t, '/api/otp/', { purpose: 'signup', email: 'fifth@example.test' }, ip), 3600);
  });
});

describe('code checks', () => {
  it('are limited to 10 (here 3) failures per 15 minutes per client address', async () => {
    const { email } = await accountWithPassword('guesser');
    await call(t, '/api/otp/', { purpose: 'login', email }, newAddress());
    const code = await t.mailbox.code(email);
    const ip = newAddress();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await call(t, '/api/otp/', { purpose: 'login', email, code: wrong }, ip)).statusCode).toBe(400);
    }
    expectTooMany(await call(t, '/api/otp/', { purpose: 'login', email, code }, ip), 900);
    expect((await call(t, '/api/otp/', { purpose: 'login', email, code }, newAddress())).statusCode).toBe(200);
  });
});

describe('registrations', () => {
  it('are limited to 10 (here 2) an hour per client address; forms with mistakes do not count', async () => {
    const ip = newAddress();
    const taken = await call(
      t,
      '/api/register/',
      { username: 'demo', email: 'x@example.test', password: GOOD_PASSWORD },
      ip,
    );
    expect(taken.statusCode).toBe(400);
    for (let registration = 0; registration < 2; registration++) {
      const response = await call(t, '/api/register/', { ...newIdentity('burst'), password: GOOD_PASSWORD }, ip);
      expect(response.statusCode).toBe(201);
    }
    expectTooMany(await call(t, '/api/register/', { ...newIdentity('burst'), password: GOOD_PASSWORD }, ip), 3600);
  });
});

describe('Telegram sign-ins', () => {
  it('are limited to 30 (here 2) per 15 minutes per client address', async () => {
    const ip = newAddress();
    const fields = { id: 6660001, auth_date: Math.floor(t.clock.now().getTime() / 1000) };
    const dataCheckString = `auth_date=${fields.auth_date}\nid=${fields.id}`;
    const hash = createHmac('sha256', createHash('sha256').update(BOT_TOKEN).digest())
      .update(dataCheckString)
      .digest('hex');
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await call(t, '/api/telegram_auth/', { ...fields, hash }, ip)).statusCode).toBe(200);
    }
    expectTooMany(await call(t, '/api/telegram_auth/', { ...fields, hash }, ip), 900);
  });
});

describe('housekeeping', () => {
  it('clears ended windows, and codes and challenges a day after they expired', async () => {
    await call(t, '/api/otp/', { purpose: 'signup', email: 'housekeeping@example.test' }, newAddress());
    const count = async (table: 'rate_limits' | 'one_time_codes') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('rate_limits')).toBeGreaterThan(0);
    expect(await count('one_time_codes')).toBeGreaterThan(0);

    t.clock.advance(25 * 60 * 60_000);
    await purgeExpiredRows(t.app);
    expect(await count('rate_limits')).toBe(0);
    expect(await count('one_time_codes')).toBe(0);
  });
});

describe.runIf(onPostgres)('with two API instances on one PostgreSQL database', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ env: LIMITS, sameDatabaseAs: t });
  });
  afterAll(() => second?.close());

  it('counts failures on either instance against the same limit', async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const instance = attempt % 2 === 0 ? t : second;
      const response = await call(instance, '/api/login/', { username: `ghost${attempt}`, password: 'guess' }, ip);
      expect(response.statusCode).toBe(400);
    }
    expectTooMany(await call(t, '/api/login/', { username: 'demo', password: 'hashpower-2026' }, ip), 900);
    expectTooMany(await call(second, '/api/login/', { username: 'demo', password: 'hashpower-2026' }, ip), 900);
  });

  it('share the cooldown, the codes and the keys that hash them', async () => {
    const { email } = await accountWithPassword('twin');
    expect((await call(t, '/api/otp/', { purpose: 'login', email }, newAddress())).statusCode).toBe(200);
    expect((await call(second, '/api/otp/', { purpose: 'login', email }, newAddress())).statusCode).toBe(429);
    const code = await t.mailbox.code(email);
    const response = await call(second, '/api/otp/', { purpose: 'login', email, code }, newAddress());
    expect(response.statusCode).toBe(200);
  });
});

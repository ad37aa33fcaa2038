/**
 * Two real API processes on one PostgreSQL database (issue 6), as a deployment behind a
 * load balancer runs them: the earnings job started in both at once, orders from one
 * account split across both, idempotency keys replayed on the other process, and the
 * sign-in limits counted across both. Nothing here is shared in memory: whatever holds,
 * the database makes it hold. PGlite is one process's embedded database, so these run
 * on PostgreSQL only.
 *
 * An in-process app on the same database prepares customers and reads the books.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserMiner } from '../../contracts/user-miners.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { addDays, utcDate } from '../../server/lib/utc-days.ts';
import { useTranslations } from '../../src/i18n/index.ts';
import { GOOD_PASSWORD, newIdentity } from './helpers/accounts.ts';
import { startApiProcess, type ApiProcess, type LogLine } from './helpers/api-process.ts';
import { insertUser } from './helpers/fixtures.ts';
import { assertBooksWhole } from './helpers/invariants.ts';
import { balance, fund, key, minerId, newCustomer, purchasesOf, stockOf, type Customer } from './helpers/mining.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const en = useTranslations('en');
const onPostgres = process.env.API_TEST_DB === 'postgres';

/** Failed sign-ins per account in the children: low, so a test reaches the limit quickly. */
const LOGIN_ACCOUNT_LIMIT = 4;
/**
 * A child runs on the real clock. The sliding estimate (plugins/rate-limits.ts) weighs the
 * previous window by how much of it is still in range, so over a week-long window the
 * few seconds of a test change nothing, wherever the test falls.
 */
const LOGIN_WINDOW_SECONDS = 7 * 24 * 60 * 60;
const CHILD_ENV = {
  EARNINGS_JOB: 'on',
  // The job's log line says what each process settled.
  LOG_LEVEL: 'info',
  RATE_LIMIT_LOGIN_ACCOUNT: `${LOGIN_ACCOUNT_LIMIT}/${LOGIN_WINDOW_SECONDS}`,
  // Every request comes from 127.0.0.1: the per-address limit must not be the one met.
  RATE_LIMIT_LOGIN_IP: `100000/${LOGIN_WINDOW_SECONDS}`,
};
/** Miners whose last 7 finished days are due when the processes start. */
const DUE_CUSTOMERS = 4;
const DUE_MINERS_EACH = 6;
const CATCH_UP_DAYS = 7;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

async function call(api: ApiProcess, method: string, url: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: answer, retryAfter: response.headers.get('retry-after') } satisfies Answer;
}

const order = (api: ApiProcess, customer: Customer, body: object) =>
  call(api, 'POST', '/api/user-miners/', body, customer.headers);

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL database (PostgreSQL only)', () => {
  let t: TestApp;
  let processes: ApiProcess[] = [];
  const dueMinerIds: string[] = [];
  let dueDays: string[] = [];
  const other = (api: ApiProcess) => (api === processes[0] ? processes[1]! : processes[0]!);

  beforeAll(async () => {
    t = await createTestApp();
    // Miners bought through the API, then moved back to midnight 7 days ago: when the
    // processes start, each has 7 finished days that no one has settled.
    const today = utcDate(new Date());
    dueDays = Array.from({ length: CATCH_UP_DAYS }, (_, index) => addDays(today, index - CATCH_UP_DAYS));
    const miner = await minerId(t.db, 'S21 200T');
    await t.db.updateTable('miners').set({ stock: 10_000 }).where('id', '=', String(miner)).execute();
    for (let index = 0; index < DUE_CUSTOMERS; index++) {
      const customer = await newCustomer(t, `due${index}`);
      await fund(t, customer, 'USDT', String(3400 * DUE_MINERS_EACH));
      for (let count = 0; count < DUE_MINERS_EACH; count++) {
        const payload = { miner, ownership_type: 'own', idempotency_key: key() };
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/user-miners/',
          payload,
          headers: customer.headers,
        });
        if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
        dueMinerIds.push(String(response.json<UserMiner>().id));
      }
    }
    await t.db
      .updateTable('user_miners')
      .set({ started_at: new Date(`${dueDays[0]}T00:00:00Z`) })
      .where('id', 'in', dueMinerIds)
      .execute();
    // Started together, so both run the job at start at the same time.
    const started = await Promise.allSettled(
      ['api-a', 'api-b'].map((name) => startApiProcess(name, t.databaseUrl, CHILD_ENV)),
    );
    processes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });

  afterAll(async () => {
    await Promise.all(processes.map((api) => api.stop()));
    await t?.close();
  });

  it('settles every due day exactly once when the earnings job runs in both at once', async () => {
    const isDone = (line: LogLine) => line.msg === 'earnings job done' || line.msg === 'earnings job failed';
    const runs = await Promise.all(processes.map((api) => api.waitForLog(isDone, 45_000)));
    for (const run of runs) expect(run.msg).toBe('earnings job done');
    const settledBy = runs.map((run) =>
      (run.earnings as { days: { credited: number; paused: number }[] }).days.reduce(
        (sum, day) => sum + day.credited + day.paused,
        0,
      ),
    );
    console.info('earnings job in two processes: days settled by each', settledBy);

    const claims = await t.db
      .selectFrom('earning_days')
      .select(['user_miner_id', 'day', 'outcome'])
      .where('user_miner_id', 'in', dueMinerIds)
      .execute();
    expect(claims).toHaveLength(dueMinerIds.length * CATCH_UP_DAYS);
    for (const id of dueMinerIds) {
      expect(
        claims
          .filter((claim) => claim.user_miner_id === id)
          .map((claim) => claim.day)
          .sort(),
      ).toEqual(dueDays);
    }
    expect(claims.every((claim) => claim.outcome === 'credited')).toBe(true);
    // What the two processes say they did adds up to what was done: no day twice.
    const allClaims = await t.db
      .selectFrom('earning_days')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(settledBy[0]! + settledBy[1]!).toBe(Number(allClaims.n));
    const earnings = await t.db
      .selectFrom('transactions')
      .select('id')
      .where('type', '=', 'earning')
      .where('user_miner_id', 'in', dueMinerIds)
      .execute();
    expect(earnings).toHaveLength(dueMinerIds.length * CATCH_UP_DAYS);
    await assertBooksWhole(t.db);
  });

  it('sells exactly what one balance pays for when its orders are split across both processes', async () => {
    const buyer = await newCustomer(t, 'split');
    await fund(t, buyer, 'USDT', String(5 * 2250));
    const miner = await minerId(t.db, 'A1466 150T');
    await t.db.updateTable('miners').set({ stock: 100 }).where('id', '=', String(miner)).execute();

    const orders = Array.from({ length: 16 }, (_, index) => ({
      api: processes[index % 2]!,
      body: { miner, ownership_type: 'own', idempotency_key: key() },
    }));
    const answers = await Promise.all(orders.map(({ api, body }) => order(api, buyer, body)));
    const sold = orders.filter((_, index) => answers[index]!.status === 201);
    expect(sold).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({
        status: 400,
        body: { detail: en('error.insufficientFunds', { amount: '2250.00', currency: 'USDT', balance: '0.00' }) },
      });
    }
    expect(await balance(t, buyer, 'USDT')).toBe('0.00000000');
    expect(await stockOf(t.db, 'A1466 150T')).toBe(95);

    // Each sold order's key, sent again to the process that did not take it: the same order.
    for (const { api, body } of sold) {
      const again = await order(other(api), buyer, body);
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(answers[orders.findIndex((o) => o.body === body)]!.body.id);
    }
    expect(await balance(t, buyer, 'USDT')).toBe('0.00000000');
    expect(await purchasesOf(t.db, buyer)).toBe(5);
    await assertBooksWhole(t.db);
  });

  it('never sells more than the stock, whichever process the orders reach', async () => {
    const miner = await minerId(t.db, 'S21 XP 270T');
    await t.db.updateTable('miners').set({ stock: 3 }).where('id', '=', String(miner)).execute();
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, index) => newCustomer(t, `scarce${index}`)));
    for (const buyer of buyers) await fund(t, buyer, 'USDT', String(2 * 6800));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        order(processes[index % 2]!, buyers[index % 4]!, { miner, ownership_type: 'own', idempotency_key: key() }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused).toMatchObject({ status: 400, body: { detail: en('error.minerSoldOut') } });
    }
    expect(await stockOf(t.db, 'S21 XP 270T')).toBe(0);
    let paid = 0;
    for (const buyer of buyers) paid += 2 * 6800 - Number(await balance(t, buyer, 'USDT'));
    expect(paid).toBe(3 * 6800);
    await assertBooksWhole(t.db);
  });

  it('charges once for a key that reaches both processes at the same moment', async () => {
    const buyer = await newCustomer(t, 'twice');
    await fund(t, buyer, 'USDT', '1000');
    const miner = await minerId(t.db, 'S19k Pro 120T');
    await t.db.updateTable('miners').set({ stock: 100 }).where('id', '=', String(miner)).execute();
    const bodies = Array.from({ length: 6 }, () => ({
      miner,
      ownership_type: 'rent',
      rent_days: 30,
      idempotency_key: key(),
    }));
    const pairs = await Promise.all(bodies.map((body) => Promise.all(processes.map((api) => order(api, buyer, body)))));
    for (const pair of pairs) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([200, 201]);
      expect(pair[0]!.body.id).toBe(pair[1]!.body.id);
    }
    expect(await balance(t, buyer, 'USDT')).toBe((1000 - 6 * 40.5).toFixed(8));
    await assertBooksWhole(t.db);
  });

  describe('sign-in limits count across both processes', () => {
    let passwordHash: string;
    beforeAll(async () => {
      passwordHash = await hashPassword(GOOD_PASSWORD);
    });
    const account = async (prefix: string) => {
      const identity = newIdentity(prefix);
      await insertUser(t.db, { ...identity, password_hash: passwordHash, is_verified: true });
      return identity;
    };
    const expectLimited = (answer: Answer) => {
      expect(answer.status).toBe(429);
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThanOrEqual(1);
      // Sliding windows: attempts over the limit keep weighing for up to two window lengths.
      expect(seconds).toBeLessThanOrEqual(2 * LOGIN_WINDOW_SECONDS);
      expect(answer.body).toEqual({ detail: en('error.rateLimited', { seconds }) });
    };

    it(`lock an account after ${LOGIN_ACCOUNT_LIMIT} failures alternating between them, not twice that`, async () => {
      const { username } = await account('alternate');
      for (let attempt = 0; attempt < LOGIN_ACCOUNT_LIMIT; attempt++) {
        const answer = await call(processes[attempt % 2]!, 'POST', '/api/login/', { username, password: 'guess' });
        expect(answer).toMatchObject({ status: 400, body: { detail: en('error.invalidCredentials') } });
      }
      for (const api of processes) {
        expectLimited(await call(api, 'POST', '/api/login/', { username, password: GOOD_PASSWORD }));
      }
    });

    it('let exactly the limit through when failures reach both at once', async () => {
      const { username } = await account('burst');
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          call(processes[index % 2]!, 'POST', '/api/login/', { username, password: `guess${index}` }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(LOGIN_ACCOUNT_LIMIT);
      for (const answer of answers.filter((a) => a.status !== 400)) expectLimited(answer);
    });
  });

  it('leaves both processes running, with no error in their logs', () => {
    for (const api of processes) {
      expect(api.exitCode(), `${api.name} exited`).toBeNull();
      // pino levels: 50 error, 60 fatal.
      expect(
        api.log.filter((line) => line.level >= 50),
        `${api.name} logged errors`,
      ).toEqual([]);
    }
  });
});

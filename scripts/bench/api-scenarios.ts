/**
 * What bench:api loads the API with (issue 6): (a) the bare reference route, then the
 * screens' main calls. Each scenario checks one answer before the load, so a run that
 * measured 401s or empty lists fails loudly instead of reporting fast nonsense.
 */
import { randomUUID } from 'node:crypto';
import { BENCH_PING_URL } from '../../server/plugins/bench-routes.ts';
import { LEDGER_LINES, NOTIFICATIONS, type BenchFixtures } from './api-fixtures.ts';
import type { LoadRequest, LoadSettings } from './load.ts';

export interface Scenario {
  id: 'a' | 'b' | 'c' | 'd' | 'e' | 'f';
  label: string;
  request: LoadRequest;
  /** Settings of its own, over the run's. */
  settings?: Partial<LoadSettings>;
  /** Throws unless the answer is the one the scenario means to measure. */
  expect: (status: number, body: unknown) => void;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const JSON_BODY = { 'content-type': 'application/json' };

function expectStatus(expected: number, status: number, body: unknown): void {
  if (status !== expected) throw new Error(`expected ${expected}, got ${status}: ${JSON.stringify(body)}`);
}

function expectCount(expected: number | 'some', body: unknown): void {
  const count = (body as { count?: unknown }).count;
  const ok = expected === 'some' ? typeof count === 'number' && count > 0 : count === expected;
  if (!ok) throw new Error(`expected a list of ${expected}, got count ${String(count)}`);
}

/** A signed-in GET of a list, checked for its count before the load. */
function listScenario(id: Scenario['id'], label: string, path: string, token: string, count: number | 'some'): Scenario {
  return {
    id,
    label,
    request: { method: 'GET', path, headers: bearer(token) },
    expect: (status, body) => {
      expectStatus(200, status, body);
      expectCount(count, body);
    },
  };
}

export function apiScenarios(fixtures: BenchFixtures): Scenario[] {
  let order = 0;
  return [
    {
      id: 'a',
      label: `GET ${BENCH_PING_URL} (bare route)`,
      request: { method: 'GET', path: BENCH_PING_URL },
      expect: (status, body) => expectStatus(200, status, body),
    },
    listScenario('b', 'GET /api/miners/ signed in', '/api/miners/', fixtures.readerToken, 'some'),
    listScenario('c', `GET /api/transactions/ (${LEDGER_LINES.toLocaleString('en')} lines)`, '/api/transactions/', fixtures.ledgerToken, LEDGER_LINES),
    listScenario('d', `GET /api/notifications/ (${NOTIFICATIONS} notifications)`, '/api/notifications/', fixtures.bellToken, NOTIFICATIONS),
    {
      id: 'e',
      label: `POST /api/user-miners/ (buy; ${fixtures.buyerTokens.length} buyers, ${fixtures.buyableMinerIds.length} miners)`,
      request: {
        method: 'POST',
        path: '/api/user-miners/',
        headers: JSON_BODY,
        // A new order each time: a fresh idempotency key, the next buyer and the next miner.
        vary: () => {
          order += 1;
          const token = fixtures.buyerTokens[order % fixtures.buyerTokens.length]!;
          const miner = fixtures.buyableMinerIds[order % fixtures.buyableMinerIds.length]!;
          return {
            headers: { ...JSON_BODY, ...bearer(token) },
            body: JSON.stringify({
              miner,
              ownership_type: 'own',
              idempotency_key: randomUUID(),
            }),
          };
        },
      },
      expect: (status, body) => expectStatus(201, status, body),
    },
    {
      id: 'f',
      label: 'POST /api/login/ (scrypt password check)',
      request: {
        method: 'POST',
        path: '/api/login/',
        headers: JSON_BODY,
        body: JSON.stringify({
          username: fixtures.login.username,
          password: fixtures.login.password,
        }),
      },
      // A password check is scrypt at N=2^17 (server/auth/passwords.ts): about 0.4 s of one
      // core and 128 MiB each, four at a time on libuv's thread pool. Four connections keep
      // that pool busy; twenty would only queue, so every answer would take longer than a
      // short run. No warm-up: abandoned warm-up logins would still be hashing in the run.
      settings: { connections: 4, warmupSeconds: 0 },
      expect: (status, body) => expectStatus(200, status, body),
    },
  ];
}

/** One request as the load will send it, with its answer checked. */
export async function checkScenario(url: string, scenario: Scenario): Promise<void> {
  const { request } = scenario;
  const varied = request.vary?.() ?? {};
  const response = await fetch(`${url}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, ...varied.headers },
    body: varied.body ?? request.body,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: reported as text.
  }
  try {
    scenario.expect(response.status, body);
  } catch (error) {
    throw new Error(`(${scenario.id}) ${scenario.label}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

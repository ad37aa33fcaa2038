/**
 * `npm run bench:api`: the API as a child process on PostgreSQL, then on PGlite, loaded
 * from this process with autocannon over loopback (scenarios in api-scenarios.ts). For
 * each scenario: requests/s, p50/p99 latency, errors, the ratio to the bare route (a),
 * and the server's peak memory while it ran. Prints Markdown tables and writes
 * bench/results/api.json.
 *
 * Settings: BENCH_DURATION (seconds, 10), BENCH_CONNECTIONS (20), BENCH_WARMUP (seconds,
 * 2), BENCH_DATABASES ("postgres,pglite"), BENCH_SCENARIOS (e.g. "a,b"), and
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test):
 * the server a fresh bench_<random> database is created on and dropped from.
 * DATABASE_POOL_MAX passes through to the server.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rateLimitDefaults } from '../../server/config.ts';
import { createBenchFixtures, LEDGER_LINES, NOTIFICATIONS } from './api-fixtures.ts';
import { apiScenarios, checkScenario } from './api-scenarios.ts';
import {
  createPgliteBenchDatabase,
  createPostgresBenchDatabase,
  postgresAdminUrl,
  type BenchDatabase,
} from './bench-database.ts';
import { measure, type LoadSettings } from './load.ts';
import { markdownTable, type DatabaseResult } from './api-report.ts';
import { machineFacts } from './machine.ts';
import { updateReadme } from './readme.ts';
import { PROJECT_ROOT, startServer } from './server-process.ts';

const MIB = 2 ** 20;

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function listSetting<T extends string>(name: string, allowed: readonly T[]): T[] {
  const raw = process.env[name]?.trim();
  if (!raw) return [...allowed];
  const picked = raw.split(',').map((entry) => entry.trim()) as T[];
  const unknown = picked.filter((entry) => !allowed.includes(entry));
  if (unknown.length > 0) throw new Error(`${name}: unknown ${unknown.join(', ')} (choose from ${allowed.join(', ')})`);
  return picked;
}

/** Limits far above what a run sends from 127.0.0.1, so login and purchases are not answered 429. */
const relaxedRateLimits = Object.fromEntries(
  Object.values(rateLimitDefaults).map((rule) => [rule.env, `100000000/${rule.windowSeconds}`]),
);

const toMiB = (bytes: number) => Math.round(bytes / MIB);

async function benchDatabase(
  database: BenchDatabase,
  settings: LoadSettings,
  only: Set<string>,
  outboxDir: string,
): Promise<DatabaseResult> {
  const result: DatabaseResult = { database: database.kind, scenarios: [] };
  process.stdout.write(`\n[${database.kind}] preparing the database (migrations, demo seed, bench data)...\n`);
  // One buyer per connection: orders then contend on the miners' rows, as many customers' would.
  const prepared = await database.prepare((db) => createBenchFixtures(db, settings.connections));
  result.version = prepared.version;
  const server = await startServer({
    env: {
      ...database.serverEnv,
      ...relaxedRateLimits,
      SITE_DIR: '',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      EARNINGS_JOB: 'off',
      BENCH_ROUTES: 'true',
      OUTBOX_DIR: outboxDir,
    },
  });
  try {
    const started = await server.memory();
    result.startRssMiB = toMiB(started.rssBytes);
    result.startPeakRssMiB = toMiB(started.peakRssBytes);
    let bare: number | null = null;
    for (const scenario of apiScenarios(prepared.fixtures)) {
      if (!only.has(scenario.id)) continue;
      await checkScenario(server.url, scenario);
      process.stdout.write(`[${database.kind}] (${scenario.id}) ${scenario.label}... `);
      let cpuBefore = 0;
      const figures = await measure(server.url, scenario.request, { ...settings, ...scenario.settings }, async () => {
        await server.resetPeak();
        cpuBefore = await server.cpuMs();
      });
      const cpuMs = (await server.cpuMs()) - cpuBefore;
      const memory = await server.memory();
      if (scenario.id === 'a') bare = figures.requestsPerSecond;
      result.scenarios.push({
        id: scenario.id,
        label: scenario.label,
        connections: scenario.settings?.connections ?? settings.connections,
        ...figures,
        ratioToBare: bare ? Number((figures.requestsPerSecond / bare).toFixed(3)) : null,
        peakRssMiB: toMiB(memory.peakRssBytes),
        serverCpuMsPerRequest: Number((cpuMs / Math.max(1, figures.requests)).toFixed(3)),
      });
      process.stdout.write(
        `${figures.requestsPerSecond} req/s, ${figures.errors} errors, ` +
          `${result.scenarios.at(-1)!.serverCpuMsPerRequest} ms server CPU per request\n`,
      );
    }
    result.peakRssMiB = Math.max(...result.scenarios.map((scenario) => scenario.peakRssMiB));
  } catch (error) {
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${server.output()}`,
    );
  } finally {
    await server.stop();
  }
  return result;
}

async function packageVersion(name: string): Promise<string> {
  const file = path.join(PROJECT_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  const settings: LoadSettings = {
    durationSeconds: positiveInteger('BENCH_DURATION', 10),
    connections: positiveInteger('BENCH_CONNECTIONS', 20),
    warmupSeconds: positiveInteger('BENCH_WARMUP', 2),
  };
  const databases = listSetting('BENCH_DATABASES', ['postgres', 'pglite'] as const);
  const only = new Set(listSetting('BENCH_SCENARIOS', ['a', 'b', 'c', 'd', 'e', 'f'] as const));
  // The machine's load before and after: figures from a busy machine are noisy, and say so.
  const loadAverageAtStart = os.loadavg().map((load) => Number(load.toFixed(2)));
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hashharbor-bench-api-'));
  const results: DatabaseResult[] = [];
  try {
    for (const kind of databases) {
      let database: BenchDatabase;
      try {
        database =
          kind === 'postgres'
            ? await createPostgresBenchDatabase(postgresAdminUrl(), positiveInteger('DATABASE_POOL_MAX', 10))
            : await createPgliteBenchDatabase();
      } catch (error) {
        const reason = `no PostgreSQL server at ${postgresAdminUrl().replace(/\/\/[^@/]*@/, '//…@')} (${error instanceof Error ? error.message : String(error)})`;
        process.stdout.write(`\n[${kind}] skipped: ${reason}\n`);
        results.push({ database: kind, skipped: reason, scenarios: [] });
        continue;
      }
      try {
        results.push(await benchDatabase(database, settings, only, path.join(workDir, `outbox-${kind}`)));
      } finally {
        await database.drop();
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }

  const output = {
    date: new Date().toISOString(),
    machine: {
      ...machineFacts(),
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map((load) => Number(load.toFixed(2))),
    },
    software: {
      fastify: await packageVersion('fastify'),
      pglite: await packageVersion('@electric-sql/pglite'),
      autocannon: await packageVersion('autocannon'),
    },
    settings: {
      ...settings,
      client: 'autocannon in the bench process, server in a child process, both on this machine (loopback)',
      databasePoolMax: positiveInteger('DATABASE_POOL_MAX', 10),
      data: {
        ledgerLines: LEDGER_LINES,
        notifications: NOTIFICATIONS,
        buyers: settings.connections,
        pageSize: 'default (10)',
      },
      requestsPerSecond: '2xx answers per second of the measured run (after the warm-up)',
      peakRss: 'VmHWM of the server process, reset before each scenario (/proc/<pid>/clear_refs)',
    },
    results,
  };
  const outFile = path.join(PROJECT_ROOT, 'bench', 'results', 'api.json');
  await mkdir(path.dirname(outFile), { recursive: true });
  await writeFile(outFile, `${JSON.stringify(output, null, 2)}\n`);

  process.stdout.write(
    `\n## API throughput — ${settings.connections} connections, ${settings.durationSeconds} s per scenario ` +
      `(${output.machine.cpu}, ${output.machine.cores} cores, Node ${process.version})\n\n`,
  );
  for (const result of results) process.stdout.write(`${markdownTable(result)}\n`);
  process.stdout.write(`Written to ${path.relative(process.cwd(), outFile)}\n`);
  updateReadme();
}

await main();

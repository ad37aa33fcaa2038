/**
 * A real API process (`node server/start.ts`), as a deployment runs several of them
 * behind a load balancer: its own event loop, pool and timers, sharing only the
 * database. It listens on a free loopback port, serves the API alone (no site), and
 * keeps its JSON log lines so tests can wait for one or check that none is an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 12_000;

export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export interface ApiProcess {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  /** The process's log lines so far (pino JSON), and the lines that were not JSON. */
  log: LogLine[];
  otherOutput: string[];
  /** Null while the process runs. */
  exitCode(): number | null;
  /** Resolves with the first log line that `match` accepts, now or later. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then SIGKILL if the graceful shutdown takes too long. */
  stop(): Promise<void>;
}

/** Starts `node server/start.ts` on `databaseUrl` with `env` on top of a quiet API-only setup. */
export async function startApiProcess(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const outbox = await mkdtemp(path.join(tmpdir(), `hashharbor-${name}-outbox-`));
  const child: ChildProcess = spawn(process.execPath, ['server/start.ts'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Not the test runner's environment: only what a deployment would set.
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: '',
      SEED_DEMO: 'false',
      EARNINGS_JOB: 'off',
      OPERATOR_SOCKET: 'off',
      OUTBOX_DIR: outbox,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });

  const log: LogLine[] = [];
  const otherOutput: string[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  let url: string | null = null;
  let onListening: ((url: string) => void) | null = null;

  const readLines = (stream: NodeJS.ReadableStream) => {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const text = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!text) continue;
        let line: LogLine | null = null;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          otherOutput.push(text);
          // start.ts prints the address once it listens (PORT=0 picks a free port).
          const running = /is running at (http:\/\/\S+)/.exec(text);
          if (running) onListening?.(running[1]!);
          continue;
        }
        log.push(line);
        for (const waiter of waiters) {
          if (waiter.match(line)) {
            waiters.delete(waiter);
            waiter.resolve(line);
          }
        }
      }
    });
  };
  readLines(child.stdout!);
  readLines(child.stderr!);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start in ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      onListening = (address) => {
        clearTimeout(timer);
        resolve(address);
      };
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code} before listening:\n${otherOutput.join('\n')}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(outbox, { recursive: true, force: true });
    throw error;
  }

  return {
    name,
    url,
    log,
    otherOutput,
    exitCode: () => child.exitCode ?? (child.signalCode ? -1 : null),
    waitForLog(match, timeoutMs = 30_000) {
      const seen = log.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (line: LogLine) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${name}: no such log line in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await rm(outbox, { recursive: true, force: true });
    },
  };
}

/**
 * The bundled server (`node server/start.ts`) as a child process of a bench: started
 * with the environment given, waited for until it answers, measured from outside
 * (/proc/<pid>/status), stopped with SIGTERM. Shared by bench:api and bench:web so both
 * measure the same server the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerOptions {
  /** Added to the bench's own environment; PORT is set from `port`. */
  env: Record<string, string>;
  /** Where to listen on 127.0.0.1; a free port when omitted. */
  port?: number;
  /** Answers 200 once the server is up. */
  readyPath?: string;
  /** Start-up includes migrations and the demo seed: generous by default. */
  startTimeoutMs?: number;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** The child's memory from /proc/<pid>/status: peak (VmHWM) and current (VmRSS) resident set, in bytes. */
  memory(): Promise<{ peakRssBytes: number; rssBytes: number }>;
  /**
   * Starts a new peak: VmHWM drops to the current RSS (Linux clear_refs "5"), so the next
   * memory() reports the peak of what ran in between, not of start-up (migrations, seed).
   */
  resetPeak(): Promise<void>;
  /** CPU time the child has used so far (user + system), in milliseconds. */
  cpuMs(): Promise<number>;
  /** What the server wrote to stdout and stderr so far (for error messages). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const OUTPUT_KEEP_CHARS = 20_000;

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // process.execPath: the project's Node 24, which the npm script runs the bench on.
  const child = spawn(process.execPath, ['server/start.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEEP_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async (graceMs = 15_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  try {
    const readyUrl = `${url}${options.readyPath ?? '/api/health/'}`;
    await waitUntilReady(child, exited, readyUrl, options.startTimeoutMs ?? 180_000);
  } catch (error) {
    await stop(2_000);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${output}`);
  }

  return {
    url,
    port,
    pid: child.pid!,
    memory: () => readMemory(child.pid!),
    resetPeak: () => writeFile(`/proc/${child.pid!}/clear_refs`, '5'),
    cpuMs: () => readCpuMs(child.pid!),
    output: () => output,
    stop,
  };
}

async function waitUntilReady(
  child: ChildProcess,
  exited: Promise<number | null>,
  readyUrl: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`the server exited with code ${gone} before it was ready`);
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server (pid ${child.pid}) was not ready at ${readyUrl} after ${timeoutMs / 1000} s`);
}

/** VmHWM and VmRSS of a live process (Linux), in bytes. */
export async function readMemory(pid: number): Promise<{ peakRssBytes: number; rssBytes: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { peakRssBytes: kib('VmHWM'), rssBytes: kib('VmRSS') };
}

/** Clock ticks per second of /proc/<pid>/stat times: USER_HZ, 100 on every Linux ABI in use. */
const USER_HZ = 100;

/** utime + stime of a live process (Linux), in milliseconds. */
export async function readCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / USER_HZ;
}

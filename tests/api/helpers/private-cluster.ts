/**
 * A throwaway PostgreSQL cluster for the tests that stop and start the server: the
 * machine's own cluster serves every other test, so it is never touched. initdb writes
 * into a temporary directory, the server listens on a free loopback port, and destroy()
 * stops it and deletes the directory. Run as root, the binaries run as the `postgres`
 * user (PostgreSQL refuses to run as root) through runuser.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const INSTALL_ROOT = '/usr/lib/postgresql';

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m immediate`: every server process killed at once, as in a crash. */
  crash(): Promise<void>;
  /** Starts the server again (crash recovery included) and waits until it accepts connections. */
  start(): Promise<void>;
  /**
   * SIGSTOP to the server and every backend: connections stay open but nothing answers,
   * as when the server hangs or the network drops packets. thaw() lets it run on.
   */
  freeze(): Promise<void>;
  thaw(): void;
  /** Stops the server if it runs and deletes its directory; safe to call more than once. */
  destroy(): Promise<void>;
  isRunning(): boolean;
}

/** The newest installed server's bin directory (Debian: /usr/lib/postgresql/15/bin). */
function findBinaries(): string {
  const versions = existsSync(INSTALL_ROOT)
    ? readdirSync(INSTALL_ROOT)
        .filter((version) => existsSync(path.join(INSTALL_ROOT, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      `The PostgreSQL fault tests start their own server, but no initdb/pg_ctl was found in ${INSTALL_ROOT}/<version>/bin. ` +
        'Install the server (Debian: apt-get install postgresql-15).',
    );
  }
  return path.join(INSTALL_ROOT, versions[0]!, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The processes whose parent is `pid`, from /proc/<pid>/stat (field 4, after the name in parentheses). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === pid) children.push(Number(entry));
  }
  return children;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = findBinaries();
  const asRoot = process.getuid?.() === 0;
  const root = await mkdtemp(path.join(tmpdir(), 'hashharbor-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const port = await freePort();

  const tool = async (name: string, args: string[]) => {
    const command = path.join(bin, name);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    try {
      await run(file, argv, { timeout: 60_000 });
    } catch (error) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`${name} ${args.join(' ')} failed: ${(error as Error).message}\n${log.slice(-2000)}`, {
        cause: error,
      });
    }
  };
  // The directory is deleted afterwards, so a lost OS cache would not matter (fsync off);
  // commits must still survive the server's own crash, so synchronous_commit stays on.
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
  ].join(' ');
  let running = false;
  let frozen: number[] = [];
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crash() {
      await tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async start() {
      await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      running = true;
    },
    isRunning: () => running,
    async freeze() {
      const postmaster = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      // The postmaster first, so that it starts no backend the list below would miss.
      process.kill(postmaster, 'SIGSTOP');
      frozen = [postmaster, ...(await childrenOf(postmaster))];
      for (const pid of frozen.slice(1)) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    async destroy() {
      if (frozen.length > 0) cluster.thaw();
      if (running) await cluster.crash().catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };

  try {
    if (asRoot) {
      const { uid, gid } = await postgresUser();
      await chown(root, uid, gid);
    }
    await tool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}

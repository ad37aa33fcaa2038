/**
 * `npm run operator -- <command>` (operator/commands.ts lists them): the operator's
 * console, on the server's configuration and database. The schema is brought up to
 * date first, as the server does at start.
 *
 * With embedded PGlite (no DATABASE_URL, or memory://) the database belongs to one
 * process: while the server runs, the command is run by the server through its operator
 * socket (operator/socket.ts); otherwise it opens the database itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, MEMORY_DATABASE_URL, type Config } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { answerWithoutDatabase, EXIT_REFUSED, needsDatabase, runOperatorCommand } from './operator/commands.ts';
import { operatorSocketPath, runThroughServer } from './operator/socket.ts';

/**
 * PGlite is one process's database: a second process writing to the same directory
 * would lose writes or corrupt it. An open PGlite keeps a postmaster.pid file in its
 * directory (removed when it closes), so its presence means the server is running.
 */
function pgliteHeldElsewhere(config: Config): string | null {
  const { database } = config;
  if (database.driver !== 'pglite' || database.dataDir === MEMORY_DATABASE_URL) return null;
  const pidFile = path.join(database.dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  return (
    `The embedded database in ${database.dataDir} is open in another process (the server?). ` +
    'Stop the server first, or run the server and this command on PostgreSQL (DATABASE_URL). ' +
    `If nothing is running (the server crashed), remove ${pidFile}.`
  );
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT_REFUSED;
    }
    throw error;
  }
  const argv = process.argv.slice(2);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  // Usage and typos are answered without opening the database.
  if (!needsDatabase(argv)) return answerWithoutDatabase(argv, out);
  // A running server with an embedded database answers through its socket.
  const socketPath = operatorSocketPath(config);
  if (socketPath) {
    const exit = await runThroughServer(socketPath, argv, out);
    if (exit !== null) return exit;
  }
  const busy = pgliteHeldElsewhere(config);
  if (busy) {
    process.stderr.write(`${busy}\n`);
    return EXIT_REFUSED;
  }
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await runOperatorCommand({ db, now: () => new Date(), out }, argv);
  } catch (error) {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_REFUSED;
  } finally {
    await db.destroy();
  }
}

// `npm run operator -- withdrawals list | head` closes the pipe early: not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main();

/**
 * `npm start`: read the configuration, build the site if needed, bring the database
 * schema up to date, seed the demo data, listen; on SIGINT/SIGTERM stop taking
 * requests, let the running ones finish, then close the database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createDatabase, defaultDatabaseTimeouts } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './db/seed-data.ts';
import { seedDemoHistory } from './db/seed-history.ts';
import { seedDemo } from './db/seed.ts';
import { buildSite, SiteBuildError, siteState } from './site-build.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** After this long, a shutdown that is still waiting (a stuck request) is forced. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function ensureSite(config: Config): Promise<void> {
  if (config.siteDir === null) return;
  // Only the project's own dist/ is built here; another SITE_DIR is deployed as is.
  const siteDir = path.resolve(config.siteDir);
  if (siteDir !== path.join(PROJECT_ROOT, 'dist')) return;
  const state = await siteState(PROJECT_ROOT, siteDir);
  if (state === 'fresh' || state === 'no-sources') return;
  process.stdout.write(
    `The site is ${state === 'missing' ? 'not built yet' : 'older than its sources'}: running astro build...\n`,
  );
  try {
    buildSite(PROJECT_ROOT);
  } catch (error) {
    if (error instanceof SiteBuildError)
      fail(`${error.message}\nFix the build, or start with SITE_DIR pointing at a built site.`);
    throw error;
  }
}

function displayUrl(config: Config, port: number): string {
  const host = ['0.0.0.0', '::', '[::]'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  await ensureSite(config);

  // Set-up runs without the query timeout: an instance that starts while another
  // migrates waits for the migration lock as long as the migration takes.
  const setupDb = createDatabase(config.database, { timeouts: { ...defaultDatabaseTimeouts, queryMs: 0 } });
  const embedded = config.database.driver === 'pglite';
  try {
    await migrateToLatest(setupDb);
    if (config.seedDemo) {
      await seedDemo(setupDb);
      await seedDemoHistory(setupDb);
    }
  } catch (error) {
    await setupDb.destroy().catch(() => {});
    const where =
      config.database.driver === 'postgres'
        ? 'the PostgreSQL server in DATABASE_URL'
        : `PGlite in ${config.database.dataDir}`;
    fail(`Cannot prepare the database (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }

  // PGlite lives in this process (in memory, for the e2e stack): the app keeps it. A
  // PostgreSQL app opens its own pool with the timeouts (plugins/db.ts), which logs
  // failing idle connections.
  if (!embedded) await setupDb.destroy();
  const app = await buildApp(config, embedded ? { db: setupDb } : {});
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out: exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // app.close() stops the server, waits for running requests, then runs the onClose
    // hooks, which close the database (plugins/db.ts).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => {});
    fail(`Cannot listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const demo = config.seedDemo ? ` — demo login: ${DEMO_USERNAME} / ${DEMO_PASSWORD}` : '';
  process.stdout.write(`\nHashHarbor is running at ${displayUrl(config, port)}${demo}\n\n`);
}

await main();

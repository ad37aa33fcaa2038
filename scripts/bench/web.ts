/**
 * `npm run bench:web`: Lighthouse (default mobile settings, performance only) on one page
 * of each kind in English and Arabic, served by the bundled server on a fresh embedded
 * database with the demo account signed in where the page needs it. Median of 3 runs per
 * page, each metric on its own. Writes bench/results/web.json and prints a Markdown table.
 *
 *   npm run bench:web -- [--runs 3] [--pages /login,/wallet] [--locales en,ar] [--out file]
 *                        [--site-dir built-site] [--reports-dir folder]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LANG_STORAGE_KEY } from '../../src/i18n/locales.ts';
import { USER_DATA_KEY } from '../../src/lib/storage-keys.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/db/seed-data.ts';
import { buildSite, siteState } from '../../server/site-build.ts';
import { ensureChromium } from '../ensure-chromium.ts';
import { auditPage, type AuditResult } from './lighthouse-audit.ts';
import { PROJECT_ROOT, startServer } from './server-process.ts';
import { machineFacts } from './machine.ts';
import { updateReadme, WEB_RESULTS } from './readme.ts';
import { markdownTable, summarize, type PageReport, type PageSpec } from './web-report.ts';

/** One page of each kind (issue 6): an auth screen, a content page, four signed-in screens. */
const ROUTES: Array<{ route: string; signedIn: boolean }> = [
  { route: '/login', signedIn: false },
  { route: '/faq', signedIn: true },
  { route: '/dashboards', signedIn: true },
  { route: '/rentminer', signedIn: true },
  { route: '/wallet', signedIn: true },
  { route: '/profiletransaction', signedIn: true },
];
const LOCALES = ['en', 'ar'] as const;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    locales: { type: 'string' },
    out: { type: 'string', default: path.join(PROJECT_ROOT, 'bench/results/web.json') },
    /** Audit a site built elsewhere (not rebuilt); default: this project's dist, built when stale. */
    'site-dir': { type: 'string' },
    /** Keep every full Lighthouse report in this folder. */
    'reports-dir': { type: 'string' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${options.runs}`);
const onlyRoutes = options.pages?.split(',');
const onlyLocales = options.locales?.split(',');
const reportsDir = options['reports-dir'] && path.resolve(options['reports-dir']);
if (reportsDir) await mkdir(reportsDir, { recursive: true });

const specs: PageSpec[] = LOCALES.filter((locale) => !onlyLocales || onlyLocales.includes(locale)).flatMap((locale) =>
  ROUTES.filter(({ route }) => !onlyRoutes || onlyRoutes.includes(route)).map(({ route, signedIn }) => ({
    route,
    locale,
    signedIn,
  })),
);
if (specs.length === 0) throw new Error('no page matches --pages/--locales');

const distDir = options['site-dir'] ? path.resolve(options['site-dir']) : path.join(PROJECT_ROOT, 'dist');
ensureChromium();
if (!options['site-dir']) {
  const state = await siteState(PROJECT_ROOT, distDir);
  if (state !== 'fresh') {
    console.log(`The site is ${state}: running astro build...`);
    buildSite(PROJECT_ROOT);
  }
}

// Other work on the machine moves TBT most: the load average is recorded with the figures.
const loadBefore = os.loadavg()[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hashharbor-bench-web-'));
const server = await startServer({
  env: {
    DATABASE_URL: '',
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    OPERATOR_SOCKET: 'off',
    SITE_DIR: distDir,
    SEED_DEMO: 'true',
    EARNINGS_JOB: 'off',
    LOG_LEVEL: 'warn',
  },
});

try {
  const login = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  const userData = (await login.json()) as { token?: string };
  if (!login.ok || !userData.token) throw new Error(`demo sign-in failed: ${login.status} ${JSON.stringify(userData)}`);

  const compression = await servedEncoding(server.url);

  const reports: PageReport[] = [];
  for (const spec of specs) {
    const url = `${server.url}${spec.locale === 'en' ? '' : `/${spec.locale}`}${spec.route}`;
    const results: AuditResult[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await auditPage({
        url,
        distDir,
        saveReportAs: reportsDir && path.join(reportsDir, `${spec.locale}${spec.route.replaceAll('/', '_')}-${run}.json`),
        storage: {
          [LANG_STORAGE_KEY]: spec.locale,
          [USER_DATA_KEY]: spec.signedIn ? JSON.stringify(userData) : null,
        },
      });
      results.push(result);
      console.log(
        `${spec.locale} ${spec.route} run ${run}/${runs}: score ${result.score}, LCP ${Math.round(result.lcpMs)} ms, ` +
          `TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}`,
      );
    }
    reports.push(summarize(spec, url, results));
  }

  const first = reports[0]!.runs[0]!;
  const output = {
    date: new Date().toISOString(),
    machine: {
      ...machineFacts(),
      chromium: first.chromiumVersion,
      lighthouse: first.lighthouseVersion,
      loadAverage1m: { atStart: Number(loadBefore.toFixed(2)), atEnd: Number(os.loadavg()[0]!.toFixed(2)) },
    },
    settings: {
      formFactor: 'mobile',
      throttling: 'simulate (Lighthouse default: slow 4G, 4x CPU slowdown)',
      runsPerPage: runs,
      median: 'per metric: each figure is the median of its own runs',
      jsGzipBytes: "the .gz size in dist of every script file the page loaded (the page budgets' measure)",
      jsTransferBytes: 'script bytes on the wire as the server sent them to Chromium',
      servedEncoding: compression,
    },
    pages: reports,
  };
  await mkdir(path.dirname(options.out), { recursive: true });
  await writeFile(options.out, `${JSON.stringify(output, null, 2)}\n`);

  console.log(`\n${markdownTable(reports)}\n`);
  console.log(
    `${output.machine.cpu}, ${output.machine.cores} cores; Chromium ${output.machine.chromium}; ` +
      `Lighthouse ${output.machine.lighthouse}; scripts served with ${compression}. Written to ${path.relative(PROJECT_ROOT, options.out)}`,
  );
  if (path.resolve(options.out) === WEB_RESULTS) updateReadme();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

/** The content-encoding the server answers a script with when the client accepts br and gzip, as Chromium does. */
async function servedEncoding(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/login`)).text();
  const script = /\/_astro\/[^"']+\.js/.exec(html)?.[0];
  if (!script) return 'no script on /login';
  const response = await fetch(`${origin}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
  return response.headers.get('content-encoding') ?? 'identity';
}

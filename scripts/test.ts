/**
 * `npm test`: every check, in order — types, build, Vitest (unit, API on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL, page budgets), then Playwright end to end.
 * Runs all steps even after a failure, then prints one summary.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runEndToEnd } from './e2e.ts';
import { run } from './run.ts';

interface Step {
  name: string;
  code: number;
}
const steps: Step[] = [];
const step = async (name: string, action: () => Promise<number>) => {
  console.log(`\n=== ${name} ===`);
  const code = await action();
  steps.push({ name, code });
  return code;
};

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

await step('typecheck (astro check)', () => run('astro', ['check']));
await step('typecheck (server)', () => run('tsc', ['-p', 'server/tsconfig.json']));
const built = (await step('build', () => run('astro', ['build']))) === 0;
await step('vitest', () =>
  run('vitest', ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-report.json']),
);
if (built) await step('end-to-end (playwright)', () => runEndToEnd());

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync('test-results/vitest-report.json')) {
  const vitest = JSON.parse(readFileSync('test-results/vitest-report.json', 'utf8'));
  counts.passed += vitest.numPassedTests;
  counts.failed += vitest.numFailedTests;
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (existsSync('test-results/e2e-report.json')) {
  const e2e = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8'));
  counts.passed += e2e.stats.expected + e2e.stats.flaky;
  counts.failed += e2e.stats.unexpected;
  counts.skipped += e2e.stats.skipped;
}

console.log('\n=== summary ===');
for (const { name, code } of steps) console.log(`${code === 0 ? 'ok  ' : 'FAIL'}  ${name}`);
const failedSteps = steps.filter((s) => s.code !== 0).length;
if (failedSteps > 0 && counts.failed === 0) counts.failed = failedSteps;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 ? 1 : 0);

import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './tests/e2e/support/stack-config.ts';

/**
 * End-to-end tests against the server `npm start` runs (site + API + embedded database
 * in memory), with a real SMTP server beside it (tests/e2e/support/test-stack.ts), in
 * Debian's Chromium.
 */
const port = E2E_PORT;
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  // The mining journey moves the server's clock a day ahead, so it runs alone, after the rest.
  projects: [
    { name: 'main', testIgnore: /mining\.spec\.ts/ },
    { name: 'clock', testMatch: /mining\.spec\.ts/, dependencies: ['main'] },
  ],
  use: {
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/support/test-stack.ts',
    url: `${baseURL}/api/ready/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), DATABASE_URL: 'memory://', LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
  },
});

/** `npm run test:e2e`: Playwright in Debian's Chromium against the server `npm start` runs. */
import { ensureChromium } from './ensure-chromium.ts';
import { run } from './run.ts';

export async function runEndToEnd(extraArgs: string[] = []): Promise<number> {
  ensureChromium();
  return run('playwright', ['test', ...extraArgs]);
}

if (import.meta.main) process.exit(await runEndToEnd(process.argv.slice(2)));

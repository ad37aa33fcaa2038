/**
 * Builds the static site before the server starts when it is missing or older than
 * its sources, so `npm start` on a fresh clone (or after a pull) serves the current
 * front end without a separate build step.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What the site is built from, relative to the project root. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json'];

/** The newest modification time under `target` (a file or a directory tree), or 0. */
async function newestMtime(target: string): Promise<number> {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

export type SiteState = 'fresh' | 'missing' | 'stale' | 'no-sources';

export async function siteState(projectRoot: string, siteDir: string): Promise<SiteState> {
  const hasSources = existsSync(path.join(projectRoot, 'src'));
  const builtAt = await newestMtime(path.join(siteDir, 'index.html'));
  if (!hasSources) return builtAt ? 'fresh' : 'no-sources';
  if (!builtAt) return 'missing';
  const sourcesAt = Math.max(
    ...(await Promise.all(SOURCES.map((source) => newestMtime(path.join(projectRoot, source))))),
  );
  return sourcesAt > builtAt ? 'stale' : 'fresh';
}

export class SiteBuildError extends Error {}

/** Runs `astro build` in the project, showing its output; throws if it fails. */
export function buildSite(projectRoot: string): void {
  const astro = path.join(projectRoot, 'node_modules', '.bin', 'astro');
  if (!existsSync(astro)) throw new SiteBuildError(`Cannot build the site: ${astro} is missing (run npm install).`);
  const result = spawnSync(astro, ['build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.error) throw new SiteBuildError(`Cannot run astro build: ${result.error.message}`);
  if (result.status !== 0) {
    throw new SiteBuildError(`astro build failed (exit code ${result.status ?? result.signal}); see its output above.`);
  }
}

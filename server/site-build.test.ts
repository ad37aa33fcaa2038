import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteState } from './site-build.ts';

let root: string;
const dist = () => path.join(root, 'dist');
const touch = async (file: string, when: Date) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), 'x');
  await utimes(path.join(root, file), when, when);
};
const earlier = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-02T00:00:00Z');

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hh-build-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('siteState', () => {
  it('asks for a build when there is none', async () => {
    await touch('src/pages/index.astro', earlier);
    expect(await siteState(root, dist())).toBe('missing');
  });

  it('asks for a build when a source is newer than the build', async () => {
    await touch('dist/index.html', earlier);
    await touch('src/pages/deep/nested/page.astro', later);
    expect(await siteState(root, dist())).toBe('stale');
  });

  it('counts the Astro config and the lock file as sources', async () => {
    await touch('src/pages/index.astro', earlier);
    await touch('dist/index.html', earlier);
    await touch('package-lock.json', later);
    expect(await siteState(root, dist())).toBe('stale');
  });

  it('keeps a build that is newer than every source', async () => {
    await touch('src/pages/index.astro', earlier);
    await touch('public/favicon.svg', earlier);
    await touch('dist/index.html', later);
    await utimes(path.join(root, 'src'), earlier, earlier);
    await utimes(path.join(root, 'src/pages'), earlier, earlier);
    await utimes(path.join(root, 'public'), earlier, earlier);
    expect(await siteState(root, dist())).toBe('fresh');
  });

  it('serves a deployed build as it is when the sources are not there', async () => {
    await touch('dist/index.html', earlier);
    expect(await siteState(root, dist())).toBe('fresh');
    await rm(dist(), { recursive: true });
    expect(await siteState(root, dist())).toBe('no-sources');
  });
});

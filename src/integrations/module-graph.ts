/**
 * The static import graph of the built JavaScript: which files a module pulls in before
 * it runs. Used to fetch an island's whole chain at once (inline-scripts.ts) and to weigh
 * what a page loads (tests/budget/page-weight.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Specifiers of a built module's static imports and re-exports ('./x.js', '/_astro/y.js'). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
    found.add(match[1]!);
  }
  return [...found];
}

/** Every site path reachable from `entries` by static imports, entries included, in discovery order. */
export function moduleClosure(distDir: string, entries: string[], from = 'the page'): string[] {
  const queue = [...entries];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url) || !url.startsWith('/')) continue;
    seen.add(url);
    const path = join(distDir, url);
    if (!existsSync(path)) throw new Error(`${from} loads ${url}, which the build did not write`);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const specifier of staticImports(readFileSync(path, 'utf8'))) {
      queue.push(specifier.startsWith('/') ? specifier : new URL(specifier, `http://x${base}`).pathname);
    }
  }
  return [...seen];
}

const ISLAND_TAG = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The modules of a page's eagerly hydrated islands (client:load) and everything they import. */
export function eagerIslandModules(distDir: string, html: string, from: string): string[] {
  const entries = [...html.matchAll(ISLAND_TAG)]
    .map((match) => match[0])
    .filter((tag) => attribute(tag, 'client') === 'load')
    .flatMap((tag) => ['renderer-url', 'component-url', 'before-hydration-url'].map((name) => attribute(tag, name)))
    .filter((url): url is string => Boolean(url));
  return entries.length ? moduleClosure(distDir, entries, from) : [];
}

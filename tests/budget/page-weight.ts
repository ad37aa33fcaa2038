/**
 * What JavaScript a prerendered page loads: its inline scripts, its script tags, its
 * islands' component and renderer modules, and every module those import statically.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g)) {
    found.add(match[1]!);
  }
  return [...found];
}

export interface PageWeight {
  /** Gzip bytes of all JavaScript the page loads before it is interactive. */
  gzipBytes: number;
  files: string[];
  inlineScripts: number;
}

export function measurePage(distDir: string, htmlFile: string): PageWeight {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  let gzipBytes = 0;
  let inlineScripts = 0;
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/(ld\+)?json"/.test(match[1]!)) continue;
    if (!match[2]!.trim()) continue;
    inlineScripts += 1;
    gzipBytes += gzipSize(match[2]!);
  }
  const queue = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url) || !url.startsWith('/')) continue;
    seen.add(url);
    const path = join(distDir, url);
    if (!existsSync(path)) throw new Error(`${htmlFile} loads ${url}, which the build did not write`);
    const code = readFileSync(path, 'utf8');
    gzipBytes += gzipSize(code);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const specifier of staticImports(code)) {
      queue.push(specifier.startsWith('/') ? specifier : new URL(specifier, `http://x${base}`).pathname);
    }
  }
  return { gzipBytes, files: [...seen].sort(), inlineScripts };
}

/**
 * What JavaScript a prerendered page loads: its inline scripts, its script tags, its
 * islands' component and renderer modules, and every module those import statically.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { moduleClosure } from '../../src/integrations/module-graph.ts';

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

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
  const entries = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g),
  ].map((match) => match[1]!);
  const files = moduleClosure(distDir, entries, htmlFile);
  for (const file of files) gzipBytes += gzipSize(readFileSync(join(distDir, file)));
  return { gzipBytes, files: files.sort(), inlineScripts };
}

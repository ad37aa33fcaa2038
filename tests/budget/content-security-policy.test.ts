/**
 * The built site under its own Content-Security-Policy: the policy in dist/_headers allows
 * exactly two inline scripts by hash, the head script on every page and the island
 * bootstrap on pages with islands, and no page holds anything inline that the policy
 * would block (another script, a <style>, a style or event attribute).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256Source } from '../../src/integrations/inline-scripts.ts';
import { headScript } from '../../src/lib/head-script.ts';
import { HEADERS_FILE, headersForPath, parseHeadersFile } from '../../src/lib/security-headers.ts';

const distDir = join(import.meta.dirname, '../../dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [relative(distDir, path)] : [];
  });
}

const rules = parseHeadersFile(readFileSync(join(distDir, HEADERS_FILE), 'utf8'));
const policy = headersForPath(rules, '/login.html')['Content-Security-Policy'] ?? '';
const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `)) ?? '';
/** The policy's second hash: the island bootstrap, the same on every page with islands. */
const islandBootstrapHash = directive('script-src').split(' ')[3];

describe('the content security policy of the built site', () => {
  it('allows scripts from the site, the head script and the island bootstrap by their hashes, and nothing else inline', () => {
    expect(directive('script-src').split(' ').slice(1)).toEqual([
      "'self'",
      `'${sha256Source(headScript)}'`,
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
      'https://telegram.org',
    ]);
    expect(directive('style-src')).toBe("style-src 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('every page runs only what the policy allows', () => {
    const problems: string[] = [];
    for (const file of htmlFiles(distDir)) {
      const html = readFileSync(join(distDir, file), 'utf8');
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        (match) => !/type="application\/(ld\+)?json"/.test(match[1]!),
      );
      const hashes = inline.map((match) => `'${sha256Source(match[2]!)}'`);
      const hasIslands = html.includes('<astro-island');
      if (hashes[0] !== `'${sha256Source(headScript)}'`) problems.push(`${file}: the head script is not the first inline script`);
      if (hashes.length !== (hasIslands ? 2 : 1) || (hasIslands && hashes[1] !== islandBootstrapHash))
        problems.push(`${file}: inline scripts other than the head script and the island bootstrap`);
      if (/<style[\s>]/.test(html)) problems.push(`${file}: <style> element`);
      if (/\sstyle="/.test(html)) problems.push(`${file}: style attribute`);
      if (/\son[a-z]+=["']/.test(html)) problems.push(`${file}: event handler attribute`);
      if (/(?:href|src)="javascript:/i.test(html)) problems.push(`${file}: javascript: URL`);
      for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g))
        if (!match[1]!.startsWith('/_astro/')) problems.push(`${file}: script from ${match[1]}`);
    }
    expect(problems).toEqual([]);
  });
});

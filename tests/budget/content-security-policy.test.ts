/**
 * The built site under its own Content-Security-Policy: the policy in dist/_headers allows
 * exactly one inline script, the head script, by hash, and no page holds anything inline
 * that the policy would block (another script, a <style>, a style or event attribute).
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

describe('the content security policy of the built site', () => {
  it('allows scripts from the site, the head script by its hash, and nothing else inline', () => {
    expect(directive('script-src').split(' ').slice(1)).toEqual(["'self'", `'${sha256Source(headScript)}'`, 'https://telegram.org']);
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
      if (inline.length !== 1 || sha256Source(inline[0]![2]!) !== sha256Source(headScript))
        problems.push(`${file}: inline scripts other than the head script`);
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

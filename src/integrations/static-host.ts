/**
 * Build step for static hosting: writes the {id}-route rewrites for static hosts
 * (`dist/_redirects`, Netlify/Cloudflare format) from the same table the API server
 * uses, gathers Astro's inline island scripts into one bootstrap and writes the security
 * headers with the Content-Security-Policy (`dist/_headers`, also what the bundled
 * server sends), and precompresses text assets (.br/.gz) so the bundled server and any
 * CDN that honours them send the smallest bytes to slow phones.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { locales, localizePath } from '../i18n/locales.ts';
import { ID_SHELL_SEGMENT, idRoutePrefixes } from '../lib/routes.ts';
import { headScript } from '../lib/head-script.ts';
import { formatHeadersFile, HEADERS_FILE, siteSecurityHeaders } from '../lib/security-headers.ts';
import { gatherIslandScripts, sha256Source } from './inline-scripts.ts';

/** One rewrite per {id} route and locale: "/ar/rentminer/*  /ar/rentminer/detail  200". */
export function staticHostRewrites(): string {
  const lines = locales.flatMap((locale) =>
    idRoutePrefixes.map((prefix) => {
      const from = localizePath(`${prefix}/*`, locale);
      const to = localizePath(`${prefix}/${ID_SHELL_SEGMENT}`, locale);
      return `${from}  ${to}  200`;
    }),
  );
  return `# {id} screens are one prerendered shell each (see src/lib/routes.ts)\n${lines.join('\n')}\n`;
}

const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

/** Paths of all files under dir, relative to it, with '/' separators. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? listFiles(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`],
  );
}

/** The API's origin when PUBLIC_API_URL puts it elsewhere (the client's connect-src). */
function apiOrigin(): string | null {
  const url = process.env.PUBLIC_API_URL;
  return url ? new URL(url).origin : null;
}

function compressTree(dir: string): void {
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const path = join(dir, file);
    const content = readFileSync(path);
    if (content.length < 512) continue;
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

export default function staticHost(): AstroIntegration {
  return {
    name: 'static-host',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const distDir = fileURLToPath(dir);
        writeFileSync(join(distDir, '_redirects'), staticHostRewrites());
        const pages = listFiles(distDir).filter((file) => file.endsWith('.html'));
        const { bootstrap } = gatherIslandScripts(distDir, pages, headScript);
        const inlineScripts = bootstrap ? [headScript, bootstrap] : [headScript];
        const headers = siteSecurityHeaders({ scriptHashes: inlineScripts.map(sha256Source), apiOrigin: apiOrigin() });
        writeFileSync(
          join(distDir, HEADERS_FILE),
          `${formatHeadersFile([
            { path: '/*', headers },
            { path: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
          ])}\n`,
        );
        compressTree(distDir);
      },
    },
  };
}

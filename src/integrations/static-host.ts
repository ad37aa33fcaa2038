/**
 * Build step for static hosting: writes the {id}-route rewrites for static hosts
 * (`dist/_redirects`, Netlify/Cloudflare format) from the same table the API server
 * uses, and precompresses text assets (.br/.gz) so the bundled server and any CDN that
 * honours them send the smallest bytes to slow phones.
 */
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { locales, localizePath } from '../i18n/locales.ts';
import { ID_SHELL_SEGMENT, idRoutePrefixes } from '../lib/routes.ts';

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

function compressTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      compressTree(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
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
        compressTree(distDir);
      },
    },
  };
}

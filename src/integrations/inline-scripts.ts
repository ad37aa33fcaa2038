/**
 * Moves Astro's inline island bootstrap (the <astro-island> element and its client:load /
 * client:media / client:visible directives, plus its one `display: contents` style) out
 * of every page into one hashed, cached file, so the Content-Security-Policy can allow
 * exactly one inline script, the head script, by its hash.
 *
 * The file is loaded with `defer`: islands are custom elements, so they upgrade and
 * hydrate when it runs (after the first frame, see below). It is the same on every page
 * with islands (about 2 KB gzip, cached for a year after the first page).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eagerIslandModules } from './module-graph.ts';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;
/** Astro's style for its wrapper elements; the same rule is in src/styles/global.css. */
const ISLAND_STYLE = /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/g;
/** Anything executable left inline after the move (scripts with attributes, event handlers). */
const OTHER_INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g;

/** Names the page's eager island modules for the bootstrap to fetch together. */
const ISLAND_MODULES_META = 'island-modules';

export const sha256Source = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;

export interface ExternalizeResult {
  /** Site path of the bootstrap file, or null when no page has islands. */
  bootstrapPath: string | null;
  pagesChanged: number;
}

/**
 * Rewrites the pages in place. `keep` is the one inline script that stays (the head
 * script); the build fails if any page keeps another inline script.
 */
export function externalizeInlineScripts(distDir: string, htmlFiles: string[], keep: string): ExternalizeResult {
  const moved = new Map<string, number>();
  const pages = htmlFiles.map((file) => {
    const html = readFileSync(join(distDir, file), 'utf8');
    let hasMoved = false;
    const rest = html
      .replace(INLINE_SCRIPT, (tag, code: string) => {
        if (code === keep) return tag;
        if (!moved.has(code)) moved.set(code, moved.size);
        hasMoved = true;
        return '';
      })
      .replace(ISLAND_STYLE, '');
    return { file, html, rest, hasMoved };
  });
  if (moved.size > 8) {
    throw new Error(
      `${moved.size} different inline scripts in the pages: inline scripts must be the same on every page ` +
        '(Astro island bootstrap only); give page-specific code its own module script.',
    );
  }

  // Runs after the first frame, so the islands' downloads start once the page has painted
  // instead of competing with its first paint on a slow connection. It first asks for every
  // module the page's eager islands need (ISLAND_MODULES_META), all at once: found by
  // following imports, they would arrive one round trip per level (four or five levels).
  const bootstrap =
    'requestAnimationFrame(function(){setTimeout(function(){\n' +
    `var m=document.querySelector('meta[name="${ISLAND_MODULES_META}"]');` +
    "if(m)m.content.split(' ').forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});\n" +
    `${[...moved.keys()].join('\n')}\n},0)});`;
  const bootstrapPath = moved.size ? `/_astro/islands.${createHash('sha256').update(bootstrap).digest('hex').slice(0, 10)}.js` : null;
  if (bootstrapPath) writeFileSync(join(distDir, bootstrapPath), bootstrap);

  let pagesChanged = 0;
  for (const page of pages) {
    let html = page.rest;
    if (page.hasMoved && bootstrapPath) {
      const modules = eagerIslandModules(distDir, html, page.file);
      const meta = modules.length ? `<meta name="${ISLAND_MODULES_META}" content="${modules.join(' ')}">` : '';
      html = html.replace('</head>', `${meta}<script defer src="${bootstrapPath}"></script></head>`);
    }
    const leftover = [...html.matchAll(OTHER_INLINE_SCRIPT)].filter((match) => !match[0].includes(keep));
    if (leftover.length) throw new Error(`${page.file} keeps an inline script the CSP would block: ${leftover[0]![0].slice(0, 120)}`);
    if (html !== page.html) {
      writeFileSync(join(distDir, page.file), html);
      pagesChanged += 1;
    }
  }
  return { bootstrapPath, pagesChanged };
}

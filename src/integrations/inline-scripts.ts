/**
 * Gathers Astro's inline island scripts (the <astro-island> element and its client:load /
 * client:media / client:visible directives, plus its one `display: contents` style) from
 * every page into one island bootstrap, the same on every page with islands, so the
 * Content-Security-Policy allows exactly two inline scripts, the head script and this
 * bootstrap, each by its hash.
 *
 * The bootstrap is inline at the end of the body rather than a file of its own: as a file
 * it is one more round trip before the islands' modules are even requested (LCP on
 * /rentminer and /wallet 2.05-2.26 s as a file, 1.95-2.05 s inline, Lighthouse mobile),
 * and it costs about 2 KB gzip in each island page's HTML.
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

/** Names the page's eager island modules for the bootstrap to fetch together (it is the same on every page). */
const ISLAND_MODULES_META = 'island-modules';

export const sha256Source = (code: string) => `sha256-${createHash('sha256').update(code).digest('base64')}`;

export interface IslandBootstrapResult {
  /** The bootstrap's source, for the policy's hash, or null when no page has islands. */
  bootstrap: string | null;
  pagesChanged: number;
}

/**
 * Rewrites the pages in place. `keep` is the inline script that stays as it is (the head
 * script); the build fails if any page keeps another inline script.
 */
export function gatherIslandScripts(distDir: string, htmlFiles: string[], keep: string): IslandBootstrapResult {
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
  // The islands start in a task of their own, after the one that asks for the modules: two
  // short tasks instead of one long one on a slow phone's main thread (median TBT on /rentminer
  // and /wallet 47-93 -> 1-44 ms, Lighthouse mobile).
  const bootstrap =
    'requestAnimationFrame(function(){setTimeout(function(){\n' +
    `var m=document.querySelector('meta[name="${ISLAND_MODULES_META}"]');` +
    "if(m)m.content.split(' ').forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});\n" +
    `setTimeout(function(){\n${[...moved.keys()].join('\n')}\n},0)},0)});`;

  let pagesChanged = 0;
  for (const page of pages) {
    let html = page.rest;
    if (page.hasMoved) {
      const modules = eagerIslandModules(distDir, html, page.file);
      if (modules.length) html = html.replace('</head>', `<meta name="${ISLAND_MODULES_META}" content="${modules.join(' ')}"></head>`);
      html = html.replace('</body>', `<script>${bootstrap}</script></body>`);
    }
    const leftover = [...html.matchAll(OTHER_INLINE_SCRIPT)].filter((match) => !match[0].includes(keep) && !match[0].includes(bootstrap));
    if (leftover.length) throw new Error(`${page.file} keeps an inline script the CSP would block: ${leftover[0]![0].slice(0, 120)}`);
    if (html !== page.html) {
      writeFileSync(join(distDir, page.file), html);
      pagesChanged += 1;
    }
  }
  return { bootstrap: moved.size ? bootstrap : null, pagesChanged };
}

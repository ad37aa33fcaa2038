import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitLocale } from '../../src/i18n/locales.ts';
import { screenRoutes } from '../../src/lib/routes.ts';
import { pageKind } from './page-kinds.ts';
import { measurePage } from './page-weight.ts';

/**
 * Page budgets (gzip KB of JavaScript): auth screens stay framework-free, content pages
 * carry only the guard script, signed-in screens fit React plus their islands.
 */
const BUDGET_KB = { auth: 15, content: 3, signedIn: 90 } as const;
/**
 * Script files each page requests before it is interactive. Each one is a request on a
 * slow phone network, six at a time over HTTP/1.1 (see src/integrations/island-chunks.ts).
 */
const BUDGET_FILES = { auth: 3, content: 0, signedIn: 8 } as const;
const distDir = join(import.meta.dirname, '../../dist');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [relative(distDir, path)] : [];
  });
}

function routeOf(file: string) {
  const url = '/' + file.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  return splitLocale(url.replace(/\/$/, '') || '/');
}

describe('page weight budgets', () => {
  const pages = htmlFiles(distDir)
    .map((file) => ({ file, route: routeOf(file).path, locale: routeOf(file).locale }))
    .map((page) => ({ ...page, kind: pageKind(page.route), weight: measurePage(distDir, page.file) }));

  it('has built every page it measures', () => {
    expect(pages.length).toBeGreaterThanOrEqual(screenRoutes.length * 6);
  });

  it('keeps the JavaScript of every page within its budget', () => {
    const rows = pages
      .filter((page) => page.locale === 'en')
      .map((page) => ({
        page: page.route,
        kind: page.kind,
        'JS gzip KB': Number((page.weight.gzipBytes / 1024).toFixed(1)),
        'budget KB': BUDGET_KB[page.kind],
        files: page.weight.files.length,
      }));
    console.log('JavaScript per page (English copies; every locale is checked):');
    console.table(rows);
    const over = pages.filter((page) => page.weight.gzipBytes > BUDGET_KB[page.kind] * 1024);
    expect(over.map((page) => `${page.file}: ${(page.weight.gzipBytes / 1024).toFixed(1)} KB > ${BUDGET_KB[page.kind]} KB`)).toEqual([]);
  });

  it('keeps the script files of every page within its budget', () => {
    const over = pages.filter((page) => page.weight.files.length > BUDGET_FILES[page.kind]);
    expect(over.map((page) => `${page.file}: ${page.weight.files.length} files > ${BUDGET_FILES[page.kind]}`)).toEqual([]);
  });

  it('ships no framework to auth and content pages', () => {
    // By content, not file name: React shares a chunk with the islands' other common code.
    const isReact = (file: string) => readFileSync(join(distDir, file), 'utf8').match(/Symbol\.for\(.react\./) !== null;
    const offenders = pages.filter((page) => page.kind !== 'signedIn' && page.weight.files.some(isReact));
    expect(offenders.map((page) => page.file)).toEqual([]);
  });
});

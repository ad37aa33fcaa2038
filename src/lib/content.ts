/**
 * The content pages (FAQ, privacy, terms): one Markdown source per locale under
 * content/<locale>/, parsed once here for both the build (prerendered pages) and the
 * API (/api/faq/, /api/privacy/, /api/terms/).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Marked } from 'marked';
import type { Locale } from '../i18n/locales.ts';

export type ContentDocumentName = 'privacy' | 'terms';

export interface ContentDocument {
  title: string;
  /** ISO date of the last change, from the front-matter. */
  updated: string | null;
  html: string;
}

export interface FaqEntry {
  /** Stable across locales: the entry's position (1-based). */
  id: number;
  question: string;
  answer_html: string;
}

export interface Faq {
  title: string;
  entries: FaqEntry[];
}

// Resolved from the project root: this module also runs bundled inside the Astro build.
const contentDir = resolve(process.env.CONTENT_DIR ?? 'content') + '/';
// Sources are ours, but the output is HTML: drop any raw HTML a future edit might carry.
const marked = new Marked({ gfm: true, renderer: { html: () => '' } });

function readSource(locale: Locale, name: string): { meta: Record<string, string>; body: string } {
  const text = readFileSync(`${contentDir}${locale}/${name}.md`, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  const meta: Record<string, string> = {};
  for (const line of match?.[1]?.split('\n') ?? []) {
    const separator = line.indexOf(':');
    if (separator > 0) meta[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { meta, body: match ? text.slice(match[0].length) : text };
}

export function loadDocument(locale: Locale, name: ContentDocumentName): ContentDocument {
  const { meta, body } = readSource(locale, name);
  return { title: meta.title ?? name, updated: meta.updated ?? null, html: marked.parse(body, { async: false }) };
}

/** Each "## Question" heading and the Markdown under it become one entry. */
export function loadFaq(locale: Locale): Faq {
  const { meta, body } = readSource(locale, 'faq');
  const entries = body
    .split(/^## /m)
    .slice(1)
    .map((section, index) => {
      const newline = section.indexOf('\n');
      return {
        id: index + 1,
        question: section.slice(0, newline).trim(),
        answer_html: marked.parse(section.slice(newline + 1).trim(), { async: false }),
      };
    });
  return { title: meta.title ?? 'FAQ', entries };
}

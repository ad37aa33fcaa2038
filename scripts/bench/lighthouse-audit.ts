/**
 * One Lighthouse run of one page: a fresh Debian Chromium (its own temporary profile, as
 * the Lighthouse CLI does), the page's localStorage put in place, then Lighthouse's
 * default mobile navigation (Moto G Power emulation, simulated slow 4G and 4x CPU),
 * performance category only. Returns the figures the bench reports.
 */
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { setLocalStorage } from './browser-storage.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The machine has no internet: background networking and updates only add noise or hang. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface AuditRequest {
  url: string;
  /** localStorage to set on the page's origin first; null removes the key. */
  storage: Record<string, string | null>;
  /** The built site, to read the .gz size of each script the page loads. */
  distDir: string;
  /** When set, the full Lighthouse report is saved here as JSON (to read why a page scores what it does). */
  saveReportAs?: string;
}

export interface ApiCall {
  path: string;
  status: number;
}

export interface AuditResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes of script on the wire as served (the server picks .br for Chromium). */
  jsTransferBytes: number;
  /** The same script files' .gz siblings in dist (the measure of the page budgets); the inline head script is part of the HTML. */
  jsGzipBytes: number;
  /** Uncompressed script bytes. */
  jsResourceBytes: number;
  requests: number;
  apiCalls: ApiCall[];
  lcpElement: string | null;
  finalUrl: string;
  warnings: string[];
  chromiumVersion: string;
  lighthouseVersion: string;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
}

/** Size of dist/<path>.gz for a same-origin script, or null when there is none (tiny files are not precompressed). */
function gzipSizeInDist(distDir: string, url: URL, fallbackBytes: number): number {
  const file = path.join(distDir, decodeURIComponent(url.pathname));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return fallbackBytes;
}

/** The first DOM node a Lighthouse details tree mentions (the LCP insight lists the LCP element first). */
function findNode(details: unknown): { snippet?: string; nodeLabel?: string } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  if ((details as { type?: string }).type === 'node') return details as { snippet?: string; nodeLabel?: string };
  for (const value of Object.values(details)) {
    const found = findNode(value);
    if (found) return found;
  }
  return undefined;
}

/** Attempts per run when Lighthouse reports a runtime error (NO_NAVSTART, NO_FCP: a trace lost on a loaded machine). */
const ATTEMPTS = 3;

class LighthouseRuntimeError extends Error {}

export async function auditPage(request: AuditRequest): Promise<AuditResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await auditOnce(request);
      if (attempt > 1) result.warnings.push(`needed ${attempt} attempts (Lighthouse runtime errors before)`);
      return result;
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error;
      console.warn(`${error.message}; trying again`);
    }
  }
}

async function auditOnce(request: AuditRequest): Promise<AuditResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const requested = new URL(request.url);
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
    await setLocalStorage(chrome.port, requested.origin, request.storage);
    const result = await lighthouse(request.url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${request.url}`);
    const lhr = result.lhr;
    if (request.saveReportAs) await writeFile(request.saveReportAs, JSON.stringify(lhr));
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse failed on ${request.url}: ${lhr.runtimeError.message}`);
    }

    const finalUrl = new URL(lhr.finalDisplayedUrl);
    // The guard or the language redirect would have audited another page than the one asked for.
    if (finalUrl.origin + finalUrl.pathname !== requested.origin + requested.pathname) {
      throw new Error(`audited ${lhr.finalDisplayedUrl} instead of ${request.url} (storage not in place?)`);
    }

    const audit = (id: string) => {
      const found = lhr.audits[id];
      if (!found) throw new Error(`Lighthouse has no ${id} audit`);
      return found;
    };
    const numeric = (id: string) => {
      const value = audit(id).numericValue;
      if (typeof value !== 'number') throw new Error(`${id} has no value for ${request.url}`);
      return value;
    };

    const details = audit('network-requests').details as { items?: NetworkItem[] } | undefined;
    const items = details?.items ?? [];
    const scripts = items.filter((item) => item.resourceType === 'Script');
    const sameOrigin = (item: NetworkItem) => new URL(item.url).origin === requested.origin;
    const apiCalls = items
      .filter((item) => sameOrigin(item) && new URL(item.url).pathname.startsWith('/api/'))
      .map((item) => {
        const url = new URL(item.url);
        return { path: url.pathname + url.search, status: item.statusCode ?? 0 };
      });

    const lcpNode = findNode(lhr.audits['lcp-breakdown-insight']?.details);

    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
      jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsGzipBytes: scripts.reduce(
        (sum, item) =>
          sum + (sameOrigin(item) ? gzipSizeInDist(request.distDir, new URL(item.url), item.transferSize ?? 0) : item.transferSize ?? 0),
        0,
      ),
      jsResourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
      requests: items.length,
      apiCalls,
      lcpElement: lcpNode ? (lcpNode.snippet ?? lcpNode.nodeLabel ?? null) : null,
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings.map(String),
      chromiumVersion: version.Browser?.replace(/^(Headless)?Chrome\//, '') ?? 'unknown',
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    chrome.kill();
  }
}

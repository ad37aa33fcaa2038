/**
 * Turns the runs of each page into the figures bench:web reports: the median of every
 * metric taken on its own (so a single slow run moves no figure), and a Markdown table.
 */
import type { ApiCall, AuditResult } from './lighthouse-audit.ts';

export interface PageSpec {
  /** The route without locale prefix, e.g. "/wallet". */
  route: string;
  locale: 'en' | 'ar';
  signedIn: boolean;
}

/** The figures of one run that are reported as medians. */
export type PageMedian = Pick<
  AuditResult,
  'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs' | 'jsTransferBytes' | 'jsGzipBytes' | 'jsResourceBytes' | 'requests'
> & { apiCallCount: number };

export interface PageReport extends PageSpec {
  url: string;
  median: PageMedian;
  /** The API calls of the run whose score is the median (the calls are the same in every run unless one failed). */
  apiCalls: ApiCall[];
  lcpElement: string | null;
  /** Lowest and highest of each run, to show how noisy a figure is. */
  spread: { score: [number, number]; tbtMs: [number, number]; lcpMs: [number, number] };
  runs: AuditResult[];
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const range = (values: number[]): [number, number] => [Math.min(...values), Math.max(...values)];

export function summarize(spec: PageSpec, url: string, runs: AuditResult[]): PageReport {
  const of = (pick: (run: AuditResult) => number) => median(runs.map(pick));
  const scores = runs.map((run) => run.score);
  const representative = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;
  return {
    ...spec,
    url,
    median: {
      score: of((run) => run.score),
      fcpMs: of((run) => run.fcpMs),
      lcpMs: of((run) => run.lcpMs),
      tbtMs: of((run) => run.tbtMs),
      cls: of((run) => run.cls),
      speedIndexMs: of((run) => run.speedIndexMs),
      jsTransferBytes: of((run) => run.jsTransferBytes),
      jsGzipBytes: of((run) => run.jsGzipBytes),
      jsResourceBytes: of((run) => run.jsResourceBytes),
      requests: of((run) => run.requests),
      apiCallCount: of((run) => run.apiCalls.length),
    },
    apiCalls: representative.apiCalls,
    lcpElement: representative.lcpElement,
    spread: { score: range(scores), tbtMs: range(runs.map((run) => run.tbtMs)), lcpMs: range(runs.map((run) => run.lcpMs)) },
    runs,
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function markdownTable(pages: PageReport[]): string {
  const header = [
    '| page | lang | score | FCP s | LCP s | TBT ms | CLS | SI s | JS gzip KB | JS sent KB | requests | API calls |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const rows = pages.map(({ route, locale, median: m }) =>
    [
      route,
      locale,
      m.score,
      seconds(m.fcpMs),
      seconds(m.lcpMs),
      Math.round(m.tbtMs),
      m.cls.toFixed(3),
      seconds(m.speedIndexMs),
      kb(m.jsGzipBytes),
      kb(m.jsTransferBytes),
      m.requests,
      m.apiCallCount,
    ].join(' | '),
  );
  const calls = pages
    .filter((page) => page.apiCalls.length > 0)
    .map((page) => `- ${page.locale} ${page.route}: ${page.apiCalls.map((call) => `${call.path} (${call.status})`).join(', ')}`);
  return [...header, ...rows.map((row) => `| ${row} |`), '', 'API calls before the page is idle:', ...calls].join('\n');
}

/**
 * Puts the latest benchmark figures (bench/results/web.json and api.json) into the README
 * between marker comments, so the README shows exactly what the result files hold.
 * bench:web and bench:api run it when they finish; `node scripts/bench/readme.ts` runs it alone. A unit test
 * (tests/unit/bench-readme.test.ts) fails when the two disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { markdownTable as apiTable, type DatabaseResult } from './api-report.ts';
import { markdownTable as webTable, type PageReport } from './web-report.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const README_PATH = path.join(ROOT, 'README.md');
export const WEB_RESULTS = path.join(ROOT, 'bench/results/web.json');
export const API_RESULTS = path.join(ROOT, 'bench/results/api.json');

interface WebResults {
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; chromium: string; lighthouse: string; loadAverage1m: { atStart: number; atEnd: number } };
  settings: { runsPerPage: number };
  pages: PageReport[];
}

interface ApiResults {
  date: string;
  machine: { cpu: string; cores: number; memoryGiB: number; node: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  settings: { durationSeconds: number; connections: number; warmupSeconds: number };
  results: DatabaseResult[];
}

const day = (iso: string) => iso.slice(0, 10);

export function webSection(web: WebResults): string {
  const m = web.machine;
  return [
    `Taken ${day(web.date)} on ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; ${m.chromium}, Lighthouse ${m.lighthouse}; ` +
      `default mobile settings (simulated slow 4G, 4× CPU slowdown), median of ${web.settings.runsPerPage} runs per metric; ` +
      `load average ${m.loadAverage1m.atStart} at the start.`,
    '',
    webTable(web.pages),
  ].join('\n');
}

export function apiSection(api: ApiResults): string {
  const m = api.machine;
  return [
    `Taken ${day(api.date)} on ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}; autocannon in a second ` +
      `process over loopback, ${api.settings.connections} connections (login: fewer, see the table), ` +
      `${api.settings.durationSeconds} s per scenario after ${api.settings.warmupSeconds} s of warm-up; ` +
      `load average ${m.loadAverageAtStart[0]} at the start.`,
    '',
    ...api.results.map((result) => apiTable(result).replace(/^### /, '#### ')),
  ].join('\n');
}

const markers = (name: string) => [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`] as const;

/** The README with each marked section replaced by its generated text. */
export function withSections(readme: string, sections: Record<string, string>): string {
  let text = readme;
  for (const [name, body] of Object.entries(sections)) {
    const [start, end] = markers(name);
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${start} … ${end}`);
    text = `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`;
  }
  return text;
}

export function currentSections(): Record<string, string> {
  return {
    web: webSection(JSON.parse(readFileSync(WEB_RESULTS, 'utf8')) as WebResults),
    api: apiSection(JSON.parse(readFileSync(API_RESULTS, 'utf8')) as ApiResults),
  };
}

export function updateReadme(): void {
  writeFileSync(README_PATH, withSections(readFileSync(README_PATH, 'utf8'), currentSections()));
  process.stdout.write('README.md: benchmark tables updated from bench/results/\n');
}

if (import.meta.main) updateReadme();

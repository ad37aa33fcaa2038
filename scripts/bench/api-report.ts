/** The figures bench:api reports, per database and scenario, and their Markdown table. */
import type { DatabaseKind } from './bench-database.ts';
import type { Scenario } from './api-scenarios.ts';
import type { LoadFigures } from './load.ts';

export interface ScenarioResult extends LoadFigures {
  id: Scenario['id'];
  label: string;
  connections: number;
  /** requestsPerSecond / that of (a) on the same database. */
  ratioToBare: number | null;
  /** The server's peak resident memory (VmHWM) during this scenario, MiB. */
  peakRssMiB: number;
  /**
   * The server process's CPU time (user + system) per answered request, ms: steadier than
   * req/s on a shared machine, and the cost the database's own CPU is not part of.
   */
  serverCpuMsPerRequest: number;
}

export interface DatabaseResult {
  database: DatabaseKind;
  version?: string;
  /** Why the database was not measured (no PostgreSQL server reachable, start failure). */
  skipped?: string;
  /** Resident memory once started and seeded, and the peak of start-up (migrations, seed), MiB. */
  startRssMiB?: number;
  startPeakRssMiB?: number;
  /** Highest of the scenarios' peaks, MiB. */
  peakRssMiB?: number;
  scenarios: ScenarioResult[];
}

export function markdownTable(result: DatabaseResult): string {
  const title = `### ${result.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}${result.version ? ` (${result.version.split(' on ')[0]})` : ''}`;
  if (result.skipped) return `${title}\n\nNot measured: ${result.skipped}\n`;
  const rows = result.scenarios.map((s) =>
    [
      `(${s.id}) ${s.label}`,
      s.connections,
      s.requestsPerSecond.toLocaleString('en', { maximumFractionDigits: 1 }),
      s.latencyMs.p50,
      s.latencyMs.p99,
      s.errors,
      s.ratioToBare === null ? '–' : s.ratioToBare.toFixed(2),
      s.serverCpuMsPerRequest.toFixed(2),
      s.peakRssMiB,
    ].join(' | '),
  );
  return [
    title,
    '',
    `Server memory after start: ${result.startRssMiB} MiB (start-up peak ${result.startPeakRssMiB} MiB).`,
    '',
    '| scenario | connections | req/s | p50 ms | p99 ms | errors | ratio to (a) | server CPU ms/req | peak RSS MiB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}


import type { LoadReport, NetworkShape } from './network-data.js';
import type { BenchIndexType, RequestTimes } from './timed-requests.js';

// The markdown of bench/network-postgres.ts: what was loaded and how, one table per case with
// every figure from the per-request times of this run, and the target decided from them.

/** The target: p99 wall time of a request after one installation changed, ms. */
export const TARGET_AFTER_CHANGE_MS = 50;

/** The figures of one store and index type. */
export interface StoreFigures {
  /** One entry per fresh service: the first request each. */
  readonly first: readonly RequestTimes[];
  readonly firstGzippedBytes: number;
  readonly warmupRequests: number;
  readonly changed: RequestTimes;
  readonly unchanged: RequestTimes;
}

/** Both stores of one index type. */
export interface IndexTypeFigures {
  readonly indexType: BenchIndexType;
  readonly postgres: StoreFigures;
  readonly memory: StoreFigures;
  /** Elements of the two first answers that differ (0: the stores agree). */
  readonly differing: number;
}

/**
 * The value at rank ⌈q·n⌉ of the sorted values (nearest rank): with 200 requests the p99 is
 * the second slowest, with 20 the slowest.
 *
 * @example
 * percentile([3, 1, 2], 0.5); // 2
 */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Three significant digits at most, whole numbers from 100 up. */
function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}×`;
}

/** `200` or `47 of 200 (60 s cap)` */
function requestCount(times: RequestTimes, capS: number): string {
  const measured = times.wallMs.length;
  return measured < times.wanted ? `${measured} of ${times.wanted} (${capS} s cap)` : `${measured}`;
}

const STORES = [
  ['postgres', 'PostgreSQL'],
  ['memory', 'in-memory'],
] as const;

/** How the run was set up, for the section's text. */
export interface RunSettings {
  readonly shape: NetworkShape;
  /** Whether BENCH_QUICK=1 cut the counts. */
  readonly quick: boolean;
  /** The time cap of one case, s. */
  readonly capS: number;
  /** The deadline of each store call of the reader and the writer, ms. */
  readonly deadlineMs: number;
  /** CPU model and cores, Node and PostgreSQL versions. */
  readonly machine: string;
  /** The 1-minute load average before the run and after it. */
  readonly loadAverages: readonly [number, number];
}

/**
 * The marked `network-postgres` section of bench/RESULTS.md, written at `at`.
 *
 * @example
 * writeMarkedSection('bench/RESULTS.md', 'network-postgres', renderSection(load, figures, settings, new Date()));
 */
export function renderSection(
  load: LoadReport,
  figures: readonly IndexTypeFigures[],
  { shape, quick, capS, deadlineMs, machine, loadAverages }: RunSettings,
  at: Date,
): string {
  const count = shape.installationCount.toLocaleString('en-US');
  const seconds = (valueMs: number) => (valueMs / 1000).toFixed(1);
  const perSecond = Math.round(load.samples / (load.postgresMs / 1000)).toLocaleString('en-US');
  const agreement = figures
    .map(({ indexType, differing }) =>
      differing === 0 ? `${indexType} identical` : `${indexType}: ${differing} elements differ`,
    )
    .join(', ');
  const warmups = figures.map((f) => `${f.indexType} ${f.postgres.warmupRequests}`).join(', ');
  return [
    '<!-- network-postgres:start -->',
    `## The network route over PostgreSQL, ${count} installations (issue 39)`,
    '',
    `Written by \`${quick ? 'BENCH_QUICK=1 ' : ''}npm run bench:network-postgres\` on ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC. ${machine}. 1-minute load average ${loadAverages[0].toFixed(2)} before, ${loadAverages[1].toFixed(2)} after.`,
    '',
    `\`GET /v2/airq/network?indexType=…\` with \`accept-encoding: gzip\`, through \`createApi\`'s core without a socket (a key, limits that never bite, the clock fixed at ${new Date(shape.nowMs).toISOString()}, \`createNodeGzip\`), over \`createMeasurementsService({ store })\` with its defaults. The data: ${count} vendor installations spread over Poland, each with ${shape.types.join(' and ')} every 5 minutes for the ${shape.hours} hours up to the clock, ${load.samples.toLocaleString('en-US')} samples, loaded into a throwaway PostgreSQL (fsync off) through \`PostgresStore.ingest\` in batches of 200,000 in ${seconds(load.postgresMs)} s (${perSecond} samples/s; the installations in ${seconds(load.installationsMs)} s), and into an \`InMemoryStore\` in ${seconds(load.memoryMs)} s. The first answers of the two stores, before any late sample: ${agreement}.`,
    '',
    `Two \`PostgresStore\` connections to the same schema stand for two airq instances, each with a deadline of ${deadlineMs / 1000} s per store call (the CLI's default): the reader answers; the writer stores one late PM25 sample (ten minutes back, a different installation and value each time) before each request of (b), awaited and not timed. The in-memory baseline ingests the same kind of sample directly. Wall time is \`performance.now()\` around one request; CPU is this process's user + system time over it (gzip threads included, PostgreSQL's own processes not). Percentiles are nearest-rank. Cases (b) and (c) run on one reader serving both index types; (b) follows warm-up requests of its own kind (${warmups}); each case stops after ${capS} s.`,
    '',
    ...caseTables(figures, capS),
    '<!-- network-postgres:end -->',
  ].join('\n');
}

/** The case tables and the target lines; `capS` is named where a case stopped early. */
function caseTables(figures: readonly IndexTypeFigures[], capS: number): string[] {
  const lines = [
    '**(a) First request of a fresh service** (every installation computed; each over a new `PostgresStore` connection for PostgreSQL):',
    '',
    '| index type | store | services | mean ms | max ms | CPU ms mean | gzipped bytes |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const figure of figures) {
    for (const [key, name] of STORES) {
      const store = figure[key];
      const wall = store.first.flatMap((times) => times.wallMs);
      const cpu = store.first.flatMap((times) => times.cpuMs);
      lines.push(
        `| ${figure.indexType} | ${name} | ${wall.length} | ${ms(mean(wall))} | ${ms(Math.max(...wall))} | ${ms(mean(cpu))} | ${store.firstGzippedBytes.toLocaleString('en-US')} |`,
      );
    }
  }
  lines.push(
    '',
    '**(b) One installation changed before each request** (a late PM25 sample written and awaited, not timed):',
    '',
    '| index type | store | requests | p50 ms | p99 ms | max ms | CPU ms mean |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const figure of figures) {
    for (const [key, name] of STORES) {
      lines.push(timesRow(figure.indexType, name, figure[key].changed, capS));
    }
    const pg = figure.postgres.changed;
    const memory = figure.memory.changed;
    lines.push(
      `| ${figure.indexType} | PostgreSQL ÷ in-memory | | ${ratio(percentile(pg.wallMs, 0.5), percentile(memory.wallMs, 0.5))} | ${ratio(percentile(pg.wallMs, 0.99), percentile(memory.wallMs, 0.99))} | ${ratio(Math.max(...pg.wallMs), Math.max(...memory.wallMs))} | ${ratio(mean(pg.cpuMs), mean(memory.cpuMs))} |`,
    );
  }
  lines.push(
    '',
    '**(c) Nothing changed since the last request:**',
    '',
    '| index type | store | requests | p50 ms | p99 ms | max ms | CPU ms mean |',
    '|---|---|---:|---:|---:|---:|---:|',
  );
  for (const figure of figures) {
    for (const [key, name] of STORES) {
      lines.push(timesRow(figure.indexType, name, figure[key].unchanged, capS));
    }
  }
  lines.push('');
  for (const figure of figures) {
    const p99 = percentile(figure.postgres.changed.wallMs, 0.99);
    const verdict = p99 <= TARGET_AFTER_CHANGE_MS ? 'met' : 'missed';
    lines.push(
      `- ${figure.indexType}: target ≤ ${TARGET_AFTER_CHANGE_MS} ms per request after one change (p99): **${verdict}** (p99 ${ms(p99)} ms over ${figure.postgres.changed.wallMs.length} requests).`,
    );
  }
  return lines;
}

function timesRow(indexType: string, store: string, times: RequestTimes, capS: number): string {
  const { wallMs, cpuMs } = times;
  return `| ${indexType} | ${store} | ${requestCount(times, capS)} | ${ms(percentile(wallMs, 0.5))} | ${ms(percentile(wallMs, 0.99))} | ${ms(Math.max(...wallMs))} | ${ms(mean(cpuMs))} |`;
}

// The tables of `npm run bench:shared-load`: response times per route and phase, then the CPU
// of the three `airq` processes and of PostgreSQL per phase, per request and per read.
import { LatencyHistogram } from '../http/latency-histogram.js';
import type { PushFigures } from './push-writer.js';
import type { RouteFigures } from './route-readers.js';

/** What one phase measured. */
export interface PhaseResult {
  /** `A`, `B`, `C`. */
  readonly key: string;
  /** e.g. `reads only`. */
  readonly label: string;
  /** Seconds the requests were sent in. */
  readonly loadS: number;
  /** Seconds from the start until the servers were idle again. */
  readonly durationS: number;
  /** Seconds the servers took to go idle after the load stopped and the pushes were answered. */
  readonly settleS: number;
  /** Every read route (empty when the phase only wrote). */
  readonly reads: readonly RouteFigures[];
  readonly pushes: PushFigures | undefined;
  /** CPU time of the three `airq` processes together (every thread), ms. */
  readonly airqCpuMs: number;
  /** CPU time of the PostgreSQL server (postmaster and every backend), ms. */
  readonly postgresCpuMs: number;
  /** CPU time of this process (autocannon and the pushes), ms. */
  readonly benchCpuMs: number;
  /** Share of the whole machine's CPU time that was busy while the load ran, whoever used it. */
  readonly machineBusy: number;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));

/** Completed reads of a phase over every route. */
export const readsOf = (phase: PhaseResult) =>
  phase.reads.reduce((sum, route) => sum + route.completed, 0);

const pushesOf = (phase: PhaseResult) => phase.pushes?.completed ?? 0;

// The statuses other than 200, e.g. `503 ×12`.
function statusList(statuses: Readonly<Record<string, number>>): string {
  return Object.entries(statuses)
    .filter(([status]) => status !== '200')
    .map(([status, n]) => `${status} ×${count(n)}`)
    .join(', ');
}

function sumStatuses(all: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const statuses of all) {
    for (const [status, n] of Object.entries(statuses)) sum[status] = (sum[status] ?? 0) + n;
  }
  return sum;
}

function latencyRow(name: string, phase: PhaseResult, figures: LatencyRowFigures): string {
  const { completed, latency, failures, errors, cutOff } = figures;
  const failed = failures === 0 ? '0' : `${count(failures)} (${statusList(figures.statuses)})`;
  return `| ${name} | ${phase.key} (${phase.label}) | ${count(completed)} | ${(completed / phase.loadS).toFixed(1)} | ${ms(latency.percentile(50))} | ${ms(latency.percentile(99))} | ${ms(latency.percentile(100))} | ${failed} | ${count(errors)} | ${count(cutOff)} |`;
}

interface LatencyRowFigures {
  readonly statuses: Readonly<Record<string, number>>;
  readonly completed: number;
  readonly latency: LatencyHistogram;
  readonly failures: number;
  readonly errors: number;
  /** Unanswered when the readers stopped: in `latency` with their age then. */
  readonly cutOff: number;
}

/**
 * Response times per route and phase (all instances together), every read route first, then
 * the pushes; the last three columns count answers outside 2xx (for pushes: other than 200),
 * connection errors or timeouts, and reads unanswered when the phase ended (in the
 * percentiles with their age then; pushes are always awaited).
 *
 * @example
 * latencyTable(phases); // '| route | phase | requests | …'
 */
export function latencyTable(phases: readonly PhaseResult[]): string {
  const lines = [
    '| route | phase | answered | per s | p50 ms | p99 ms | max ms | non-2xx | errors | cut off |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const routeNames = [...new Set(phases.flatMap((phase) => phase.reads.map((r) => r.route)))];
  for (const name of routeNames) {
    for (const phase of phases) {
      const route = phase.reads.find((figures) => figures.route === name);
      if (route === undefined) continue;
      lines.push(
        latencyRow(`\`${name}\``, phase, {
          ...route,
          failures: route.non2xx,
          errors: route.errors,
        }),
      );
    }
  }
  for (const phase of phases) {
    if (phase.reads.length === 0) continue;
    const latency = new LatencyHistogram();
    for (const route of phase.reads) latency.add(route.latency);
    const sum = (pick: (route: RouteFigures) => number) =>
      phase.reads.reduce((total, route) => total + pick(route), 0);
    lines.push(
      latencyRow('all reads', phase, {
        completed: sum((route) => route.completed),
        statuses: sumStatuses(phase.reads.map((route) => route.statuses)),
        latency,
        failures: sum((route) => route.non2xx),
        errors: sum((route) => route.errors),
        cutOff: sum((route) => route.cutOff),
      }),
    );
  }
  for (const phase of phases) {
    const pushes = phase.pushes;
    if (pushes === undefined) continue;
    lines.push(
      latencyRow('airRohr push', phase, {
        completed: pushes.completed,
        statuses: pushes.statuses,
        latency: pushes.latency,
        failures: pushes.non200,
        errors: pushes.errors,
        cutOff: 0,
      }),
    );
  }
  return lines.join('\n');
}

/**
 * CPU per phase: the three `airq` processes together and PostgreSQL, in all, per request
 * completed (reads and pushes alike) and per read with the pushes' share removed at the cost
 * per push of the phase that only pushed (`writesOnly`).
 *
 * @example
 * cpuTable(phases, phases[2]); // '| phase | reads | pushes | …'
 */
export function cpuTable(
  phases: readonly PhaseResult[],
  writesOnly: PhaseResult | undefined,
): string {
  const perPush = (pick: (phase: PhaseResult) => number) =>
    writesOnly === undefined || pushesOf(writesOnly) === 0
      ? undefined
      : pick(writesOnly) / pushesOf(writesOnly);
  const airqPerPush = perPush((phase) => phase.airqCpuMs);
  const postgresPerPush = perPush((phase) => phase.postgresCpuMs);
  const lines = [
    "| phase | reads | pushes | airq CPU s (3 processes) | airq CPU ms per request | airq CPU ms per read, pushes' share removed | PostgreSQL CPU s | PostgreSQL CPU ms per request | PostgreSQL CPU ms per read, pushes' share removed | bench process CPU s | machine busy | idle again after s |",
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const phase of phases) {
    const reads = readsOf(phase);
    const pushes = pushesOf(phase);
    const requests = reads + pushes;
    const perRead = (totalMs: number, pushMs: number | undefined) => {
      if (reads === 0) return '—';
      if (pushes === 0) return ms(totalMs / reads);
      return pushMs === undefined ? '—' : ms((totalMs - pushes * pushMs) / reads);
    };
    lines.push(
      `| ${phase.key} (${phase.label}) | ${count(reads)} | ${count(pushes)} | ${(phase.airqCpuMs / 1000).toFixed(1)} | ${ms(phase.airqCpuMs / Math.max(1, requests))} | ${perRead(phase.airqCpuMs, airqPerPush)} | ${(phase.postgresCpuMs / 1000).toFixed(1)} | ${ms(phase.postgresCpuMs / Math.max(1, requests))} | ${perRead(phase.postgresCpuMs, postgresPerPush)} | ${(phase.benchCpuMs / 1000).toFixed(1)} | ${Math.round(phase.machineBusy * 100)} % | ${phase.settleS.toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The sentence on the whole-network route: its p99 with the pushes against reads only.
 *
 * @example
 * networkSentence(phases[0], phases[1], 'network'); // 'With 69 pushes a second …'
 */
export function networkSentence(
  readsOnly: PhaseResult,
  withWrites: PhaseResult,
  route: string,
): string {
  const before = readsOnly.reads.find((figures) => figures.route === route)?.latency;
  const after = withWrites.reads.find((figures) => figures.route === route)?.latency;
  const p99Before = before?.percentile(99);
  const p99After = after?.percentile(99);
  if (p99Before === undefined || p99After === undefined) return '';
  const pushRate = (withWrites.pushes?.sent ?? 0) / withWrites.loadS;
  return `With ${pushRate.toFixed(0)} pushes a second arriving, \`/v2/airq/network\` (all installations, \`VENDOR_CAQI\`, gzip) answered at p99 in ${ms(p99After)} ms, against ${ms(p99Before)} ms with reads only (${(p99After / p99Before).toFixed(2)}×; p50 ${ms(after?.percentile(50))} against ${ms(before?.percentile(50))} ms).`;
}

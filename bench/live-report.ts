// The markdown of `npm run bench:live`: one table for the airRohr pushes against the bare server,
// one for the samples route against InMemoryStore.ingest called directly.
import type { LoadFigures } from './http/load-run.js';
import { requestsPerSecond, sumRuns } from './http/load-run.js';

/** The rounds of one server in the airRohr comparison. */
export interface PushServer {
  readonly label: string;
  readonly runs: readonly LoadFigures[];
  /** Whether the target of 0.5 applies (not to a baseline); default true. */
  readonly target?: boolean;
}

/** One samples-route measurement: a store and an encoding. */
export interface SamplesResult {
  readonly label: string;
  readonly rowsPerRequest: number;
  readonly run: LoadFigures;
}

const whole = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number | undefined) => (n === undefined ? '—' : n.toFixed(2));

function rounds(runs: readonly LoadFigures[]): string {
  return runs.map((run) => whole(requestsPerSecond(run))).join(', ');
}

/**
 * The airRohr table: req/s per server (each round in brackets) and the bare server's req/s ÷
 * the server's; the server's CPU per request (every thread) and the bare server's CPU per
 * request ÷ the server's, which is what one core can take (on two cores the load generator
 * caps req/s for both servers); each ratio against the target of 0.5; latency.
 *
 * @example
 * pushTable([{ label: 'log on', runs }], bareRuns); // '| server | req/s | ...'
 */
export function pushTable(
  servers: readonly PushServer[],
  bareRuns: readonly LoadFigures[],
): string {
  const bare = sumRuns(bareRuns);
  const bareRate = requestsPerSecond(bare);
  const cpuPerRequest = (sum: LoadFigures) => (sum.serverCpuMs * 1000) / Math.max(1, sum.completed);
  const bareCpu = cpuPerRequest(bare);
  const lines = [
    '| server | req/s (rounds) | ÷ bare | server CPU µs per request | bare ÷ server CPU | target ≥ 0.5 (req/s, CPU) | p50 / p99 ms | errors / non-2xx |',
    '|---|---:|---:|---:|---:|---|---:|---:|',
  ];
  const verdict = (ratio: number) => (ratio >= 0.5 ? 'met' : 'missed');
  const row = (label: string, runs: readonly LoadFigures[], target: boolean) => {
    const sum = sumRuns(runs);
    const rate = requestsPerSecond(sum);
    const ratio = bareRate > 0 ? rate / bareRate : 0;
    const cpu = cpuPerRequest(sum);
    const cpuRatio = cpu > 0 ? bareCpu / cpu : 0;
    const isBare = runs === bareRuns;
    const judged = target ? `${verdict(ratio)}, ${verdict(cpuRatio)}` : '—';
    lines.push(
      `| ${label} | ${whole(rate)} (${rounds(runs)}) | ${isBare ? '1' : ratio.toFixed(2)} | ${cpu.toFixed(0)} | ${isBare ? '1' : cpuRatio.toFixed(2)} | ${judged} | ${ms(sum.latency.percentile(50))} / ${ms(sum.latency.percentile(99))} | ${sum.errors} / ${sum.non2xx} |`,
    );
  };
  for (const server of servers) row(server.label, server.runs, server.target ?? true);
  row('bare node:http', bareRuns, false);
  return lines.join('\n');
}

/**
 * The samples table: samples a second through the route, the ratio to InMemoryStore.ingest of
 * the same rows called directly, against the target of 100,000 a second for the journal.
 *
 * @example
 * samplesTable(results, 1_500_000); // '| store, body | ...'
 */
export function samplesTable(results: readonly SamplesResult[], ingestPerS: number): string {
  const lines = [
    '| store, body | requests | samples/s | ÷ InMemoryStore.ingest | target | p50 / p99 ms per request | server CPU µs per sample | errors / non-2xx |',
    '|---|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const { label, rowsPerRequest, run } of results) {
    const perS = requestsPerSecond(run) * rowsPerRequest;
    const cpu = (run.serverCpuMs * 1000) / Math.max(1, run.completed * rowsPerRequest);
    const target = label.startsWith('journal')
      ? `≥ 100,000/s ${perS >= 100_000 ? 'met' : 'missed'}`
      : 'reported';
    lines.push(
      `| ${label} | ${whole(run.completed)} | ${whole(perS)} | ${(perS / ingestPerS).toFixed(3)} | ${target} | ${ms(run.latency.percentile(50))} / ${ms(run.latency.percentile(99))} | ${cpu.toFixed(2)} | ${run.errors} / ${run.non2xx} |`,
    );
  }
  lines.push(
    `| InMemoryStore.ingest, called directly | — | ${whole(ingestPerS)} | 1 | — | — | — | — |`,
  );
  return lines.join('\n');
}

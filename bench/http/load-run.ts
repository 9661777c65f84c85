// One timed autocannon run against one server, and the sum of several runs of the same case.
import autocannon from 'autocannon';
import { LatencyHistogram } from './latency-histogram.js';

/** What one run (or the sum of a case's rounds) measured. */
export interface LoadFigures {
  readonly completed: number;
  /** Seconds under load. */
  readonly durationS: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Responses with a status outside 200–299. */
  readonly non2xx: number;
  readonly latency: LatencyHistogram;
  /** CPU time the server process used during the run (all its threads), ms. */
  readonly serverCpuMs: number;
  /** CPU time the load generator (this process) used during the run, ms. */
  readonly generatorCpuMs: number;
}

/** One autocannon run. */
export interface LoadRunOptions {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Path and query. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly connections: number;
  readonly durationS: number;
  /** The server process's CPU time so far, ms (e.g. `ServerProcess.cpuMs`). */
  readonly serverCpuMs: () => Promise<number>;
}

/**
 * Loads a server with autocannon from this process for `durationS` seconds, recording every
 * response time at 10 µs resolution and the CPU time both processes spent.
 *
 * @example
 * const run = await runLoad({ baseUrl, url: '/v2/meta/indexes', headers, connections: 32, durationS: 10, serverCpuMs: server.cpuMs });
 * requestsPerSecond(run); // e.g. 9120
 */
export async function runLoad(options: LoadRunOptions): Promise<LoadFigures> {
  const latency = new LatencyHistogram();
  const serverBeforeMs = await options.serverCpuMs();
  const generatorBefore = process.cpuUsage();
  const instance = autocannon({
    url: new URL(options.url, options.baseUrl).href,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
    latency.record(ms),
  );
  const result = await instance;
  const generator = process.cpuUsage(generatorBefore);
  const serverCpuMs = (await options.serverCpuMs()) - serverBeforeMs;
  return {
    completed: result.requests.total,
    durationS: result.duration,
    errors: result.errors,
    non2xx: result.non2xx,
    latency,
    serverCpuMs,
    generatorCpuMs: (generator.user + generator.system) / 1000,
  };
}

/**
 * Completed requests per second of a run or of summed runs.
 *
 * @example
 * requestsPerSecond({ completed: 50_000, durationS: 10, ... }); // 5000
 */
export function requestsPerSecond(figures: LoadFigures): number {
  return figures.durationS > 0 ? figures.completed / figures.durationS : 0;
}

/**
 * Adds the runs of one case (its rounds) into one set of figures: throughput over the total
 * time, percentiles over every response.
 *
 * @example
 * requestsPerSecond(sumRuns([run1, run2])); // total completed ÷ total seconds
 */
export function sumRuns(runs: readonly LoadFigures[]): LoadFigures {
  const latency = new LatencyHistogram();
  let completed = 0;
  let durationS = 0;
  let errors = 0;
  let non2xx = 0;
  let serverCpuMs = 0;
  let generatorCpuMs = 0;
  for (const run of runs) {
    serverCpuMs += run.serverCpuMs;
    generatorCpuMs += run.generatorCpuMs;
    latency.add(run.latency);
    completed += run.completed;
    durationS += run.durationS;
    errors += run.errors;
    non2xx += run.non2xx;
  }
  return { completed, durationS, errors, non2xx, latency, serverCpuMs, generatorCpuMs };
}

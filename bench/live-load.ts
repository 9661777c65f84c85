// POST load for `npm run bench:live`: autocannon from this process sends each connection through
// a list of requests in turn (the pushes of several devices, or several samples bodies), and the
// server's CPU time is read before and after, as bench/http/load-run.ts does for GET routes.
import autocannon from 'autocannon';
import { LatencyHistogram } from './http/latency-histogram.js';
import type { LoadFigures } from './http/load-run.js';
import type { PostSpec } from './live-data.js';

// autocannon takes a body per request; bench/http/autocannon.d.ts declares only what the GET
// benchmarks use.
declare module 'autocannon' {
  namespace autocannon {
    interface RequestSpec {
      readonly body?: string;
    }
  }
}

/** One POST load run. */
export interface PostLoadOptions {
  /** `http://127.0.0.1:<port>` */
  readonly baseUrl: string;
  /** Sent in turn by every connection. */
  readonly specs: readonly PostSpec[];
  readonly connections: number;
  readonly durationS: number;
  /** The server process's CPU time so far, ms. */
  readonly serverCpuMs: () => Promise<number>;
  /** Seconds before a request counts as timed out (default 30: a 10,000-row body takes a while). */
  readonly timeoutS?: number;
}

/** What a POST run measured, with the answers by status. */
export interface PostLoadFigures extends LoadFigures {
  readonly statuses: Readonly<Record<string, number>>;
}

/**
 * Loads a server with POST requests from this process for `durationS` seconds.
 *
 * @example
 * const run = await runPostLoad({ baseUrl, specs: airRohrPushes(8), connections: 32, durationS: 6, serverCpuMs: server.cpuMs });
 * run.completed / run.durationS; // requests per second
 */
export async function runPostLoad(options: PostLoadOptions): Promise<PostLoadFigures> {
  const latency = new LatencyHistogram();
  const serverBeforeMs = await options.serverCpuMs();
  const generatorBefore = process.cpuUsage();
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationS,
    timeout: options.timeoutS ?? 30,
    requests: options.specs.map((spec) => ({
      method: 'POST',
      path: spec.path,
      headers: spec.headers,
      body: spec.body,
    })),
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
    latency.record(ms),
  );
  const result = await instance;
  const generator = process.cpuUsage(generatorBefore);
  const serverCpuMs = (await options.serverCpuMs()) - serverBeforeMs;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
  );
  return {
    completed: result.requests.total,
    durationS: result.duration,
    errors: result.errors,
    non2xx: result.non2xx,
    latency,
    serverCpuMs,
    generatorCpuMs: (generator.user + generator.system) / 1000,
    statuses,
  };
}

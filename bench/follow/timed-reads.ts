// The reads of `npm run bench:follow`: autocannon at a steady rate from the parent process, one
// instance per route, keeping each response's time and when it ended (epoch ms), so that every
// read can later be placed inside or outside a poll.
import autocannon from 'autocannon';

/** One completed read. */
export interface TimedRead {
  readonly route: string;
  /** When the request was sent, epoch ms (its end minus its response time). */
  readonly startMs: number;
  readonly endMs: number;
  readonly status: number;
}

/** A route loaded at its own steady rate. */
export interface ReadRoute {
  /** A short name for the table, e.g. `network`. */
  readonly route: string;
  /** Path and query. */
  readonly url: string;
  /** Requests per second, over all of this route's connections. */
  readonly ratePerS: number;
}

/** Reads under way; `stop` ends them and gives every read with the errors. */
export interface TimedReadLoad {
  stop(): Promise<{ readonly reads: readonly TimedRead[]; readonly errors: number }>;
}

/** Longest a load may run, s (it is stopped long before). */
const MAX_DURATION_S = 3_600;

/**
 * Starts reading every route of `routes` from `baseUrl` until `stop`, each with
 * `connectionsPerRoute` connections at its `ratePerS`.
 *
 * @example
 * const load = startTimedReads(airq.url, headers, [{ route: 'network', url: '/v2/airq/network', ratePerS: 25 }], 2);
 * const { reads } = await load.stop();
 */
export function startTimedReads(
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  routes: readonly ReadRoute[],
  connectionsPerRoute: number,
): TimedReadLoad {
  const reads: TimedRead[] = [];
  const instances = routes.map(({ route, url, ratePerS }) => {
    const instance = autocannon({
      url: new URL(url, baseUrl).href,
      connections: connectionsPerRoute,
      overallRate: ratePerS,
      duration: MAX_DURATION_S,
      timeout: 30,
      headers,
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      const endMs = Date.now();
      reads.push({ route, startMs: endMs - ms, endMs, status });
    });
    return instance;
  });
  return {
    async stop() {
      for (const instance of instances) instance.stop();
      const results = await Promise.all(instances);
      return { reads, errors: results.reduce((sum, result) => sum + result.errors, 0) };
    },
  };
}

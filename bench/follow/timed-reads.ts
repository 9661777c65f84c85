// The reads of `npm run bench:follow`: independent readers arriving at random (a Poisson process
// per route, seeded), from the parent process, keeping each response's time and when it ended
// (epoch ms), so that every read can later be placed inside or outside a poll.
//
// Why not autocannon, as the HTTP benchmarks use: its rate is a count per connection per second,
// reset by a one-second timer, so each connection sends its whole second's share back to back as
// the second begins and then waits. Reads came in bursts of 40 within some tens of ms, and a
// read's time included waiting behind the rest of its burst; whether a burst fell into a poll's
// window of 300 ms decided much of the p99 during polls. Readers of a public map arrive on their
// own, so each read here is sent at its drawn moment, on a free keep-alive socket or a new one,
// whatever the others are doing (an open loop: a slow answer does not hold back the next read).
import { Agent, request } from 'node:http';
import { seededRandom } from '../helpers/seeded-random.js';

/** One completed read. */
export interface TimedRead {
  readonly route: string;
  /** When the request was sent, epoch ms (its end minus its response time). */
  readonly startMs: number;
  readonly endMs: number;
  readonly status: number;
}

/** A route loaded at its own mean rate. */
export interface ReadRoute {
  /** A short name for the table, e.g. `network`. */
  readonly route: string;
  /** Path and query. */
  readonly url: string;
  /** Mean requests per second. */
  readonly ratePerS: number;
}

/** Reads under way; `stop` ends them and gives every read with the errors. */
export interface TimedReadLoad {
  stop(): Promise<{ readonly reads: readonly TimedRead[]; readonly errors: number }>;
}

/** Longest a read may take before it counts as an error, ms. */
const READ_TIMEOUT_MS = 30_000;

/**
 * Starts reading every route of `routes` from `baseUrl` until `stop`: each route's reads arrive
 * as a Poisson process of its `ratePerS` (exponential gaps drawn from `seed`).
 *
 * @example
 * const load = startTimedReads(airq.url, headers, [{ route: 'network', url: '/v2/airq/network', ratePerS: 20 }], 38);
 * const { reads } = await load.stop();
 */
export function startTimedReads(
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  routes: readonly ReadRoute[],
  seed: number,
): TimedReadLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const reads: TimedRead[] = [];
  const inFlight = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let errors = 0;
  let stopped = false;

  const readOnce = (route: string, url: URL): Promise<void> =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      let settled = false;
      // A response that breaks may report on both the request and the response: one error.
      const failed = () => {
        if (settled) return;
        settled = true;
        errors += 1;
        resolve();
      };
      const outgoing = request(url, { agent, headers, timeout: READ_TIMEOUT_MS }, (response) => {
        response.resume();
        response.once('error', failed);
        response.once('end', () => {
          if (settled) return;
          settled = true;
          const endMs = Date.now();
          const status = response.statusCode ?? 0;
          reads.push({ route, startMs: endMs - (performance.now() - sentAt), endMs, status });
          resolve();
        });
      });
      outgoing.once('timeout', () => outgoing.destroy(new Error('read timed out')));
      outgoing.once('error', failed);
      outgoing.end();
    });

  routes.forEach(({ route, url, ratePerS }, index) => {
    const random = seededRandom(seed + index);
    const target = new URL(url, baseUrl);
    const next = () => {
      // An exponential gap of mean 1/rate; 1 - random() lies in (0, 1], so the log is finite.
      const gapMs = (-Math.log(1 - random()) / ratePerS) * 1000;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (stopped) return;
        const read = readOnce(route, target);
        inFlight.add(read);
        read.finally(() => inFlight.delete(read));
        next();
      }, gapMs);
      timers.add(timer);
    };
    next();
  });

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return { reads, errors };
    },
  };
}

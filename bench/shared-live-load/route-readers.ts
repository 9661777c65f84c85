// The readers of `npm run bench:shared-load`: autocannon from this process, one instance per
// route and `airq`, each at a fixed rate, recording every response's time per route. A route's
// rate is split over the `airq` instances in whole requests a second (20 over three: 7, 7 and
// 6, the odd one rotating between routes so each instance gets the same total). autocannon's
// rate sends a connection's quota of each second as fast as the answers come, then waits for
// the next second; the streams are started spread over one second so that their bursts do not
// all land on the same instant. Each request asks for the next path of its route's generator,
// shared by the route's connections, so no two requests repeat a query by construction.
// autocannon drops the requests in flight when it stops, and those are the slowest: leaving
// them out would hide a stall at the end of a phase. Each request is therefore noted when it
// is sent (in `setupRequest`, which autocannon calls just before writing it, with the
// connection's context) and struck off when answered; one still open at the stop is counted
// as cut off and recorded with its age then, a lower bound of its time.
import autocannon from 'autocannon';
import { LatencyHistogram } from '../http/latency-histogram.js';

// autocannon builds each request again through `setupRequest` when a request has one;
// bench/http/autocannon.d.ts declares only what the other benchmarks use (and an augmentation
// of its `export =` namespace does not reach the object literal's check), so the spec is typed
// here and passed as a value.
interface DynamicRequest extends autocannon.RequestSpec {
  setupRequest(request: autocannon.RequestSpec, context: object): autocannon.RequestSpec;
}

// The connection's context while its request is out (autocannon makes a new one per request).
interface SentContext {
  sentMs?: number;
}

/** A route read throughout a phase. */
export interface ReadRoute {
  /** A short name for the table, e.g. `network`. */
  readonly name: string;
  /** Requests a second over every `airq` together. */
  readonly ratePerS: number;
  /** Connections per `airq` instance. */
  readonly connections: number;
  /** The path and query of the next request. */
  nextPath(): string;
}

/** What one route's readers saw in a phase, over every instance. */
export interface RouteFigures {
  readonly route: string;
  /** Responses received. */
  readonly completed: number;
  /** Requests still unanswered when the readers stopped (in `latency` with their age then). */
  readonly cutOff: number;
  readonly latency: LatencyHistogram;
  /** Answers by status code. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Responses with a status outside 200–299. */
  readonly non2xx: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Every answer outside 2xx: which instance (its position in the base URLs) and when. */
  readonly failures: readonly ReadFailure[];
}

/** One answer outside 2xx, for the log: when failures cluster, and on which instance. */
export interface ReadFailure {
  readonly instance: number;
  readonly status: number;
  /** Epoch ms of the answer. */
  readonly atMs: number;
}

/** Readers under way; `stop` ends them and gives each route's figures. */
export interface ReadLoad {
  stop(): Promise<RouteFigures[]>;
}

/** Longest a reader may run, s (it is stopped long before). */
const MAX_DURATION_S = 3_600;

/**
 * Starts reading every route from every base URL until `stop`.
 *
 * @param headers - sent with every read (the read key, `accept-encoding: gzip`)
 * @example
 * const load = startReaders(urls, headers, [{ name: 'meta', ratePerS: 20, connections: 1, nextPath: () => '/v2/meta/indexes' }]);
 * const [meta] = await load.stop(); // meta.latency.percentile(99)
 */
export function startReaders(
  baseUrls: readonly string[],
  headers: Readonly<Record<string, string>>,
  routes: readonly ReadRoute[],
): ReadLoad {
  const streams = routes.length * baseUrls.length;
  const started: { route: number; instance: autocannon.Instance }[] = [];
  const timers: NodeJS.Timeout[] = [];
  const latencies = routes.map(() => new LatencyHistogram());
  const statuses = routes.map((): Record<string, number> => ({}));
  const failures = routes.map((): ReadFailure[] => []);
  const open = routes.map(() => new Set<SentContext>());
  routes.forEach((route, r) => {
    baseUrls.forEach((baseUrl, i) => {
      const rate = shareOf(route.ratePerS, baseUrls.length, (i + r) % baseUrls.length);
      if (rate === 0) return;
      const dynamic: DynamicRequest = {
        method: 'GET',
        setupRequest: (request, context: SentContext) => {
          context.sentMs = performance.now();
          open[r]!.add(context);
          return { ...request, path: route.nextPath() };
        },
        onResponse: (_status, _body, context) => open[r]!.delete(context),
      };
      const start = () => {
        const instance = autocannon({
          url: baseUrl,
          connections: route.connections,
          overallRate: rate,
          duration: MAX_DURATION_S,
          timeout: 30,
          headers,
          requests: [dynamic],
        });
        instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
          latencies[r]!.record(ms); // one histogram per route
          statuses[r]![status] = (statuses[r]![status] ?? 0) + 1;
          if (status < 200 || status > 299) {
            failures[r]!.push({ instance: i, status, atMs: Date.now() });
          }
        });
        started.push({ route: r, instance });
      };
      const offsetMs = ((r * baseUrls.length + i) * 1000) / streams;
      timers.push(setTimeout(start, offsetMs));
    });
  });
  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      for (const { instance } of started) instance.stop();
      const stoppedMs = performance.now();
      const answered = latencies.map((latency) => latency.count);
      // Taken now: autocannon may still build a request or two while it winds down.
      const cutOff = open.map((contexts) => contexts.size);
      for (const [r, contexts] of open.entries()) {
        for (const context of contexts)
          latencies[r]!.record(stoppedMs - (context.sentMs ?? stoppedMs));
      }
      const results = await Promise.all(started.map(({ instance }) => instance));
      const errors = routes.map(() => 0);
      results.forEach((result, at) => {
        errors[started[at]!.route]! += result.errors; // same order as `started`
      });
      return routes.map((route, r) => {
        const counts = statuses[r]!;
        const non2xx = Object.entries(counts)
          .filter(([status]) => Number(status) < 200 || Number(status) > 299)
          .reduce((sum, [, count]) => sum + count, 0);
        return {
          route: route.name,
          completed: answered[r]!,
          cutOff: cutOff[r]!,
          latency: latencies[r]!,
          statuses: counts,
          non2xx,
          errors: errors[r]!,
          failures: failures[r]!,
        };
      });
    },
  };
}

/**
 * The non-2xx reads of a phase per instance, with the span of time they came in: failures that
 * cluster on one instance within a few seconds are a stall of that instance or its store.
 *
 * @example
 * failureLines(reads); // ['airq 2: 36 non-2xx (503) from 10:45:12.3 to 10:45:14.9']
 */
export function failureLines(reads: readonly RouteFigures[]): string[] {
  const byInstance = new Map<number, ReadFailure[]>();
  for (const failure of reads.flatMap((route) => route.failures)) {
    byInstance.set(failure.instance, [...(byInstance.get(failure.instance) ?? []), failure]);
  }
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 21);
  return [...byInstance.entries()].map(([instance, failures]) => {
    const times = failures.map((failure) => failure.atMs);
    const statuses = [...new Set(failures.map((failure) => failure.status))].join(', ');
    return `airq ${instance + 1}: ${failures.length} non-2xx (${statuses}) from ${time(Math.min(...times))} to ${time(Math.max(...times))}`;
  });
}

/**
 * The `part`-th of `parts` whole shares of `total` (the first `total % parts` get one more).
 *
 * @example
 * [0, 1, 2].map((part) => shareOf(20, 3, part)); // [7, 7, 6]
 */
export function shareOf(total: number, parts: number, part: number): number {
  return Math.floor(total / parts) + (part < total % parts ? 1 : 0);
}

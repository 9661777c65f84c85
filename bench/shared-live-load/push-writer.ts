// The writers of `npm run bench:shared-load`: airRohr devices pushing as the firmware does,
// one push every `everyS` seconds per device. Devices do not wait for each other, so the
// pushes are sent on a schedule (push k at k / rate seconds after the start) whatever the
// answers take, each on a connection of its own (every device is a client of its own), not in
// a closed loop as autocannon sends: a slow answer must not slow the arrivals down. Push k
// goes to `airq` k mod instances (round robin) for the next device in a cycle over all of
// them, so a device pushes at most once per cycle: with 10,000 devices at 69 a second, once
// per 145 s.
import { request } from 'node:http';
import { LatencyHistogram } from '../http/latency-histogram.js';
import type { PostSpec } from '../live-data.js';

/** What the pushes of a phase got. */
export interface PushFigures {
  /** Pushes sent. */
  readonly sent: number;
  /** Answers received (any status). */
  readonly completed: number;
  readonly latency: LatencyHistogram;
  /** Answers by status code. */
  readonly statuses: Readonly<Record<string, number>>;
  /** Answers with a status other than 200 (the firmware drops a reading on any other). */
  readonly non200: number;
  /** Connection errors and answers that never came within 30 s. */
  readonly errors: number;
  /** The first answer that was not a 200, for the log. */
  readonly firstFailure: string | undefined;
  /** When each answer slower than {@link SLOW_PUSH_MS} came, epoch ms: where the stalls were. */
  readonly slowAtMs: readonly number[];
  /** The device the next phase should push first, to go on with the cycle. */
  readonly nextDevice: number;
}

/** Pushes under way; `stop` ends the schedule and waits for the answers still due. */
export interface PushLoad {
  stop(): Promise<PushFigures>;
}

const ANSWER_TIMEOUT_MS = 30_000;
/** An answer slower than this is logged with its time, ms. */
export const SLOW_PUSH_MS = 100;

/**
 * Starts pushing `pushes[firstDevice]`, `pushes[firstDevice + 1]` … at `ratePerS` in all,
 * round robin over `baseUrls`, until `stop`.
 *
 * @param pushes - one push per device (bench/live-data.ts's `airRohrPushes`)
 * @example
 * const load = startPushes(urls, airRohrPushes(10_000), 10_000 / 145, 0);
 * const figures = await load.stop(); // figures.non200 === 0
 */
export function startPushes(
  baseUrls: readonly string[],
  pushes: readonly PostSpec[],
  ratePerS: number,
  firstDevice: number,
): PushLoad {
  const latency = new LatencyHistogram();
  const statuses: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const slowAtMs: number[] = [];
  let sent = 0;
  let completed = 0;
  let errors = 0;
  let firstFailure: string | undefined;
  const startMs = performance.now();
  const intervalMs = 1000 / ratePerS;

  const push = (k: number) => {
    const spec = pushes[(firstDevice + k) % pushes.length]!; // index < length
    const url = new URL(spec.path, baseUrls[k % baseUrls.length]);
    const sentMs = performance.now();
    const answered = new Promise<void>((resolve) => {
      const outgoing = request(url, {
        method: 'POST',
        agent: false,
        timeout: ANSWER_TIMEOUT_MS,
        headers: { ...spec.headers, 'content-length': Buffer.byteLength(spec.body) },
      });
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const answerMs = performance.now() - sentMs;
          latency.record(answerMs);
          if (answerMs > SLOW_PUSH_MS) slowAtMs.push(Date.now());
          completed++;
          const status = response.statusCode ?? 0;
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 200 && firstFailure === undefined) {
            firstFailure = `${status} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
          }
          resolve();
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
      outgoing.on('error', (error) => {
        errors++;
        firstFailure ??= String(error);
        resolve();
      });
      outgoing.end(spec.body);
    });
    inFlight.add(answered);
    void answered.then(() => inFlight.delete(answered));
  };

  let timer: NodeJS.Timeout | undefined;
  // Sends every push that is due, then sleeps until the next one: a late timer catches up.
  const tick = () => {
    const dueCount = Math.floor((performance.now() - startMs) / intervalMs) + 1;
    while (sent < dueCount) push(sent++);
    timer = setTimeout(tick, Math.max(0, startMs + sent * intervalMs - performance.now()));
  };
  tick();

  return {
    async stop() {
      clearTimeout(timer);
      await Promise.all(inFlight);
      const non200 = Object.entries(statuses)
        .filter(([status]) => status !== '200')
        .reduce((sum, [, count]) => sum + count, 0);
      return {
        sent,
        completed,
        latency,
        statuses,
        non200,
        errors,
        firstFailure,
        slowAtMs,
        nextDevice: (firstDevice + sent) % pushes.length,
      };
    },
  };
}

/**
 * Times to the second with how many fell in each, for the log: a stall shows as a few
 * crowded seconds, a slow phase as many.
 *
 * @example
 * perSecond(figures.slowAtMs); // '10:52:31 ×34, 10:52:32 ×12'
 */
export function perSecond(timesMs: readonly number[]): string {
  const counts = new Map<string, number>();
  for (const ms of timesMs) {
    const second = new Date(ms).toISOString().slice(11, 19);
    counts.set(second, (counts.get(second) ?? 0) + 1);
  }
  return [...counts.entries()].map(([second, n]) => `${second} ×${n}`).join(', ');
}

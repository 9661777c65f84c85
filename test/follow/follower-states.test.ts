// Properties of the follower on a virtual clock, against naive oracles written here: for any
// sequence of poll outcomes, the waits between polls are the naive backoff and the log lines are
// exactly the changes of state; with instances sharing one lease, one polls at a time and a dead
// holder's source is taken over within two intervals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startFollower } from '../../src/follow/follower.js';
import { RUNS } from '../helpers/property-runs.js';
import {
  FakeLease,
  FakeSink,
  oracleDelayMs,
  type PollStep,
  ScriptedSource,
  SharedLeaseTable,
  VirtualClock,
} from './follower-harness.js';

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

const failureReason = (step: PollStep): string => {
  if (step.kind === 'poll-failure' || step.kind === 'throws') return step.message;
  if (step.kind === 'sink-rejects') return `the store did not take the batch: ${step.message}`;
  return 'no complete answer within 20 s';
};

type Expected =
  | { readonly kind: 'first' }
  | { readonly kind: 'recovered'; readonly failures: number }
  | { readonly kind: 'failed'; readonly reason: string; readonly atMs: number };

// Replays the steps by hand: when each poll starts, and which state changes the log must show.
function oracle(everyMs: number, steps: readonly PollStep[]) {
  const starts: number[] = [T0];
  const lines: Expected[] = [];
  let state: 'starting' | 'polling' | 'failing' = 'starting';
  let failures = 0;
  for (const step of steps) {
    const endMs = starts.at(-1)! + (step.kind === 'hangs' ? 20_000 : 0);
    const ok = step.kind === 'ok';
    const asked = step.kind === 'poll-failure' ? step.retryAfterMs : undefined;
    const before = failures;
    failures = ok ? 0 : failures + 1;
    const nextMs = endMs + oracleDelayMs(everyMs, failures, asked);
    if (ok && state === 'starting') lines.push({ kind: 'first' });
    if (ok && state === 'failing') lines.push({ kind: 'recovered', failures: before });
    if (!ok && state !== 'failing')
      lines.push({ kind: 'failed', reason: failureReason(step), atMs: nextMs });
    state = ok ? 'polling' : 'failing';
    starts.push(nextMs);
  }
  return { starts, lines };
}

function readLine(line: string): Expected {
  const failed =
    /^follow openaq: poll failed \((.*)\); next try at (\S+) \(in [\d.]+ (?:s|min)\)$/.exec(line);
  if (failed !== null) return { kind: 'failed', reason: failed[1]!, atMs: Date.parse(failed[2]!) };
  const recovered = /^follow openaq: recovered after (\d+) failed polls; /.exec(line);
  if (recovered !== null) return { kind: 'recovered', failures: Number(recovered[1]) };
  if (/^follow openaq: first poll: \d+ of \d+ samples stored/.test(line)) return { kind: 'first' };
  throw new Error(`an unexpected log line: ${line}`);
}

const message = fc.constantFrom('OpenAQ answered 500', 'OpenAQ answered 429', 'body cut short');
const step: fc.Arbitrary<PollStep> = fc.oneof(
  fc.constant({ kind: 'ok' as const }),
  fc.record(
    {
      kind: fc.constant('poll-failure' as const),
      message,
      retryAfterMs: fc.integer({ min: 0, max: 40 * MINUTE }),
    },
    { requiredKeys: ['kind', 'message'] },
  ),
  fc.record({ kind: fc.constant('sink-rejects' as const), message: fc.constant('store down') }),
  fc.record({ kind: fc.constant('throws' as const), message: fc.constant('fetch failed') }),
  fc.constant({ kind: 'hangs' as const }),
);
// Intervals from a busy test server's to over the backoff cap. (Each wait is renewed every half
// interval, so a 1 s interval with waits of many minutes would take thousands of timer turns:
// the worked examples cover the shortest intervals.)
const everyMs = fc.oneof(
  fc.constantFrom(15_000, MINUTE, 10 * MINUTE, 15 * MINUTE, 60 * MINUTE),
  fc.integer({ min: 15_000, max: 20 * MINUTE }),
);

describe('startFollower (properties)', () => {
  it('waits as the naive backoff says and logs exactly the changes of state', async () => {
    await fc.assert(
      fc.asyncProperty(
        everyMs,
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (every, steps) => {
          const clock = new VirtualClock(T0);
          const source = new ScriptedSource('openaq', MINUTE, clock, steps);
          const lease = new FakeLease(clock);
          const lines: string[] = [];
          const follower = startFollower([{ source, everyMs: every }], {
            sink: new FakeSink(() => source.current),
            lease,
            log: (line) => lines.push(line),
            clock,
          });
          // The poll after the last step hangs until the stop, which aborts it silently.
          while (source.polls.length < steps.length + 1) await clock.runNext();
          await follower.stop();
          const expected = oracle(every, steps);
          expect(source.polls.map((poll) => poll.atMs)).toEqual(expected.starts);
          expect(lines.map(readLine)).toEqual(expected.lines);
          expect([clock.pending, lease.releases.length]).toEqual([0, 1]);
        },
      ),
      RUNS,
    );
  });

  it('polls from one instance at a time, and takes a dead holder over within two intervals', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1000, max: 20 * MINUTE }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1000 }),
        async (every, deathPermille, offsetMs) => {
          const clock = new VirtualClock(T0);
          const table = new SharedLeaseTable(clock);
          const inFlight = new Set<string>();
          let overlaps = 0;
          const polls: { instance: string; atMs: number }[] = [];
          const dead = new Set<string>();
          const instance = (name: string) => {
            // A dead instance's timers never fire again: it neither polls nor renews nor releases.
            const own = {
              now: () => clock.now(),
              setTimeout: (run: () => void, ms: number) =>
                clock.setTimeout(() => dead.has(name) || run(), ms),
              clearTimeout: (timer: unknown) => clock.clearTimeout(timer),
            };
            const source = {
              name: 'sensor-community' as const,
              defaultEveryMs: every,
              poll: async () => {
                polls.push({ instance: name, atMs: clock.nowMs });
                if (inFlight.size > 0) overlaps += 1;
                inFlight.add(name);
                // A poll that takes part of the interval, as real ones do.
                await new Promise<void>((resolve) =>
                  own.setTimeout(resolve, Math.min(every / 4, 5000)),
                );
                inFlight.delete(name);
                return { places: [], samples: [], skipped: {} };
              },
            };
            // A sink of a program's own, written before `repeatedSamples` existed.
            const sink = {
              storeBatch: async () => ({
                newInstallations: 0,
                acceptedSamples: 0,
                rejectedSamples: 0,
              }),
            };
            return startFollower([{ source, everyMs: every }], {
              sink,
              lease: table.leaseFor(name),
              log: () => {},
              clock: own,
            });
          };
          instance('a');
          await clock.runUntil(T0 + offsetMs);
          instance('b');
          instance('c');
          const deathMs = T0 + offsetMs + Math.round((3 * every * deathPermille) / 10_000) + every;
          await clock.runUntil(deathMs);
          const holder = polls.at(-1)!.instance;
          expect(polls.every((poll) => poll.instance === 'a')).toBe(true);
          dead.add(holder);
          inFlight.clear();
          await clock.runUntil(deathMs + 2 * every);
          const takeover = polls.find((poll) => poll.atMs >= deathMs && poll.instance !== holder);
          expect(takeover).toBeDefined();
          expect(takeover!.atMs - deathMs).toBeLessThanOrEqual(2 * every);
          expect(overlaps).toBe(0);
        },
      ),
      RUNS,
    );
  });
});

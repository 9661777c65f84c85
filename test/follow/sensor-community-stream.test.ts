// The pace of readJsonArrayElements, on a clock of the test's own that moves only when the
// reader sleeps: no real time is waited for or measured. The waits it asks for are checked
// against the test's own arithmetic of a byte budget, and the elements it visits against
// JSON.parse of the whole body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  paceWaitMs,
  type ReadClock,
  readJsonArrayElements,
} from '../../src/follow/sensor-community-stream.js';
import { RUNS } from '../helpers/property-runs.js';

/** A clock that stands still but for the sleeps it is asked for, which it records. */
function steppedClock(): ReadClock & { readonly sleeps: number[] } {
  let nowMs = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    nowMs: () => nowMs,
    sleep: async (ms) => {
      sleeps.push(ms);
      nowMs += ms;
    },
  };
}

/** `text` as an answer whose body arrives in chunks of the given byte lengths (the rest last). */
function chunkedAnswer(text: string, lengths: readonly number[]): Response {
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const length of lengths) {
    if (from >= bytes.length) break;
    chunks.push(bytes.slice(from, from + length));
    from += length;
  }
  if (from < bytes.length) chunks.push(bytes.slice(from));
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  );
}

// The oracle: after `bytes` at `bytesPerSecond`, the read may go on at `bytes / rate` seconds.
const dueMs = (bytes: number, bytesPerSecond: number) => (bytes / bytesPerSecond) * 1000;

describe('paceWaitMs', () => {
  it('waits until the bytes read are due, never less than nothing', () => {
    expect(paceWaitMs(1_000_000, 150, 5_000_000)).toBe(50);
    expect(paceWaitMs(1_000_000, 200, 5_000_000)).toBe(0);
    expect(paceWaitMs(1_000_000, 250, 5_000_000)).toBe(0);
    expect(paceWaitMs(0, 0, 5_000_000)).toBe(0);
    expect(paceWaitMs(65_536, 0, 5_000_000)).toBeCloseTo(13.1072, 10);
    expect(paceWaitMs(20_000_000, 0, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is the time still to go to the due moment (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.integer({ min: 1, max: 1e10 }),
        (bytes, elapsedMs, bytesPerSecond) => {
          const waitMs = paceWaitMs(bytes, elapsedMs, bytesPerSecond);
          const due = dueMs(bytes, bytesPerSecond);
          // The two sides round differently: equal to a billionth of the due time.
          expect(waitMs).toBeGreaterThanOrEqual(0);
          expect(Math.abs(waitMs - Math.max(0, due - elapsedMs))).toBeLessThanOrEqual(
            1e-9 * Math.max(1, due),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('readJsonArrayElements with a pace', () => {
  it('sleeps before each chunk until the bytes so far are due', async () => {
    // 40,000 bytes of elements in chunks of 10,000 at 1 MB/s: 10 ms a chunk.
    const element = { text: 'x'.repeat(988) };
    const text = JSON.stringify(Array.from({ length: 40 }, () => element));
    const clock = steppedClock();
    const visited: unknown[] = [];
    const stats = await readJsonArrayElements(
      'test',
      chunkedAnswer(
        text,
        Array.from({ length: 10 }, () => 10_000),
      ),
      (value) => visited.push(value),
      { bytesPerSecond: 1_000_000, clock },
    );
    expect(stats.elements).toBe(40);
    expect(visited).toEqual(JSON.parse(text));
    // Nothing before the first chunk; then the time each chunk's bytes are worth, the last
    // (the body's rest) before the read that finds the end.
    const rest = new TextEncoder().encode(text).length - 40_000;
    expect(clock.sleeps).toEqual([10, 10, 10, 10, dueMs(rest, 1_000_000)].filter((ms) => ms >= 1));
  });

  it('reads without a pause when no pace is set', async () => {
    const clock = steppedClock();
    const text = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ i })));
    const stats = await readJsonArrayElements('test', chunkedAnswer(text, [7, 100, 3]), () => {}, {
      clock,
    });
    expect(stats.elements).toBe(500);
    expect(clock.sleeps).toEqual([]);
  });

  it('takes any body within its pace and reads it whole (1,000 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 4_000 }), { maxLength: 30 }),
        fc.integer({ min: 1_000, max: 50_000_000 }),
        async (elements, lengths, bytesPerSecond) => {
          const text = JSON.stringify(elements);
          const clock = steppedClock();
          const visited: unknown[] = [];
          const stats = await readJsonArrayElements(
            'test',
            chunkedAnswer(text, lengths),
            (value) => visited.push(value),
            { bytesPerSecond, clock },
          );
          expect(stats.elements).toBe(elements.length);
          expect(visited).toEqual(JSON.parse(text));
          // Each sleep is a timer's worth at least; together they bring the clock to the
          // moment the whole body is due, short of it by less than a millisecond.
          for (const ms of clock.sleeps) expect(ms).toBeGreaterThanOrEqual(1);
          const slept = clock.sleeps.reduce((sum, ms) => sum + ms, 0);
          const due = dueMs(new TextEncoder().encode(text).length, bytesPerSecond);
          expect(slept).toBeLessThanOrEqual(due + 1e-6);
          expect(slept).toBeGreaterThan(due - 1);
        },
      ),
      RUNS,
    );
  });
});

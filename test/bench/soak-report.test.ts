import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../bench/http/latency-histogram.js';
import type { MinuteFigures } from '../../bench/http/soak-load.js';
import { soakFailures, type TimedReading } from '../../bench/http/soak-report.js';

// The verdict of `npm run soak` on hand-made figures: each of its failure rules, at and just
// past its limit.

function minute(p99Ms: number, statuses: [number, number][] = [[200, 100]]): MinuteFigures {
  const latency = new LatencyHistogram();
  // 100 answers at p99Ms pin p50 and p99 to that bucket (its upper edge, +0.01 ms).
  for (let i = 0; i < 100; i += 1) latency.record(p99Ms);
  return {
    completed: 100,
    durationS: 60,
    latency,
    statuses: new Map(statuses),
    unexpected: new Map(),
    errors: 0,
  };
}

const reading = (atS: number, rssMb: number): TimedReading => ({
  atS,
  rssBytes: rssMb * 1024 * 1024,
  heapUsedBytes: 1,
  heapTotalBytes: 2,
});
const steadyMemory = [reading(0, 100), reading(60, 150), reading(120, 150)];

describe('soakFailures', () => {
  it('passes a steady run', () => {
    expect(soakFailures([minute(10), minute(19.99)], steadyMemory)).toEqual([]);
  });

  it('fails on any 5xx, any unexpected status and any connection error', () => {
    const broken = {
      ...minute(10, [
        [200, 99],
        [503, 1],
      ]),
      errors: 2,
    };
    const odd = { ...minute(10), unexpected: new Map([['point: got 404', 3]]) };
    expect(soakFailures([broken, odd], steadyMemory)).toEqual([
      '1 answers with status 5xx',
      '3 answers with another status than expected',
      '2 connection errors or timeouts',
    ]);
  });

  it('fails when p99 of the last minute is more than twice the first', () => {
    expect(soakFailures([minute(10), minute(5), minute(20)], steadyMemory)).toEqual([]);
    expect(soakFailures([minute(10), minute(20.5)], steadyMemory)).toEqual([
      'p99 grew from 10.01 ms in the first minute to 20.51 ms',
    ]);
  });

  it('fails when RSS at the end is more than 20% above RSS after the first minute', () => {
    // Growth during the first minute (warm-up) does not count.
    expect(
      soakFailures([minute(10)], [reading(0, 50), reading(60, 100), reading(90, 120)]),
    ).toEqual([]);
    expect(soakFailures([minute(10)], [reading(60, 100), reading(90, 121)])).toEqual([
      'RSS grew from 100.0 MB after the first minute to 121.0 MB',
    ]);
  });
});

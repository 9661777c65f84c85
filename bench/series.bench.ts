import { bench, describe } from 'vitest';
import { TimeSeries } from '../src/series/time-series.js';
import { MS_PER_DAY, MS_PER_MINUTE } from '../src/time/instant.js';
import { hourlyWindows } from '../src/time/windows.js';
import { seededRandom } from './helpers/seeded-random.js';

// 30 days of 1-minute PM samples for one installation; the 24 hourly windows of the last day,
// as one Measurements payload's history needs them.
const SAMPLE_COUNT = 30 * (MS_PER_DAY / MS_PER_MINUTE); // 43,200
const START_MS = Date.UTC(2026, 9, 22);
const random = seededRandom(20_261_121);
const sampleTimes = new Float64Array(SAMPLE_COUNT);
const sampleValues = new Float64Array(SAMPLE_COUNT);
for (let i = 0; i < SAMPLE_COUNT; i++) {
  sampleTimes[i] = START_MS + i * MS_PER_MINUTE;
  sampleValues[i] = 5 + 40 * random();
}
const objects = Array.from({ length: SAMPLE_COUNT }, (_, i) => ({
  atMs: sampleTimes[i]!,
  value: sampleValues[i]!,
}));
const series = new TimeSeries();
series.addBatch(sampleTimes, sampleValues);
const windows = hourlyWindows(START_MS + 29 * MS_PER_DAY, 24);

// Every result flows into this sink, so the engine cannot drop the work.
let sink = 0;
function consume(x: number): void {
  sink += x;
  if (sink === Number.NEGATIVE_INFINITY) console.log(sink);
}

describe('24 hourly averages over 30 days of 1-minute samples (43,200)', () => {
  bench('airq TimeSeries.average', () => {
    for (const { fromMs, tillMs } of windows) consume(series.average(fromMs, tillMs) ?? 0);
  });

  bench('naive filter-and-sum over an array of {atMs, value}', () => {
    for (const { fromMs, tillMs } of windows) {
      const inside = objects.filter((s) => fromMs <= s.atMs && s.atMs < tillMs);
      let total = 0;
      for (const s of inside) total += s.value;
      consume(inside.length > 0 ? total / inside.length : 0);
    }
  });

  // Not a requirement, for honesty: the same binary search with a plain (uncompensated) loop
  // over typed arrays, i.e. what the compensation and the tree cost or save on short windows.
  bench('binary search + plain loop over Float64Arrays', () => {
    for (const { fromMs, tillMs } of windows) {
      let low = 0;
      let high = SAMPLE_COUNT;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (sampleTimes[middle]! < fromMs) low = middle + 1;
        else high = middle;
      }
      let total = 0;
      let count = 0;
      for (let i = low; i < SAMPLE_COUNT && sampleTimes[i]! < tillMs; i++, count++) {
        total += sampleValues[i]!;
      }
      consume(count > 0 ? total / count : 0);
    }
  });
});

// Each run allocates a fresh container, so give the group more time for a stable figure.
const APPEND_OPTIONS = { time: 2000, warmupTime: 500 };

describe('in-order append of 43,200 samples', () => {
  bench(
    'airq TimeSeries.add (from the default capacity)',
    () => {
      const appended = new TimeSeries();
      for (let i = 0; i < SAMPLE_COUNT; i++) appended.add(sampleTimes[i]!, sampleValues[i]!);
      consume(appended.length);
    },
    APPEND_OPTIONS,
  );

  bench(
    'airq TimeSeries.addBatch (one batch)',
    () => {
      const appended = new TimeSeries();
      appended.addBatch(sampleTimes, sampleValues);
      consume(appended.length);
    },
    APPEND_OPTIONS,
  );

  bench(
    'JS array push of {atMs, value}',
    () => {
      const appended: { atMs: number; value: number }[] = [];
      for (let i = 0; i < SAMPLE_COUNT; i++) {
        appended.push({ atMs: sampleTimes[i]!, value: sampleValues[i]! });
      }
      consume(appended.length);
    },
    APPEND_OPTIONS,
  );
});

import { bench, describe } from 'vitest';
import { mannKendall } from '../src/trends/mann-kendall.js';
import { senSlope } from '../src/trends/sen-slope.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// airq/trends, the Mann–Kendall family: mannKendall (S and the tie groups by a merge sort that
// counts inversions, O(n log n)) against the textbook O(n²) double loop over every pair, on
// hourly series of 10,000 and 100,000 values; and senSlope (the median and the two interval
// ranks of n(n−1)/2 pair slopes by selection) against sorting every pair slope.
//
// The double loop over 100,000 values (5·10⁹ pairs) takes seconds, so it runs once, without
// warm-up: one sample, an honest order of magnitude; at 10,000 values both sides run normally.

const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };
const ONE_RUN = { time: 0, iterations: 1, warmupTime: 0, warmupIterations: 0 };
const FEW_RUNS = { time: 0, iterations: 5, warmupTime: 0, warmupIterations: 1 };

/**
 * An hourly PM-like series: a slow trend, a daily cycle and noise, rounded to 0.1 µg/m³ as
 * monitors report (so many values tie), with 1% missing.
 */
function hourlySeries(length: number, seed: number): Float64Array {
  const random = seededRandom(seed);
  const values = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const level = 20 + 1e-4 * i + 5 * Math.sin((2 * Math.PI * i) / 24) + 10 * random();
    values[i] = random() < 0.01 ? Number.NaN : Math.round(level * 10) / 10;
  }
  return values;
}

/** The baseline: S by the double loop over the valid values, Var(S) from ties counted in a Map. */
function naiveScore(values: Float64Array): { s: number; varS: number } {
  const x: number[] = [];
  for (const v of values) if (Number.isFinite(v)) x.push(v);
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    for (let j = i + 1; j < n; j++) {
      const d = x[j]! - xi;
      s += d > 0 ? 1 : d < 0 ? -1 : 0;
    }
  }
  const counts = new Map<number, number>();
  for (const v of x) counts.set(v, (counts.get(v) ?? 0) + 1);
  let ties = 0;
  for (const t of counts.values()) ties += t * (t - 1) * (2 * t + 5);
  return { s, varS: (n * (n - 1) * (2 * n + 5) - ties) / 18 };
}

/** The baseline of senSlope: every pair slope, fully sorted; the median and the same ranks. */
function sortedSenSlope(values: Float64Array): number {
  const slopes: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    for (let j = i + 1; j < values.length; j++) {
      if (Number.isFinite(values[j])) slopes.push((values[j]! - values[i]!) / (j - i));
    }
  }
  const sorted = Float64Array.from(slopes).sort();
  const m = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
}

const large = hourlySeries(100_000, 20_261_201);
const medium = hourlySeries(10_000, 20_261_202);
const small = hourlySeries(2_000, 20_261_203);

// Both sides agree before anything is timed (at 100,000, the one timed run checks itself).
const expectedLarge = mannKendall(large);
{
  const ours = mannKendall(medium);
  const theirs = naiveScore(medium);
  if (ours.s !== theirs.s || ours.varS !== theirs.varS) {
    throw new Error(
      `bench/trends-kendall: S ${ours.s} ≠ ${theirs.s} or Var ${ours.varS} ≠ ${theirs.varS}`,
    );
  }
  const slope = senSlope(small).slope;
  if (slope !== sortedSenSlope(small)) throw new Error(`bench/trends-kendall: Sen slope ${slope}`);
}

describe('mannKendall · N=100,000 hourly values (1% missing, ties)', () => {
  bench(
    'airq mannKendall (merge sort, O(n log n))',
    () => consume(mannKendall(large).s),
    BENCH_OPTIONS,
  );
  bench(
    'naive double loop, O(n²) (one run)',
    () => {
      const { s, varS } = naiveScore(large);
      if (s !== expectedLarge.s || varS !== expectedLarge.varS) throw new Error('S differs');
      consume(s);
    },
    ONE_RUN,
  );
});

describe('mannKendall · N=10,000 hourly values (1% missing, ties)', () => {
  bench(
    'airq mannKendall (merge sort, O(n log n))',
    () => consume(mannKendall(medium).s),
    BENCH_OPTIONS,
  );
  bench('naive double loop, O(n²)', () => consume(naiveScore(medium).s), FEW_RUNS);
});

describe('senSlope · N=2,000 values (1,999,000 pair slopes)', () => {
  bench(
    'airq senSlope (selection: median and both interval ranks)',
    () => {
      consume(senSlope(small).slope * 1000);
    },
    FEW_RUNS,
  );
  bench(
    'every pair slope sorted, median only',
    () => consume(sortedSenSlope(small) * 1000),
    FEW_RUNS,
  );
});

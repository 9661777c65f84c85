import { bench, describe } from 'vitest';
import { RandomGenerator } from '../src/trends/random-generator.js';
import { theilSen } from '../src/trends/theil-sen.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// openair-style Theil–Sen of 10 years of monthly means (120 points, 7,140 pair slopes) with
// 599 bootstrap resamples, as openair's TheilSen runs by default. airq sorts the original pair
// slopes once and finds each resample's median by a weighted walk along them (a resample's
// pair slopes are the original ones, each counted c_i·c_j times). The baseline is the textbook
// way, as openair's regci does it: per resample, the resampled points, all their pair slopes,
// a full sort, the middle. Same generator and draw order, so both give the same numbers.

const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };
const MONTHS = 120;

// Monthly PM2.5 means from January 2015: a decline of 0.6 µg/m³ a year, a winter peak, noise.
const random = seededRandom(20_261_201);
const atMs = Float64Array.from({ length: MONTHS }, (_, m) => Date.UTC(2015, m, 1));
const values = Float64Array.from({ length: MONTHS }, (_, m) => {
  const winter = 8 * Math.cos((2 * Math.PI * (m % 12)) / 12);
  return 24 - (0.6 * m) / 12 + winter + 6 * (random() - 0.5);
});
const series = { atMs, values };

/** The naive median pair slope per day of points (x, y): every pair listed, fully sorted. */
function naivePairMedian(xs: Float64Array, ys: Float64Array, scratch: Float64Array): number {
  let count = 0;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      if (xs[j] !== xs[i]) scratch[count++] = (ys[j]! - ys[i]!) / (xs[j]! - xs[i]!);
    }
  }
  const sorted = scratch.subarray(0, count).sort();
  const half = count >> 1;
  return count % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** The baseline: slope, interval and p as theilSen's defaults (UTC days, α 0.05, seed 2). */
function naiveTheilSen(): { slope: number; lower: number; upper: number; p: number } {
  const n = MONTHS;
  const xs = atMs.map((t) => Math.floor(t / 86_400_000));
  const scratch = new Float64Array((n * (n - 1)) / 2);
  const slope = 365 * naivePairMedian(xs, values, scratch);
  const generator = new RandomGenerator(2);
  const replicates = new Float64Array(599);
  const rx = new Float64Array(n);
  const ry = new Float64Array(n);
  for (let r = 0; r < 599; r++) {
    // Monthly x are all distinct, so no resample is ever drawn again for falling on one day.
    for (let k = 0; k < n; k++) {
      const index = generator.uniformInteger(n);
      rx[k] = xs[index]!;
      ry[k] = values[index]!;
    }
    replicates[r] = naivePairMedian(rx, ry, scratch);
  }
  let below = 0;
  let zero = 0;
  for (const b of replicates) {
    if (b < 0) below++;
    else if (b === 0) zero++;
  }
  const share = (below + zero / 2) / 599;
  replicates.sort();
  // round(0.025 · 599) = 15: the 16th and 584th of 599.
  return {
    slope,
    lower: 365 * replicates[15]!,
    upper: 365 * replicates[583]!,
    p: 2 * Math.min(share, 1 - share),
  };
}

// Both give the same numbers before anything is timed.
{
  const ours = theilSen(series);
  const theirs = naiveTheilSen();
  for (const key of ['slope', 'lower', 'upper', 'p'] as const) {
    if (!Object.is(ours[key], theirs[key])) {
      throw new Error(`bench/trends-theil-sen: ${key} differs: ${ours[key]} ≠ ${theirs[key]}`);
    }
  }
}

describe(`theilSen of 10 years of monthly means, 599 resamples · N=${MONTHS} months`, () => {
  bench(
    'airq theilSen (pair slopes sorted once, a weighted walk per resample)',
    () => consume(theilSen(series).lower | 0),
    BENCH_OPTIONS,
  );
  bench(
    'naive: all pair slopes of each resample, fully sorted',
    () => consume(naiveTheilSen().lower | 0),
    BENCH_OPTIONS,
  );
});

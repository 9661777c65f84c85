import { bench, describe } from 'vitest';
import { aggregatePeriods } from '../src/trends/aggregate-periods.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// Monthly means of ten years of hourly data in Europe/Warsaw (issue 40 §4): airq's
// aggregatePeriods (checks, month boundaries through Intl, one pass over the values) against
// two plain loops: one that only adds, given the month boundaries computed beforehand (the
// difference is what the calendar and the checks cost), and one that finds each month start
// itself with one Intl reading of the offset (a plain program's way: right for Warsaw, whose
// clocks never change at midnight on the 1st, not for every zone), then adds.

const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };
const HOUR_MS = 3_600_000;

// The plain loop's month starts in Warsaw, written out by hand: midnight of the 1st at +01:00,
// or +02:00 from April to October (DST begins in late March and ends in late October).
const monthStarts = Float64Array.from({ length: 121 }, (_, k) => {
  const month = k % 12;
  const summer = month >= 3 && month <= 9;
  return Date.UTC(2014 + Math.floor(k / 12), month, 1) - (summer ? 2 : 1) * HOUR_MS;
});

// Every hour of 2014 … 2023 in Warsaw: 87,648 values.
const START_MS = monthStarts[0] as number;
const HOURS = ((monthStarts[120] as number) - START_MS) / HOUR_MS;

const random = seededRandom(40);
const atMs = Float64Array.from({ length: HOURS }, (_, i) => START_MS + i * HOUR_MS);
// PM10-like values with 3% missing hours.
const values = Float64Array.from({ length: HOURS }, () =>
  random() < 0.03 ? Number.NaN : 10 + 60 * random() * random(),
);
const series = { atMs, values };
const options = { period: 'month', timeZone: 'Europe/Warsaw' } as const;

// Wall-clock fields read back from one formatter, made once as airq keeps its own.
const warsaw = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Warsaw',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function warsawOffsetMs(t: number): number {
  const [month, day, year, hour, minute, second] = warsaw.format(t).match(/\d+/g)!.map(Number);
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - Math.floor(t / 1000) * 1000;
}

// The month starts found in the run: the 1st's midnight less the offset in force there.
function plainMonthStarts(): Float64Array {
  return Float64Array.from({ length: 121 }, (_, k) => {
    const midnight = Date.UTC(2014 + Math.floor(k / 12), k % 12, 1);
    return midnight - warsawOffsetMs(midnight);
  });
}

function plainMonthlyMeans(starts: ArrayLike<number> = monthStarts): Float64Array {
  const monthStarts = starts;
  const months = monthStarts.length - 1;
  const sums = new Float64Array(months);
  const counts = new Uint32Array(months);
  let k = 0;
  for (let i = 0; i < HOURS; i++) {
    const t = atMs[i] as number;
    while (t >= (monthStarts[k + 1] as number)) k++;
    const v = values[i] as number;
    if (v - v === 0) {
      sums[k] = (sums[k] as number) + v;
      counts[k] = (counts[k] as number) + 1;
    }
  }
  for (let m = 0; m < months; m++) sums[m] = (sums[m] as number) / (counts[m] as number);
  return sums;
}

// Both agree before anything is timed.
{
  const ours = aggregatePeriods(series, options);
  const plain = plainMonthlyMeans();
  if (ours.values.length !== 120 || ours.startMs[0] !== monthStarts[0]) {
    throw new Error('bench/trends-periods: airq does not give the 120 Warsaw months');
  }
  for (let m = 0; m < 120; m++) {
    if (ours.startMs[m] !== monthStarts[m]) {
      throw new Error(`bench/trends-periods: month ${m} starts differently`);
    }
    const a = ours.values[m] as number;
    const b = plain[m] as number;
    if (Math.abs(a - b) > 1e-9 * Math.abs(b)) {
      throw new Error(`bench/trends-periods: month ${m} mean ${a} against ${b}`);
    }
  }
  if (plainMonthStarts().some((start, k) => start !== monthStarts[k])) {
    throw new Error('bench/trends-periods: the Intl month starts differ from the written ones');
  }
}

describe(`monthly means in Europe/Warsaw, 10 years hourly · N=${HOURS} values`, () => {
  bench(
    'airq aggregatePeriods month, Europe/Warsaw',
    () => {
      consume(aggregatePeriods(series, options).count[0] as number);
    },
    BENCH_OPTIONS,
  );
  bench(
    'airq aggregatePeriods month, fixed offset +60 min (no Intl)',
    () => {
      consume(aggregatePeriods(series, { period: 'month', timeZone: 60 }).count[0] as number);
    },
    BENCH_OPTIONS,
  );
  bench(
    'plain loop: month starts by one Intl offset reading each, then sums and counts',
    () => {
      consume(plainMonthlyMeans(plainMonthStarts()).length);
    },
    BENCH_OPTIONS,
  );
  bench(
    'plain loop: sums and counts over month starts given in advance, no checks',
    () => {
      consume(plainMonthlyMeans().length);
    },
    BENCH_OPTIONS,
  );
});

import { bench, describe } from 'vitest';
import { assessSeries } from '../src/assessment/assess-series.js';
import type { AssessedPollutant, AssessmentStandard } from '../src/assessment/assessment-types.js';
import { naiveAssess } from '../test/helpers/assessment-oracle.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// Issue 23: a year of hourly data for 1,000 stations (8.76M hours), each assessed under all
// four standards, against the naive implementation of test/helpers/assessment-oracle.ts (hours
// as an array of objects, days from Date.UTC, a sort for every percentile and rank), which the
// property tests also use as their oracle. Station i measures pollutant i mod 6.
//
// One run of the naive side takes about a minute on a quiet machine, so each side runs a fixed
// number of times instead of for a time budget: `npx vitest bench --run bench/assessment.bench.ts`.

const STATIONS = 1000;
const YEAR = 2023;
const HOURS = 8760;
const STANDARDS: readonly AssessmentStandard[] = ['EU_2008', 'EU_2030', 'US_NAAQS', 'WHO_2021'];
const POLLUTANTS: readonly AssessedPollutant[] = ['PM10', 'PM25', 'NO2', 'SO2', 'O3', 'CO'];
// A typical level per pollutant (µg/m³), so the values scatter across the limits.
const SCALE: Record<AssessedPollutant, number> = {
  PM10: 24,
  PM25: 7,
  NO2: 25,
  SO2: 30,
  O3: 60,
  CO: 1500,
};

const random = seededRandom(23);
const startMs = Date.UTC(YEAR, 0, 1);
const stations = Array.from({ length: STATIONS }, (_, i) => {
  const pollutant = POLLUTANTS[i % POLLUTANTS.length]!;
  const values = new Float64Array(HOURS);
  let level = 1;
  for (let h = 0; h < HOURS; h++) {
    level = Math.min(3, Math.max(0.1, level + (1 - level) * 0.02 + (random() - 0.5) * 0.2));
    // About 4 % of the hours missing, in short gaps as monitors have them.
    values[h] =
      random() < 0.04
        ? Number.NaN
        : SCALE[pollutant] * level * (1 + 0.4 * Math.sin((h % 24) * 0.26));
  }
  return { pollutant, series: { startMs, values } };
});

// Folds a number of the result into the sink, so no side's work can be dropped.
const fold = (value: number | null) => consume(value === null ? 1 : Math.round(value * 1000));

describe(`assessment of a year, four standards · N=${STATIONS} stations (8.76M hours)`, () => {
  bench(
    'airq assessSeries (typed arrays, one pass per statistic)',
    () => {
      for (const { pollutant, series } of stations) {
        for (const standard of STANDARDS) {
          for (const metric of assessSeries(series, { standard, pollutant, year: YEAR }).metrics)
            fold(metric.value);
        }
      }
    },
    { iterations: 3, time: 0, warmupIterations: 1, warmupTime: 0 },
  );
  bench(
    'naive: arrays of hour objects, a sort per percentile',
    () => {
      for (const { pollutant, series } of stations) {
        for (const standard of STANDARDS) {
          for (const metric of naiveAssess(series, standard, pollutant, YEAR)) fold(metric.value);
        }
      }
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});

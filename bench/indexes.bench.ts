import { bench, describe } from 'vitest';
import { computeIndex } from '../src/indexes/compute-index.js';
import { INDEX_TABLES } from '../src/indexes/index-registry.js';
import { NATIONAL_INDEX_TYPE_NAMES } from '../src/indexes/index-table.js';
import { roundUp2 } from '../src/indexes/rounding.js';
import type { IndexResult } from '../src/model/api-types.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// One request computes the index of ~49 windows (current, 24 history, 24 forecast); a batch
// of 4096 windows stands for a burst of about 80 requests.
const WINDOW_COUNT = 4096;
// Longer than the default so that a busy 2-core machine averages out.
const BENCH_OPTIONS = { time: 2000, warmupTime: 200 };

const random = seededRandom(20_261_121);
const windows = Array.from({ length: WINDOW_COUNT }, () => {
  const window: Record<string, number> = {
    PM25: random() * 120,
    PM10: random() * 200,
    NO2: random() * 150,
    TEMPERATURE: random() * 30 - 5,
  };
  // Every 16th window has no particulates (a station measuring weather only).
  if (random() < 1 / 16) {
    delete window.PM25;
    delete window.PM10;
  }
  return window;
});

// Baseline: the obvious implementation. Each grid is a list of segment objects found with
// Array.find, the level is found with Array.find, texts are looked up per call.
interface Segment {
  readonly cLow: number;
  readonly cHigh: number;
  readonly iLow: number;
  readonly iHigh: number;
}

const VENDOR = INDEX_TABLES.VENDOR_CAQI;
const naiveSegments: Record<string, Segment[]> = Object.fromEntries(
  VENDOR.countedPollutants.map((pollutant) => {
    const grid = VENDOR.grids[pollutant]!;
    const segments = grid.slice(1).map((cHigh, i) => ({
      cLow: grid[i]!,
      cHigh,
      iLow: VENDOR.indexBreakpoints[i]!,
      iHigh: VENDOR.indexBreakpoints[i + 1]!,
    }));
    return [pollutant, segments];
  }),
);

function naiveIndex(concentrations: Readonly<Record<string, number>>): IndexResult {
  const subIndexes: Record<string, number> = {};
  let highest = -1;
  let dominant: string | null = null;
  for (const [pollutant, segments] of Object.entries(naiveSegments)) {
    if (!Number.isFinite(concentrations[pollutant])) continue;
    const c = Math.max(concentrations[pollutant]!, 0);
    const segment = segments.find((s) => c <= s.cHigh) ?? segments[segments.length - 1]!;
    const sub =
      segment.iLow +
      ((c - segment.cLow) / (segment.cHigh - segment.cLow)) * (segment.iHigh - segment.iLow);
    subIndexes[pollutant] = roundUp2(sub);
    if (sub > highest) highest = sub;
  }
  // Ties go to PM25 before PM10, as the reference orders them.
  for (const pollutant of ['PM25', 'PM10']) {
    if (subIndexes[pollutant] === undefined) continue;
    if (dominant === null || subIndexes[pollutant]! > subIndexes[dominant]!) dominant = pollutant;
  }
  if (highest < 0) {
    return {
      name: VENDOR.name,
      value: null,
      level: 'UNKNOWN',
      description: 'There is no air quality data for this place or time.',
      advice: null,
      color: '#999999',
      dominantPollutant: null,
      subIndexes: {},
    };
  }
  const value = roundUp2(highest);
  const level = VENDOR.levels.find((l) => l.maxValue === null || value < l.maxValue)!;
  return {
    name: VENDOR.name,
    value,
    level: level.level,
    description: level.description.en,
    advice: level.advice.en,
    color: level.color,
    dominantPollutant: dominant,
    subIndexes,
  };
}

// Both sides must agree before their speed means anything.
for (const window of windows) {
  const ours = computeIndex(window);
  const theirs = naiveIndex(window);
  if (
    ours.value !== theirs.value ||
    ours.level !== theirs.level ||
    ours.dominantPollutant !== theirs.dominantPollutant
  ) {
    throw new Error(`bench/indexes: baseline disagrees on ${JSON.stringify(window)}`);
  }
}

function consumeIndex(index: IndexResult): void {
  consume((index.value ?? -1) + index.color.length);
}

describe(`index of a batch of windows (VENDOR_CAQI, PM10 + PM25 counted) · N=${WINDOW_COUNT}`, () => {
  bench(
    'airq computeIndex',
    () => {
      for (const window of windows) consumeIndex(computeIndex(window));
    },
    BENCH_OPTIONS,
  );

  bench(
    'naive Array.find walk',
    () => {
      for (const window of windows) consumeIndex(naiveIndex(window));
    },
    BENCH_OPTIONS,
  );
});

// Every index type on windows of all six pollutants (µg/m³, CO included), each national index
// as a ratio to the CAQI path. The inputs are taken as already averaged: the averaging itself
// is timed in averaging.bench.ts.
const pollutantRandom = seededRandom(20_261_122);
const pollutantWindows = Array.from({ length: WINDOW_COUNT }, () => ({
  PM25: pollutantRandom() * 150,
  PM10: pollutantRandom() * 250,
  NO2: pollutantRandom() * 250,
  O3: pollutantRandom() * 220,
  SO2: pollutantRandom() * 300,
  CO: pollutantRandom() * 12_000,
}));

describe(`computeIndex per index type, six pollutants a window · N=${WINDOW_COUNT}`, () => {
  bench(
    'CAQI path (computeIndex, CAQI)',
    () => {
      for (const window of pollutantWindows) {
        consumeIndex(computeIndex(window, { indexType: 'CAQI' }));
      }
    },
    BENCH_OPTIONS,
  );
  for (const indexType of NATIONAL_INDEX_TYPE_NAMES) {
    bench(
      `airq computeIndex, ${indexType}`,
      () => {
        for (const window of pollutantWindows) consumeIndex(computeIndex(window, { indexType }));
      },
      BENCH_OPTIONS,
    );
  }
});

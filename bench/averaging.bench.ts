import { bench, describe } from 'vitest';
import { INPUT_HOURS } from '../src/averaging/averaging-rules.js';
import { indexInputs } from '../src/averaging/index-inputs.js';
import { baselineForecaster } from '../src/forecast/baseline-forecaster.js';
import { computeIndex } from '../src/indexes/compute-index.js';
import type { IndexValue, Measurements } from '../src/model/api-types.js';
import type { WindowAverages } from '../src/model/window-averages.js';
import { createMeasurementsService } from '../src/payload/create-measurements-service.js';
import { nationalIndexes } from '../src/payload/index-hours.js';
import { readInstallationSeries } from '../src/payload/installation-series.js';
import type { MeasurementsService } from '../src/payload/measurements-service.js';
import { SAMPLE_ACTIVE_SITE_COUNT } from '../src/sample/network-layout.js';
import { createSampleNetwork } from '../src/sample/sample-network.js';
import { measurementWindows } from '../src/time/windows.js';
import { consume } from './helpers/sink.js';

// The national indexes in a payload (issue 10 §3): the index of each of the 49 windows of one
// installation in US_AQI (NowCast of PM, running means, capture rules over the 24 hourly means
// that end with the window) against the existing CAQI path (computeIndex of the window's own
// averages). One own device of the sample network, 48 h of data, at its fixed `now`.

const NOW_MS = Date.parse('2026-11-21T09:27:00.000Z');
const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };

const network = createSampleNetwork({ now: NOW_MS });
const { ids } = network;
const special = new Set([ids.replacement, ids.chainEnd, ...ids.partial]);
const installation = (await network.store.listActiveInstallations()).find(
  (i) => i.vendor && !special.has(i.id),
)!;
const windows = measurementWindows(NOW_MS);
// Everything the store gives for the US_AQI payload (read once, outside the timed runs).
const series = await readInstallationSeries(
  network.store,
  installation,
  windows,
  baselineForecaster,
  true,
);
const older = series.older!;
const currentHours = series.currentHours!;
const windowAverages = [series.current.averages, ...series.history, ...series.forecast];
// Positions in older-then-history-then-forecast of the ends of the 48 hourly windows.
const hourEnds = Array.from({ length: 48 }, (_, k) => older.length + 1 + k);

/** The existing path: each window's index from its own averages (49 × computeIndex). */
function caqiIndexes(): IndexValue[] {
  return windowAverages.map((averages) => computeIndex(averages, { indexType: 'CAQI' }));
}

/** airq: one pass per pollutant, every rule sliding along one array per pollutant. */
function usAqiIndexes(): IndexValue[] {
  const hours = nationalIndexes('US_AQI', 'en', [older, series.history, series.forecast], hourEnds);
  const [current] = nationalIndexes('US_AQI', 'en', [currentHours], [currentHours.length]);
  return [current!, ...hours];
}

// Baseline: the obvious way, a fresh array of the last 24 hours per pollutant and window, then
// the public indexInputs and computeIndex.
const POLLUTANTS = ['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO'];
function hoursOf(records: readonly WindowAverages[]): Record<string, number[]> {
  const hourly: Record<string, number[]> = {};
  for (const name of POLLUTANTS) hourly[name] = records.map((r) => r[name] ?? Number.NaN);
  return hourly;
}
function naiveUsAqiIndexes(): IndexValue[] {
  const run = [...older, ...series.history, ...series.forecast];
  const windowsHours = [currentHours, ...hourEnds.map((end) => run.slice(end - INPUT_HOURS, end))];
  return windowsHours.map((records) =>
    computeIndex(indexInputs('US_AQI', undefined, hoursOf(records)), { indexType: 'US_AQI' }),
  );
}

function consumeIndexes(indexes: readonly IndexValue[]): void {
  for (const index of indexes) consume((index.value ?? -1) + index.level.length);
}

// Both US_AQI implementations agree before anything is timed, and the data is not all no-data.
{
  const ours = usAqiIndexes();
  const theirs = naiveUsAqiIndexes();
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
    throw new Error('bench/averaging: the sliding and the naive US_AQI indexes disagree');
  }
  if (ours.filter((index) => index.value !== null).length < 40) {
    throw new Error('bench/averaging: fewer than 40 of the 49 US_AQI windows have a value');
  }
}

describe(`index of the payload's 49 windows, one installation · sample network · N=49 windows`, () => {
  bench(
    'airq US_AQI: NowCast and running means over the hourly means, then computeIndex',
    () => {
      consumeIndexes(usAqiIndexes());
    },
    BENCH_OPTIONS,
  );
  bench(
    'CAQI path: computeIndex of each window’s own averages',
    () => {
      consumeIndexes(caqiIndexes());
    },
    BENCH_OPTIONS,
  );
  bench(
    'naive US_AQI: a 24-hour slice per window, indexInputs, computeIndex',
    () => {
      consumeIndexes(naiveUsAqiIndexes());
    },
    BENCH_OPTIONS,
  );
});

// The whole request, store reads and rendering included.
const cached = createMeasurementsService({ store: network.store });
const uncached = createMeasurementsService({ store: network.store, cacheSize: 0 });

async function payload(service: MeasurementsService, indexType: 'US_AQI' | 'CAQI') {
  const result = await service.installationMeasurements(installation.id, {
    now: NOW_MS,
    indexType,
  });
  if (result.status !== 'ok') throw new Error(`bench/averaging: ${result.status}`);
  return result.payload;
}

function consumePayload(measurements: Measurements): void {
  consume(measurements.history.length + (measurements.current.indexes[0]?.value ?? -1));
}

// Warm both caches (the first request of an hour fills them).
await payload(cached, 'US_AQI');
await payload(cached, 'CAQI');

describe(`installation payload, cache off · US_AQI against CAQI · N=${SAMPLE_ACTIVE_SITE_COUNT} installations`, () => {
  bench(
    'airq installationMeasurements US_AQI, cache off',
    async () => {
      consumePayload(await payload(uncached, 'US_AQI'));
    },
    BENCH_OPTIONS,
  );
  bench(
    'installationMeasurements CAQI, cache off',
    async () => {
      consumePayload(await payload(uncached, 'CAQI'));
    },
    BENCH_OPTIONS,
  );
});

describe(`installation payload, hourly part cached · US_AQI against CAQI · N=${SAMPLE_ACTIVE_SITE_COUNT} installations`, () => {
  bench(
    'airq installationMeasurements US_AQI (24 hours up to now per request)',
    async () => {
      consumePayload(await payload(cached, 'US_AQI'));
    },
    BENCH_OPTIONS,
  );
  bench(
    'installationMeasurements CAQI (the moving hour per request)',
    async () => {
      consumePayload(await payload(cached, 'CAQI'));
    },
    BENCH_OPTIONS,
  );
});

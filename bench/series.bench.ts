import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'tsup';
import { bench, describe } from 'vitest';
import * as fromSource from '../src/series/index.js';
import { MS_PER_DAY, MS_PER_MINUTE } from '../src/time/instant.js';
import { hourlyWindows } from '../src/time/windows.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// Our side runs the series module as it ships: built by tsup (esbuild, tree-shaken, the
// release's target) and imported by Node. Through vitest's module runner every imported name
// is a getter on a null-prototype (dictionary-mode) object, which V8 cannot inline: tens of
// nanoseconds per call, several calls per query, a cost no user pays. The source as vitest runs
// it stays in the window group as a second row, so that gap stays visible.
const outDir = mkdtempSync(join(tmpdir(), 'airq-bench-series-'));
await build({
  entry: { series: 'src/series/index.ts' },
  outDir,
  format: ['esm'],
  target: 'node20',
  treeshake: true,
  config: false,
  dts: false,
  silent: true,
});
const shipped = (await import(pathToFileURL(join(outDir, 'series.js')).href)) as typeof fromSource;
rmSync(outDir, { recursive: true }); // loaded: the file is no longer needed
const { TimeSeries } = shipped;

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
const seriesFromSource = new fromSource.TimeSeries();
seriesFromSource.addBatch(sampleTimes, sampleValues);
const windows = hourlyWindows(START_MS + 29 * MS_PER_DAY, 24);

describe('24 hourly averages over 30 days of 1-minute samples (43,200)', () => {
  // Each case adds up its 24 means and hands the total to the sink once.
  bench('airq TimeSeries.average', () => {
    let total = 0;
    for (const { fromMs, tillMs } of windows) total += series.average(fromMs, tillMs) ?? 0;
    consume(total);
  });

  bench("airq TimeSeries.average, the source through vitest's module runner", () => {
    let total = 0;
    for (const { fromMs, tillMs } of windows) {
      total += seriesFromSource.average(fromMs, tillMs) ?? 0;
    }
    consume(total);
  });

  bench('naive filter-and-sum over an array of {atMs, value}', () => {
    let means = 0;
    for (const { fromMs, tillMs } of windows) {
      const inside = objects.filter((s) => fromMs <= s.atMs && s.atMs < tillMs);
      let total = 0;
      for (const s of inside) total += s.value;
      means += inside.length > 0 ? total / inside.length : 0;
    }
    consume(means);
  });

  // The bar for the common window: the same binary search with a plain (uncompensated) loop
  // over typed arrays, what a careful hand-written query would do.
  bench('binary search + plain loop over Float64Arrays', () => {
    let means = 0;
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
      means += count > 0 ? total / count : 0;
    }
    consume(means);
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

// Bytes of memory per stored sample, as the in-memory store's budget defines them: the growth
// of (heapUsed + arrayBuffers) after a forced GC, divided by the number of samples. Typed-array
// backing stores count (they are in arrayBuffers).
//
// Run: node --expose-gc --import tsx bench/memory-per-sample.ts
import { TIME_SERIES_GROWTH_FACTOR, TimeSeries } from '../src/series/index.js';
import { MS_PER_MINUTE } from '../src/time/index.js';
import { seededRandom } from './helpers/seeded-random.js';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) {
  console.error('Run with: node --expose-gc --import tsx bench/memory-per-sample.ts');
  process.exit(1);
}

const SERIES_COUNT = 1000;
const START_MS = Date.UTC(2026, 9, 22);

function footprintBytes(): number {
  collect?.();
  collect?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Fills `SERIES_COUNT` series with `perSeries` 1-minute samples each, appended one by one. */
function fillSeries(perSeries: number, seed: number): TimeSeries[] {
  const random = seededRandom(seed);
  const all: TimeSeries[] = [];
  for (let s = 0; s < SERIES_COUNT; s++) {
    const series = new TimeSeries();
    for (let i = 0; i < perSeries; i++) series.add(START_MS + i * MS_PER_MINUTE, 5 + 40 * random());
    all.push(series);
  }
  return all;
}

function report(label: string, bytes: number, samples: number): void {
  console.log(`${label.padEnd(68)} ${(bytes / samples).toFixed(2).padStart(7)} B/sample`);
}

function measureSeries(label: string, perSeries: number): void {
  const before = footprintBytes();
  const all = fillSeries(perSeries, perSeries);
  const samples = SERIES_COUNT * perSeries;
  report(`${label}, ${samples.toLocaleString('en')} samples`, footprintBytes() - before, samples);
  const held = all.reduce((total, series) => total + series.byteLength, 0);
  report('  of which typed arrays (Σ byteLength)', held, samples);
  for (const series of all) series.trimToSize();
  report('  after trimToSize()', footprintBytes() - before, samples);
  if (all.length !== SERIES_COUNT) throw new Error('unreachable: keeps the series alive');
}

/** The capacity a series has just before it grows past `near` samples, found by watching it. */
function capacityStepNear(near: number): number {
  const probe = new TimeSeries();
  let bytes = probe.byteLength;
  let lastFull = 0;
  for (let i = 1; i <= near * 2; i++) {
    probe.add(i, 1);
    if (probe.byteLength !== bytes) {
      if (i - 1 >= near) return i - 1;
      lastFull = i - 1;
      bytes = probe.byteLength;
    }
  }
  return lastFull;
}

function measureObjects(perSeries: number): void {
  const arrays = 100;
  const before = footprintBytes();
  const random = seededRandom(7);
  const all: { atMs: number; value: number }[][] = [];
  for (let a = 0; a < arrays; a++) {
    const samples: { atMs: number; value: number }[] = [];
    for (let i = 0; i < perSeries; i++) {
      samples.push({ atMs: START_MS + i * MS_PER_MINUTE, value: 5 + 40 * random() });
    }
    all.push(samples);
  }
  const samples = arrays * perSeries;
  const bytes = footprintBytes() - before;
  report(
    `baseline: arrays of {atMs, value}, ${samples.toLocaleString('en')} samples`,
    bytes,
    samples,
  );
  console.log(
    `  scaled to 10,000,000 samples: ${(((bytes / samples) * 1e7) / 2 ** 20).toFixed(0)} MiB`,
  );
  if (all.length !== arrays) throw new Error('unreachable: keeps the arrays alive');
}

console.log(`node ${process.version}, growth factor ${TIME_SERIES_GROWTH_FACTOR}`);
measureSeries('TimeSeries × 1,000 × 10,000 (in-order add)', 10_000);
const worst = capacityStepNear(10_000) + 1;
measureSeries(`TimeSeries × 1,000 × ${worst} (worst case: just grew)`, worst);
measureObjects(10_000);

// Bytes of memory per stored sample, as the in-memory store's budget defines them: the growth
// of (heapUsed + arrayBuffers) after a forced GC, divided by the number of samples. Typed-array
// backing stores count (they are in arrayBuffers).
//
// Run: node --expose-gc --import tsx bench/memory-per-sample.ts
import { TIME_SERIES_GROWTH_FACTOR, TimeSeries } from '../src/series/time-series.js';
import { InMemoryStore } from '../src/store/in-memory-store.js';
import type { StoredInstallation } from '../src/store/stored-installation.js';
import { MS_PER_MINUTE } from '../src/time/instant.js';
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

/**
 * The figure the performance issue asks for: 10 million samples in the in-memory store,
 * 1,000 installations × PM25 + PM10 × 5,000 one-minute samples, arriving in hourly batches
 * as a live network delivers them. Counts everything the store holds (maps, series objects,
 * typed arrays), not only the sample arrays.
 */
function measureStore(): void {
  const installationCount = 1000;
  const perSeries = 5000;
  const types = ['PM25', 'PM10'] as const;
  const installations: StoredInstallation[] = Array.from({ length: installationCount }, (_, i) => ({
    id: i + 1,
    location: { latitude: 50 + i / 10_000, longitude: 19.9 + i / 10_000 },
    address: {},
    elevation: 220,
    vendor: true,
    sponsor: { id: 1, name: 'bench' },
  }));
  const before = footprintBytes();
  const store = new InMemoryStore(installations);
  const random = seededRandom(11);
  const atMs = new Float64Array(60);
  const values = new Float64Array(60);
  for (let from = 0; from < perSeries; from += 60) {
    const count = Math.min(60, perSeries - from);
    for (let i = 0; i < count; i++) atMs[i] = START_MS + (from + i) * MS_PER_MINUTE;
    for (const installation of installations) {
      for (const name of types) {
        for (let i = 0; i < count; i++) values[i] = 5 + 40 * random();
        store.ingestColumns(
          installation.id,
          name,
          atMs.subarray(0, count),
          values.subarray(0, count),
        );
      }
    }
  }
  const samples = store.sampleCount;
  report(
    `InMemoryStore, ${installationCount} installations × 2 types, hourly batches, ${samples.toLocaleString('en')} samples`,
    footprintBytes() - before,
    samples,
  );
  report('  of which typed arrays (store.byteLength)', store.byteLength, samples);
}

console.log(`node ${process.version}, growth factor ${TIME_SERIES_GROWTH_FACTOR}`);
measureStore();
measureSeries('TimeSeries × 1,000 × 10,000 (in-order add)', 10_000);
const worst = capacityStepNear(10_000) + 1;
measureSeries(`TimeSeries × 1,000 × ${worst} (worst case: just grew)`, worst);
measureObjects(10_000);

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TimeSeries } from '../../src/series/time-series.js';
import {
  SERIES_BASE_MS,
  sampleArb,
  sampleAtMsArb,
  samplesArb,
  sampleValueArb,
  windowArb,
} from '../helpers/series-arbitraries.js';
import { CapacityModel } from '../helpers/series-capacity-model.js';
import { observeSeries } from '../helpers/series-observe.js';
import { apply, operationArb, operationsOf } from '../helpers/series-operations.js';
import {
  agrees,
  NaiveSeries,
  naiveAverage,
  naiveMeanMagnitude,
  naiveWindow,
} from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

// Any mix of updates (test/helpers/series-operations.ts) against the oracle, the memory model
// and the exact sums; and a rejected update leaves the series as it was.

describe('TimeSeries update properties', () => {
  it('matches the oracle after any mix of adds, appends, batches, pruning and trimming', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(operationArb, { maxLength: 60, size: 'max' }),
        fc.array(windowArb, { minLength: 1, maxLength: 6 }),
        (initialCapacity, operations, windows) => {
          const series = new TimeSeries({ initialCapacity });
          const oracle = new NaiveSeries();
          const model = new CapacityModel(initialCapacity);
          for (const operation of operations) {
            apply(operation, series, oracle, model);
            expect(series.byteLength).toBe(model.byteLength);
          }
          const expected = oracle.samples();
          expect(series.length).toBe(expected.length);
          expect(series.firstAtMs).toBe(expected[0]?.atMs);
          expect(series.lastAtMs).toBe(expected.at(-1)?.atMs);
          expect([...series.toArrays().atMs]).toEqual(expected.map((s) => s.atMs));
          expect([...series.toArrays().values]).toEqual(expected.map((s) => s.value));
          for (const { fromMs, tillMs } of [...windows, { fromMs: -1e300, tillMs: 1e300 }]) {
            const expectedAverage = naiveAverage(expected, fromMs, tillMs);
            const average = series.average(fromMs, tillMs);
            expect(series.count(fromMs, tillMs)).toBe(naiveWindow(expected, fromMs, tillMs).length);
            if (expectedAverage === undefined) expect(average).toBeUndefined();
            else {
              const magnitude = naiveMeanMagnitude(expected, fromMs, tillMs);
              expect(agrees(average as number, expectedAverage, magnitude)).toBe(true);
            }
          }
        },
      ),
      SERIES_RUNS,
    );
  });

  it('sums integer samples exactly and means them to the nearest double, after any updates', () => {
    // Integer values keep every partial sum exact, so the oracle is plain addition and one
    // division: anything but the right samples in the right chunks shows as a wrong bit.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(operationsOf(fc.integer({ min: -1_000_000, max: 1_000_000 })), {
          maxLength: 60,
          size: 'max',
        }),
        fc.array(windowArb, { minLength: 1, maxLength: 6 }),
        (initialCapacity, operations, windows) => {
          const series = new TimeSeries({ initialCapacity });
          const oracle = new NaiveSeries();
          const model = new CapacityModel(initialCapacity);
          for (const operation of operations) apply(operation, series, oracle, model);
          const expected = oracle.samples();
          for (const { fromMs, tillMs } of [...windows, { fromMs: -1e300, tillMs: 1e300 }]) {
            const inside = naiveWindow(expected, fromMs, tillMs);
            let total = 0;
            for (const s of inside) total += s.value;
            expect(series.sum(fromMs, tillMs)).toBe(total);
            expect(series.average(fromMs, tillMs)).toBe(
              inside.length > 0 ? total / inside.length : undefined,
            );
          }
        },
      ),
      SERIES_RUNS,
    );
  });

  it('gives the same series from one batch as from adding the samples one by one', () => {
    fc.assert(
      fc.property(samplesArb(), samplesArb(100), (first, second) => {
        const oneByOne = new TimeSeries();
        const batched = new TimeSeries();
        for (const s of [...first, ...second]) oneByOne.add(s.atMs, s.value);
        batched.addBatch(
          first.map((s) => s.atMs),
          first.map((s) => s.value),
        );
        batched.addBatch(
          second.map((s) => s.atMs),
          second.map((s) => s.value),
        );
        expect(batched.toArrays()).toEqual(oneByOne.toArrays());
      }),
      SERIES_RUNS,
    );
  });

  it('leaves the series exactly as it was when a batch is rejected', () => {
    const invalidArb = fc.oneof(
      fc.record({
        atMs: sampleAtMsArb,
        value: fc.constantFrom(Number.NaN, Infinity, -Infinity, 1e16, '5', null),
      }),
      fc.record({
        atMs: fc.constantFrom(Number.NaN, Infinity, 0.5, 9e15, -9e15, '2026-11-01', undefined),
        value: sampleValueArb,
      }),
    );
    fc.assert(
      fc.property(
        samplesArb(),
        fc.integer({ min: 0, max: 3 }),
        samplesArb(50),
        invalidArb,
        fc.nat(),
        fc.array(windowArb, { maxLength: 4 }),
        (stored, prunes, batch, invalid, position, windows) => {
          const series = new TimeSeries();
          for (const s of stored) series.add(s.atMs, s.value);
          for (let i = 0; i < prunes; i++) series.pruneBefore(SERIES_BASE_MS + i * 50_000);
          const before = observeSeries(series, windows);
          const at = position % (batch.length + 1);
          const samples: { atMs: unknown; value: unknown }[] = [...batch];
          samples.splice(at, 0, invalid);
          expect(() =>
            series.addBatch(
              samples.map((s) => s.atMs) as number[],
              samples.map((s) => s.value) as number[],
            ),
          ).toThrow(`TimeSeries.addBatch: sample ${at} (`);
          expect(observeSeries(series, windows)).toEqual(before);
        },
      ),
      SERIES_RUNS,
    );
  });

  it('leaves the series unchanged when a single add is rejected', () => {
    fc.assert(
      fc.property(
        samplesArb(),
        sampleArb,
        fc.constantFrom(Number.NaN, Infinity, -Infinity),
        (stored, sample, bad) => {
          const series = new TimeSeries();
          for (const s of stored) series.add(s.atMs, s.value);
          const before = observeSeries(series, []);
          expect(() => series.add(sample.atMs + bad, sample.value)).toThrow(
            'TimeSeries.add: sample (atMs',
          );
          expect(() => series.add(sample.atMs + 0.25, sample.value)).toThrow(
            'TimeSeries.add: sample (atMs',
          );
          expect(() => series.add(sample.atMs, bad)).toThrow('TimeSeries.add: sample (atMs');
          expect(observeSeries(series, [])).toEqual(before);
        },
      ),
      SERIES_RUNS,
    );
  });
});

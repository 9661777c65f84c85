import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIME_SERIES_GROWTH_FACTOR, TimeSeries } from '../../src/series/time-series.js';
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
import {
  agrees,
  NaiveSeries,
  naiveAverage,
  naiveMeanMagnitude,
  naiveWindow,
} from '../helpers/series-oracle.js';
import { SERIES_RUNS } from '../helpers/series-runs.js';

describe('TimeSeries updates, worked examples', () => {
  it('puts a late sample in its place and replaces a repeated timestamp', () => {
    const series = new TimeSeries();
    series.add(3000, 3);
    series.add(1000, 1);
    series.add(2000, 2);
    series.add(2000, 20);
    expect([...series.toArrays().atMs]).toEqual([1000, 2000, 3000]);
    expect([...series.toArrays().values]).toEqual([1, 20, 3]);
    expect(series.average(0, 4000)).toBe(8);
  });

  it('lets the later of two batch samples at one timestamp win, and a batch replace a stored one', () => {
    const series = new TimeSeries();
    series.addBatch([30, 10, 30], [1, 2, 3]);
    expect([...series.toArrays().values]).toEqual([2, 3]);
    series.addBatch(Float64Array.of(10, 20), Float64Array.of(7, 8));
    expect([...series.toArrays().atMs]).toEqual([10, 20, 30]);
    expect([...series.toArrays().values]).toEqual([7, 8, 3]);
  });

  it('prunes strictly before the instant and reports how many went', () => {
    const series = new TimeSeries();
    series.addBatch([1000, 2000, 3000, 4000], [1, 2, 3, 4]);
    expect(series.pruneBefore(3000)).toBe(2);
    expect(series.firstAtMs).toBe(3000);
    expect(series.average(0, 10_000)).toBe(3.5);
    expect(series.pruneBefore(3000)).toBe(0);
    expect(series.pruneBefore(1e300)).toBe(2);
    expect(series.length).toBe(0);
    expect(series.average(0, 10_000)).toBeUndefined();
    series.add(500, 5);
    expect(series.average(0, 10_000)).toBe(5);
  });

  it('names the invalid sample: its index, time and value', () => {
    const series = new TimeSeries();
    expect(() => series.add(1.5, 3)).toThrow(
      new RangeError(
        'TimeSeries.add: sample (atMs 1.5, value 3) is invalid: atMs must be a whole number of milliseconds, got 1.5',
      ),
    );
    expect(() => series.addBatch([0, 1000, 2000], [1, Number.POSITIVE_INFINITY, 3])).toThrow(
      new RangeError(
        'TimeSeries.addBatch: sample 1 (atMs 1000, value Infinity) is invalid: value must be a finite number, got Infinity',
      ),
    );
    expect(() => series.addBatch([0], [null as never])).toThrow(TypeError);
    expect(() => series.addBatch([0, 1], [1])).toThrow(
      new RangeError('TimeSeries.addBatch: atMs and values must have the same length, got 2 and 1'),
    );
    expect(() => series.addBatch(5 as never, [1])).toThrow(TypeError);
    expect(() => series.add(9e15, 1)).toThrow('Date range');
    expect(series.length).toBe(0);
  });

  it('stores -0 as 0, in time and in value, so that one instant has one key', () => {
    const series = new TimeSeries();
    series.add(-0, -0);
    expect(Object.is(series.firstAtMs, 0)).toBe(true);
    expect(Object.is(series.toArrays().values[0], 0)).toBe(true);
    series.add(0, 5);
    expect(series.length).toBe(1);
    series.add(-0, -0); // a replacement, through the late-sample path
    expect(Object.is(series.toArrays().values[0], 0)).toBe(true);
    expect(Object.is(series.sum(-1, 1), 0)).toBe(true);
  });

  it('hands out copies: changing what toArrays returned changes nothing stored', () => {
    const series = new TimeSeries();
    series.addBatch([1000, 2000], [1, 2]);
    const { atMs, values } = series.toArrays();
    atMs[0] = 5;
    values[0] = 50;
    expect([...series.toArrays().atMs]).toEqual([1000, 2000]);
    expect(series.average(0, 3000)).toBe(1.5);
  });

  it('keeps its memory when a prune removes nothing', () => {
    const series = new TimeSeries({ initialCapacity: 10_000 });
    for (let i = 0; i < 10; i++) series.add(1000 + i, i);
    const before = series.byteLength;
    expect(series.pruneBefore(1000)).toBe(0);
    expect(series.byteLength).toBe(before);
    expect(series.pruneBefore(-1e300)).toBe(0);
    expect(series.byteLength).toBe(before);
  });

  it('validates initialCapacity', () => {
    expect(() => new TimeSeries({ initialCapacity: -1 })).toThrow(
      new RangeError('TimeSeries: initialCapacity must be an integer in [0, 1073741824], got -1'),
    );
    expect(() => new TimeSeries({ initialCapacity: 1.5 })).toThrow(RangeError);
    expect(() => new TimeSeries({ initialCapacity: 2 ** 30 + 1 })).toThrow(
      new RangeError(
        'TimeSeries: initialCapacity must be an integer in [0, 1073741824], got 1073741825',
      ),
    );
    expect(() => new TimeSeries({ initialCapacity: Number.NaN })).toThrow(RangeError);
    expect(new TimeSeries({ initialCapacity: 0 }).byteLength).toBe(16);
    expect(new TimeSeries().byteLength).toBe(16 * 16 + 16);
    expect(new TimeSeries({}).byteLength).toBe(16 * 16 + 16);
  });

  it('grows geometrically and trims to 16.5 bytes per sample', () => {
    const series = new TimeSeries({ initialCapacity: 0 });
    for (let i = 0; i < 10_000; i++) series.add(i * 60_000, i % 97);
    expect(series.byteLength).toBeLessThanOrEqual(10_001 * TIME_SERIES_GROWTH_FACTOR * 16.5 + 64);
    series.trimToSize();
    // 16 bytes per sample plus a tree of 2 × 312 slots (312 full chunks of 32, one leaf each).
    expect(series.byteLength).toBe(10_000 * 16 + 624 * 8);
    expect(series.average(0, 10_000 * 60_000)).toBe(47.9604); // 103 × 4656 + 36 over 10 000
  });

  it('hands memory back when pruning leaves the buffer mostly empty', () => {
    const series = new TimeSeries();
    for (let i = 0; i < 10_000; i++) series.add(i, 1);
    const before = series.byteLength;
    series.pruneBefore(9_900);
    expect(series.byteLength).toBeLessThan(before / 20);
    expect(series.average(0, 20_000)).toBe(1);
    expect(series.count(0, 20_000)).toBe(100);
  });
});

type Operation =
  | { readonly kind: 'add'; readonly atMs: number; readonly value: number }
  | { readonly kind: 'append'; readonly stepMs: number; readonly value: number }
  | { readonly kind: 'batch'; readonly samples: readonly { atMs: number; value: number }[] }
  | { readonly kind: 'prune'; readonly atMs: number }
  | { readonly kind: 'trim' };

function operationsOf(valueArb: fc.Arbitrary<number>): fc.Arbitrary<Operation> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({ kind: fc.constant('add'), atMs: sampleAtMsArb, value: valueArb }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('append'),
        stepMs: fc.integer({ min: 1, max: 3000 }),
        value: valueArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('batch'),
        samples: fc.array(fc.record({ atMs: sampleAtMsArb, value: valueArb }), {
          maxLength: 80,
          size: 'max',
        }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('prune'), atMs: sampleAtMsArb }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('trim') }) },
  ) as fc.Arbitrary<Operation>;
}

const operationArb = operationsOf(sampleValueArb);

function apply(
  operation: Operation,
  series: TimeSeries,
  oracle: NaiveSeries,
  model: CapacityModel,
): void {
  switch (operation.kind) {
    case 'add':
      model.add(oracle.has(operation.atMs) ? 0 : 1);
      series.add(operation.atMs, operation.value);
      oracle.add(operation.atMs, operation.value);
      return;
    case 'append': {
      const atMs = (series.lastAtMs ?? SERIES_BASE_MS) + operation.stepMs;
      model.add(1);
      series.add(atMs, operation.value);
      oracle.add(atMs, operation.value);
      return;
    }
    case 'batch': {
      const times = operation.samples.map((s) => s.atMs);
      const values = operation.samples.map((s) => s.value);
      model.add(new Set(times.filter((t) => !oracle.has(t))).size);
      series.addBatch(times, values);
      oracle.addBatch(times, values);
      return;
    }
    case 'prune': {
      const removed = oracle.pruneBefore(operation.atMs);
      model.prune(removed);
      expect(series.pruneBefore(operation.atMs)).toBe(removed);
      return;
    }
    case 'trim':
      model.trim();
      series.trimToSize();
      return;
  }
}

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

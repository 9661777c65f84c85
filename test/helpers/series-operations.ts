import fc from 'fast-check';
import { expect } from 'vitest';
import type { TimeSeries } from '../../src/series/time-series.js';
import { SERIES_BASE_MS, sampleAtMsArb, sampleValueArb } from './series-arbitraries.js';
import type { CapacityModel } from './series-capacity-model.js';
import type { NaiveSeries } from './series-oracle.js';

// Random updates of a TimeSeries (time-series-update-properties.test.ts): adds anywhere,
// appends after the last sample, batches, prunes and trims, applied alike to the series, the
// naive oracle and the memory model, so that a property can compare the three after each one.

/** One update: a sample anywhere, one after the last, a batch, a prune or a trim. */
export type Operation =
  | { readonly kind: 'add'; readonly atMs: number; readonly value: number }
  | { readonly kind: 'append'; readonly stepMs: number; readonly value: number }
  | { readonly kind: 'batch'; readonly samples: readonly { atMs: number; value: number }[] }
  | { readonly kind: 'prune'; readonly atMs: number }
  | { readonly kind: 'trim' };

/** Updates whose values come from `valueArb`, appends most often (the common case). */
export function operationsOf(valueArb: fc.Arbitrary<number>): fc.Arbitrary<Operation> {
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

/** Updates with any sample value of series-arbitraries.ts. */
export const operationArb = operationsOf(sampleValueArb);

/**
 * Applies `operation` to the series, the oracle and the capacity model; a prune also checks
 * that the series reports as many removed samples as the oracle.
 */
export function apply(
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

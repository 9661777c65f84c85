// A batch crossing from the reading thread in parts: cut and put back together, it is the same
// batch, item for item and in order; no part holds more than 250 places or 2,000 samples (the
// documented sizes, written here rather than imported), a part holds places or samples, never
// both, and only the last one carries the counts of what was skipped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  FollowedBatch,
  FollowedPlace,
  FollowedSample,
} from '../../src/follow/followed-batch.js';
import { BatchAssembly, batchParts } from '../../src/follow/sensor-community-parts.js';
import { RUNS } from '../helpers/property-runs.js';
import { place, pm10 } from './follow-sink-helpers.js';

const PLACES_PER_PART = 250;
const SAMPLES_PER_PART = 2_000;

function batchOfSizes(places: number, samples: number, skipped = {}): FollowedBatch {
  return {
    places: Array.from({ length: places }, (_, i): FollowedPlace => place(i + 1, i % 3)),
    samples: Array.from({ length: samples }, (_, i): FollowedSample => pm10(i + 1, i % 60, i)),
    skipped,
  };
}

function reassembled(batch: FollowedBatch): { batch: FollowedBatch | undefined; parts: number } {
  const assembly = new BatchAssembly();
  let whole: FollowedBatch | undefined;
  let parts = 0;
  for (const part of batchParts(batch)) {
    expect(whole).toBeUndefined(); // nothing after the last part
    parts++;
    expect(part.places.length).toBeLessThanOrEqual(PLACES_PER_PART);
    expect(part.samples.length).toBeLessThanOrEqual(SAMPLES_PER_PART);
    expect(part.places.length === 0 || part.samples.length === 0).toBe(true);
    whole = assembly.add(part);
  }
  return { batch: whole, parts };
}

describe('batchParts and BatchAssembly', () => {
  it('sends an empty batch, and a city, as one part', () => {
    const empty = { places: [], samples: [], skipped: { indoor: 3 } };
    expect([...batchParts(empty)]).toEqual([empty]);
    const city = batchOfSizes(107, 1_070);
    expect(reassembled(city)).toEqual({ batch: city, parts: 2 });
  });

  it('cuts a country into parts of 250 places, then of 2,000 samples', () => {
    const country = batchOfSizes(10_667, 102_152, { 'no value': 12 });
    const parts = [...batchParts(country)];
    expect(parts).toHaveLength(43 + 52);
    expect(parts.map((part) => part.places.length).slice(41, 44)).toEqual([250, 167, 0]);
    expect(parts.map((part) => part.samples.length).slice(42, 44)).toEqual([0, 2_000]);
    expect(parts.at(-1)!.samples).toHaveLength(152);
    expect(parts.filter((part) => part.skipped !== undefined)).toEqual([
      { places: [], samples: country.samples.slice(102_000), skipped: { 'no value': 12 } },
    ]);
    expect(reassembled(country)).toEqual({ batch: country, parts: 95 });
  });

  it('gives back the batch it cut, for any number of places and samples (1,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * PLACES_PER_PART + 1 }),
        fc.integer({ min: 0, max: 3 * SAMPLES_PER_PART + 1 }),
        (places, samples) => {
          const batch = batchOfSizes(places, samples);
          const expectedParts = Math.max(
            1,
            Math.ceil(places / PLACES_PER_PART) + Math.ceil(samples / SAMPLES_PER_PART),
          );
          expect(reassembled(batch)).toEqual({ batch, parts: expectedParts });
        },
      ),
      RUNS,
    );
  });
});

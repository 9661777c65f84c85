// A batch crossing from the reading thread in parts: cut and put back together, it is the same
// batch, item for item and in order (every measurement name, any number, -0 and all); no part
// holds more than 250 places or 2,000 samples (the documented sizes, written here rather than
// imported), a part holds places or samples, never both, its samples are columns whose buffers
// can be handed over, and only the last one carries the counts of what was skipped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  FollowedBatch,
  FollowedPlace,
  FollowedSample,
} from '../../src/follow/followed-batch.js';
import {
  BatchAssembly,
  type BatchPart,
  batchParts,
  transferList,
} from '../../src/follow/sensor-community-parts.js';
import { REFERENCE_PAYLOAD_ORDER } from '../helpers/index-reference-tables.js';
import { RUNS } from '../helpers/property-runs.js';
import { place, pm10 } from './follow-sink-helpers.js';

const PLACES_PER_PART = 250;
const SAMPLES_PER_PART = 2_000;
// The measurement names a followed sample may carry, in the reference's order.
const NAMES = REFERENCE_PAYLOAD_ORDER;

const sampleCount = (part: BatchPart) => part.samples.atMs.length;

// A part's samples as they arrive on the other thread: cloned with their buffers handed over.
function crossed(part: BatchPart): BatchPart {
  const buffers = transferList(part);
  const samples = structuredClone(part.samples, { transfer: buffers });
  expect(buffers.every((buffer) => buffer.byteLength === 0)).toBe(true); // handed over
  return { ...part, samples };
}

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
    expect(sampleCount(part)).toBeLessThanOrEqual(SAMPLES_PER_PART);
    expect(part.places.length === 0 || sampleCount(part) === 0).toBe(true);
    whole = assembly.add(crossed(part));
  }
  return { batch: whole, parts };
}

describe('batchParts and BatchAssembly', () => {
  it('sends an empty batch as one part, and a city as two', () => {
    const empty = { places: [], samples: [], skipped: { indoor: 3 } };
    const [only, ...rest] = [...batchParts(empty)];
    expect(rest).toEqual([]);
    expect(only!.places).toEqual([]);
    expect(only!.skipped).toEqual({ indoor: 3 });
    expect(sampleCount(only!)).toBe(0);
    expect(reassembled(empty)).toEqual({ batch: empty, parts: 1 });
    const city = batchOfSizes(107, 1_070);
    expect(reassembled(city)).toEqual({ batch: city, parts: 2 });
  });

  it('writes each sample into the columns, its name as its place among the types', () => {
    const samples: FollowedSample[] = [
      { sourceId: 8500, name: 'TEMPERATURE', atMs: 1_796_407_279_000, value: -0 },
      { sourceId: 2 ** 53 - 1, name: 'NO', atMs: -1, value: 1e-300 },
    ];
    const [part] = [...batchParts({ places: [], samples, skipped: {} })];
    const { sourceIds, typeOrdinals, atMs, values } = part!.samples;
    expect([...sourceIds]).toEqual([8500, 2 ** 53 - 1]);
    expect([...typeOrdinals]).toEqual([NAMES.indexOf('TEMPERATURE'), NAMES.indexOf('NO')]);
    expect([...atMs]).toEqual([1_796_407_279_000, -1]);
    expect(Object.is(values[0], -0)).toBe(true);
    expect(values[1]).toBe(1e-300);
    const whole = new BatchAssembly().add(crossed(part!));
    expect(whole!.samples).toEqual(samples);
    expect(Object.is(whole!.samples[0]!.value, -0)).toBe(true);
  });

  it('refuses a sample whose name is no measurement type, as a fault of the reader', () => {
    const samples = [
      { sourceId: 1, name: 'PM4', atMs: 0, value: 1 },
    ] as unknown as FollowedSample[];
    expect(() => [...batchParts({ places: [], samples, skipped: {} })]).toThrow(
      'batchParts: PM4 is no measurement type',
    );
  });

  it('cuts a country into parts of 250 places, then of 2,000 samples', () => {
    const country = batchOfSizes(10_667, 102_152, { 'no value': 12 });
    const parts = [...batchParts(country)];
    expect(parts).toHaveLength(43 + 52);
    expect(parts.map((part) => part.places.length).slice(41, 44)).toEqual([250, 167, 0]);
    expect(parts.map(sampleCount).slice(42, 44)).toEqual([0, 2_000]);
    expect(sampleCount(parts.at(-1)!)).toBe(152);
    expect(parts.filter((part) => part.skipped !== undefined)).toEqual([parts.at(-1)]);
    expect(parts.at(-1)!.skipped).toEqual({ 'no value': 12 });
    expect(reassembled(country)).toEqual({ batch: country, parts: 95 });
  });

  it('gives back any samples it cut, names and numbers as they were (1,000 runs)', () => {
    const sample = fc.record({
      sourceId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      name: fc.constantFrom(...NAMES),
      atMs: fc.double(),
      value: fc.double(),
    });
    fc.assert(
      fc.property(fc.array(sample, { maxLength: 2 * SAMPLES_PER_PART + 3 }), (samples) => {
        const batch = { places: [], samples, skipped: {} };
        const { batch: whole } = reassembled(batch);
        expect(whole!.samples).toHaveLength(samples.length);
        whole!.samples.forEach((got, i) => {
          const want = samples[i]!;
          expect(got.sourceId).toBe(want.sourceId);
          expect(got.name).toBe(want.name);
          expect(Object.is(got.atMs, want.atMs)).toBe(true);
          expect(Object.is(got.value, want.value)).toBe(true);
        });
      }),
      RUNS,
    );
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
          const { batch: whole, parts } = reassembled(batch);
          expect(parts).toBe(expectedParts);
          expect(whole!.places).toEqual(batch.places);
          expect(whole!.skipped).toEqual(batch.skipped);
          // Field by field: a deep comparison of thousands of rebuilt objects a run is slow.
          expect(whole!.samples.length).toBe(batch.samples.length);
          const differing = whole!.samples.findIndex((got, i) => {
            const want = batch.samples[i]!;
            return (
              got.sourceId !== want.sourceId ||
              got.name !== want.name ||
              got.atMs !== want.atMs ||
              got.value !== want.value
            );
          });
          expect(differing).toBe(-1);
        },
      ),
      RUNS,
    );
  });
});

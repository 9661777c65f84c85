import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { fakeInstallation } from '../helpers/payload-fake-store.js';

const NINE = Date.UTC(2026, 10, 21, 9);

describe('InMemoryStore.firstSampleTimes', () => {
  it('gives the first sample of any type at or after each instant (the example)', async () => {
    const store = new InMemoryStore([fakeInstallation(1001, 50, 19)]);
    store.ingest([
      { installationId: 1001, name: 'PM10', atMs: NINE + 60_000, value: 40 },
      { installationId: 1001, name: 'PM25', atMs: NINE + 30_000, value: 20 },
    ]);
    expect(await store.firstSampleTimes(1001, [NINE, NINE + 40_000, NINE + 120_000])).toEqual([
      NINE + 30_000,
      NINE + 60_000,
      Number.POSITIVE_INFINITY,
    ]);
    expect(await store.firstSampleTimes(999, [NINE])).toEqual([Number.POSITIVE_INFINITY]);
    await expect(store.firstSampleTimes(1001, [Number.NaN])).rejects.toThrow(
      'InMemoryStore.firstSampleTimes: instantsMs[0] must be a finite number, got NaN',
    );
  });

  it('agrees with a scan of every sample of the installation', async () => {
    const sample = fc.record({
      name: fc.constantFrom('PM10', 'PM25', 'NO2'),
      atMs: fc.integer({ min: 0, max: 1000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(sample, { maxLength: 40 }),
        fc.array(fc.integer({ min: -5, max: 1005 }), { maxLength: 5 }),
        async (samples, instants) => {
          const store = new InMemoryStore([fakeInstallation(1, 50, 19)]);
          store.ingest(samples.map((s) => ({ installationId: 1, value: 1, ...s })));
          const expected = instants.map((atMs) =>
            Math.min(
              Number.POSITIVE_INFINITY,
              ...samples.map((s) => s.atMs).filter((t) => t >= atMs),
            ),
          );
          expect(await store.firstSampleTimes(1, instants)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

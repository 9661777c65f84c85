// What only the in-memory store has: pruning, retention and the columnar bulk path. The
// ingest policy and the averages that every store shares are in the contract suite
// (measurement-store-contract.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { BASE_MS, validSampleArb, windowArb } from '../helpers/store-arbitraries.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';
import { NaiveStore, sameAverages } from '../helpers/store-oracle.js';

const IDS = [11, 12, 13] as const;
const hour9 = hourOf21November(9);
const at = (minute: number) => hour9.fromMs + minute * 60_000;

function newStore(options: { retentionMs?: number } = {}): InMemoryStore {
  return new InMemoryStore(
    [
      installation(11),
      installation(12, { successorId: 13 }),
      installation(13),
      installation(14, { removed: true }),
    ],
    options,
  );
}

describe('InMemoryStore pruning and bulk columns', () => {
  it('prunes before a time, returns the count, and refuses older samples afterwards', async () => {
    const store = newStore();
    store.ingest(
      [0, 10, 20, 30].map((minute) => ({
        installationId: 11,
        name: 'PM10',
        atMs: at(minute),
        value: minute,
      })),
    );
    expect(store.pruneBefore(at(15))).toBe(2);
    expect(store.retainedFromMs).toBe(at(15));
    expect(await store.windowAverages(11, [hour9])).toEqual([{ PM10: 25 }]);
    const report = store.ingest([
      { installationId: 11, name: 'PM10', atMs: at(14), value: 1 },
      { installationId: 11, name: 'PM10', atMs: at(15), value: 15 },
    ]);
    expect(report.rejected.map((r) => r.reason)).toEqual([
      'timestamp 2026-11-21T09:14:00.000Z is before the retention horizon 2026-11-21T09:15:00.000Z',
    ]);
    expect(store.pruneBefore(at(5))).toBe(0);
    expect(store.retainedFromMs).toBe(at(15));
    expect(() => store.pruneBefore(Number.NaN)).toThrow(
      /InMemoryStore.pruneBefore: atMs must be a finite number, got NaN/,
    );
  });

  it('applies retentionMs when told the time, and does nothing without it', () => {
    const withRetention = newStore({ retentionMs: 20 * 60_000 });
    const samples = [0, 10, 20, 30].map((minute) => ({
      installationId: 11,
      name: 'PM10',
      atMs: at(minute),
      value: 1,
    }));
    withRetention.ingest(samples);
    expect(withRetention.pruneExpired(at(40))).toBe(2);
    expect(withRetention.sampleCount).toBe(2);
    const without = newStore();
    without.ingest(samples);
    expect(without.pruneExpired(at(40))).toBe(0);
    expect(without.sampleCount).toBe(4);
  });

  it('ingests columns in bulk, all-or-nothing', async () => {
    const store = newStore();
    expect(store.ingestColumns(11, 'PM25', [at(1), at(2)], [3, 5])).toBe(2);
    expect(await store.windowAverages(11, [hour9])).toEqual([{ PM25: 4 }]);
    expect(() => store.ingestColumns(99, 'PM25', [at(3)], [1])).toThrow(
      /installationId must be a known installation, got 99/,
    );
    expect(() => store.ingestColumns(11, 'PM2.5', [at(3)], [1])).toThrow(
      /name must be a measurement type name, got "PM2.5"/,
    );
    expect(() => store.ingestColumns(11, 'PM25', [at(3)], [1, 2])).toThrow(
      /same length, got lengths 1 and 2/,
    );
    expect(() => store.ingestColumns(11, 'PM25', [at(3), at(4)], [1, Number.NaN])).toThrow(
      RangeError,
    );
    expect(() => store.ingestColumns(11, 'PM10', [at(3)], [Number.NaN])).toThrow(RangeError);
    expect(store.sampleCount).toBe(2);
    expect(await store.windowAverages(11, [hour9])).toEqual([{ PM25: 4 }]);
  });
});

describe('InMemoryStore properties', () => {
  const batchArb = fc.array(validSampleArb(IDS), { maxLength: 60 });

  it('pruning removes exactly the samples before the cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        batchArb,
        fc.integer({ min: -60, max: 420 }),
        windowArb,
        async (batch, cutMinute, window) => {
          const store = newStore();
          const oracle = new NaiveStore();
          store.ingest(batch);
          for (const sample of batch) oracle.add(sample);
          const cutMs = BASE_MS + cutMinute * 60_000;
          expect(store.pruneBefore(cutMs)).toBe(oracle.pruneBefore(cutMs));
          expect(store.sampleCount).toBe(oracle.sampleCount);
          for (const id of IDS) {
            const [averages] = await store.windowAverages(id, [window]);
            expect(sameAverages(averages!, oracle.averages(id, window.fromMs, window.tillMs))).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

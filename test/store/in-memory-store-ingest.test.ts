import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { IngestError, type Sample } from '../../src/store/ingest-report.js';
import {
  BASE_MS,
  invalidSampleArb,
  validSampleArb,
  windowArb,
} from '../helpers/store-arbitraries.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';
import { NaiveStore, naiveIsAcceptable, sameAverages } from '../helpers/store-oracle.js';

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

describe('InMemoryStore.ingest', () => {
  it('stores a batch and averages it per window and type', async () => {
    const store = newStore();
    const report = store.ingest([
      { installationId: 11, name: 'PM10', atMs: at(5), value: 40 },
      { installationId: 11, name: 'PM10', atMs: at(35), value: 50 },
      { installationId: 11, name: 'PM25', atMs: at(35), value: 20.5 },
      { installationId: 11, name: 'PM10', atMs: at(60), value: 999 },
    ]);
    expect(report).toEqual({ accepted: 4, rejected: [] });
    expect(store.sampleCount).toBe(4);
    expect(
      await store.windowAverages(11, [hour9, hourOf21November(10), hourOf21November(8)]),
    ).toEqual([{ PM10: 45, PM25: 20.5 }, { PM10: 999 }, {}]);
  });

  it('gives empty records for an installation without samples or unknown', async () => {
    const store = newStore();
    expect(await store.windowAverages(13, [hour9])).toEqual([{}]);
    expect(await store.windowAverages(404, [hour9, hour9])).toEqual([{}, {}]);
  });

  it('keeps the valid part and reports every rejected sample with its reasons', () => {
    const store = newStore();
    const report = store.ingest([
      { installationId: 11, name: 'PM10', atMs: at(1), value: 10 },
      { installationId: 99, name: 'PM10', atMs: at(1), value: 10 },
      { installationId: 11, name: 'PM2.5', atMs: at(1), value: 10 },
      { installationId: 11, name: 'PM10', atMs: at(2), value: Number.NaN },
      { installationId: 11, name: 'PM10', atMs: at(3), value: Infinity },
      { installationId: 11, name: 'PM10', atMs: Number.NaN, value: 1 },
      { installationId: 99, name: 'OZONE', atMs: at(1), value: -Infinity },
      null as never,
    ]);
    expect(report.accepted).toBe(1);
    expect(report.rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'unknown installation 99'],
      [2, 'unknown measurement type "PM2.5"'],
      [3, 'value must be a finite number, got NaN'],
      [4, 'value must be a finite number, got Infinity'],
      [5, 'atMs must be a finite number, got NaN'],
      [
        6,
        'unknown installation 99; unknown measurement type "OZONE"; value must be a finite number, got -Infinity',
      ],
      [7, 'sample must be an object, got null'],
    ]);
    expect(report.rejected[1]?.sample).toEqual({
      installationId: 11,
      name: 'PM2.5',
      atMs: at(1),
      value: 10,
    });
    expect(store.sampleCount).toBe(1);
  });

  it('in atomic mode throws an IngestError listing every rejected sample and stores nothing', () => {
    const store = newStore();
    const batch = [
      { installationId: 11, name: 'PM10', atMs: at(1), value: 10 },
      { installationId: 11, name: 'PM10', atMs: at(2), value: Number.NaN },
      { installationId: 77, name: 'PM10', atMs: at(3), value: 1 },
    ];
    let caught: unknown;
    try {
      store.ingest(batch, { atomic: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IngestError);
    const error = caught as IngestError;
    expect(error.rejected.map((r) => r.index)).toEqual([1, 2]);
    expect(error.message).toBe(
      'InMemoryStore.ingest: rejected 2 of 3 samples; nothing was stored:\n' +
        '  [1] value must be a finite number, got NaN\n' +
        '  [2] unknown installation 77',
    );
    expect(store.sampleCount).toBe(0);
    expect(store.ingest(batch.slice(0, 1), { atomic: true })).toEqual({
      accepted: 1,
      rejected: [],
    });
  });

  it('caps the IngestError message but keeps every rejected sample', () => {
    const store = newStore();
    const batch = Array.from({ length: 25 }, (_, i) => ({
      installationId: 11,
      name: 'X',
      atMs: at(i),
      value: 1,
    }));
    expect(() => store.ingest(batch, { atomic: true })).toThrow(
      /\[19\] unknown measurement type "X"\n {2}… and 5 more \(see \.rejected\)$/,
    );
    try {
      store.ingest(batch, { atomic: true });
    } catch (error) {
      expect((error as IngestError).rejected).toHaveLength(25);
    }
  });

  it('accepts samples of replaced and removed installations (their history is their own)', async () => {
    const store = newStore();
    const report = store.ingest([
      { installationId: 12, name: 'PM25', atMs: at(1), value: 7 },
      { installationId: 14, name: 'PM25', atMs: at(1), value: 8 },
    ]);
    expect(report.accepted).toBe(2);
    expect(await store.windowAverages(12, [hour9])).toEqual([{ PM25: 7 }]);
    expect(await store.windowAverages(14, [hour9])).toEqual([{ PM25: 8 }]);
  });

  it('accepts late samples and lets the last sample at a timestamp win', async () => {
    const store = newStore();
    store.ingest([{ installationId: 11, name: 'PM10', atMs: at(50), value: 50 }]);
    store.ingest([
      { installationId: 11, name: 'PM10', atMs: at(10), value: 10 },
      { installationId: 11, name: 'PM10', atMs: at(50), value: 20 },
      { installationId: 11, name: 'PM10', atMs: at(30), value: 1 },
      { installationId: 11, name: 'PM10', atMs: at(30), value: 30 },
    ]);
    expect(store.sampleCount).toBe(3);
    expect(await store.windowAverages(11, [hour9])).toEqual([{ PM10: 20 }]);
  });

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

  it('rejects misuse at the boundary', async () => {
    const store = newStore();
    expect(() => store.ingest('x' as never)).toThrow(
      new TypeError('InMemoryStore.ingest: samples must be an array, got "x"'),
    );
    expect(() => store.ingest([], { atomic: 'yes' as never })).toThrow(TypeError);
    await expect(store.windowAverages(11, [{ fromMs: Number.NaN, tillMs: 0 }])).rejects.toThrow(
      /InMemoryStore.windowAverages: windows\[0\] must have finite fromMs and tillMs/,
    );
    await expect(store.windowAverages(11, [{ fromMs: 2, tillMs: 1 }])).rejects.toThrow(RangeError);
    await expect(store.windowAverages('11' as never, [])).rejects.toThrow(
      new TypeError('InMemoryStore.windowAverages: installationId must be a number, got "11"'),
    );
  });
});

describe('InMemoryStore properties', () => {
  const batchArb = fc.array(validSampleArb(IDS), { maxLength: 60 });

  it('windowAverages matches a naive oracle over any batches and windows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(batchArb, { minLength: 1, maxLength: 3 }),
        fc.array(windowArb, { minLength: 1, maxLength: 5 }),
        async (batches, windows) => {
          const store = newStore();
          const oracle = new NaiveStore();
          for (const batch of batches) {
            expect(store.ingest(batch).accepted).toBe(batch.length);
            for (const sample of batch) oracle.add(sample);
          }
          expect(store.sampleCount).toBe(oracle.sampleCount);
          for (const id of IDS) {
            const averages = await store.windowAverages(id, windows);
            windows.forEach((w, i) => {
              expect(sameAverages(averages[i]!, oracle.averages(id, w.fromMs, w.tillMs))).toBe(
                true,
              );
            });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never loses a stored sample to a batch with rejected samples', async () => {
    // Every installation of `newStore()`, including those that take no samples in this test.
    const knownIds = new Set([11, 12, 13, 14]);
    const mixedArb = fc
      .tuple(
        fc.array(validSampleArb(IDS), { maxLength: 20 }),
        fc.array(invalidSampleArb(IDS, [...knownIds]), { minLength: 1, maxLength: 6 }),
      )
      .chain(([good, bad]) =>
        fc.shuffledSubarray([...good, ...bad], { minLength: good.length + bad.length }),
      );
    await fc.assert(
      fc.asyncProperty(
        batchArb,
        mixedArb,
        fc.array(windowArb, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (stored, mixed, windows, atomic) => {
          const store = newStore();
          store.ingest(stored);
          const wholeRange = { fromMs: BASE_MS - 3_600_000, tillMs: BASE_MS + 8 * 3_600_000 };
          const allWindows = [...windows, wholeRange];
          const before = await Promise.all(IDS.map((id) => store.windowAverages(id, allWindows)));
          const countBefore = store.sampleCount;
          const expectedRejected = mixed.flatMap((sample, index) =>
            naiveIsAcceptable(sample, knownIds) ? [] : [index],
          );
          expect(expectedRejected.length).toBeGreaterThan(0);

          if (atomic) {
            expect(() => store.ingest(mixed as Sample[], { atomic: true })).toThrow(IngestError);
            expect(store.sampleCount).toBe(countBefore);
            const after = await Promise.all(IDS.map((id) => store.windowAverages(id, allWindows)));
            expect(after).toEqual(before);
            return;
          }
          const report = store.ingest(mixed as Sample[]);
          expect(report.rejected.map((r) => r.index)).toEqual(expectedRejected);
          expect(report.accepted).toBe(mixed.length - expectedRejected.length);
          const oracle = new NaiveStore();
          for (const sample of [...stored, ...mixed.filter((s) => naiveIsAcceptable(s, knownIds))])
            oracle.add(sample as Sample);
          expect(store.sampleCount).toBe(oracle.sampleCount);
          for (const id of IDS) {
            const after = await store.windowAverages(id, allWindows);
            allWindows.forEach((w, i) => {
              expect(sameAverages(after[i]!, oracle.averages(id, w.fromMs, w.tillMs))).toBe(true);
            });
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

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

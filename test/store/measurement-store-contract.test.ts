// The MeasurementStore contract: one suite, run against every store (the in-memory default
// and PostgreSQL). What only one store has (pruning, columns, migrations, deadlines) is
// tested beside it, in in-memory-store.test.ts and postgres/.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IngestError, type Sample } from '../../src/store/ingest-report.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import {
  BASE_MS,
  invalidSampleArb,
  validSampleArb,
  windowArb,
} from '../helpers/store-arbitraries.js';
import {
  type ContractStore,
  storesUnderTest,
  thrownBy,
} from '../helpers/store-contract-harness.js';
import { hourOf21November, installation } from '../helpers/store-fixtures.js';
import { NaiveStore, naiveIsAcceptable, sameAverages } from '../helpers/store-oracle.js';

const hour9 = hourOf21November(9);
const at = (minute: number) => hour9.fromMs + minute * 60_000;

describe.each(storesUnderTest())('MeasurementStore contract: $name', (subject) => {
  const name = subject.name;
  beforeAll(() => subject.start(), 60_000);
  afterAll(() => subject.stop(), 60_000);

  /** A fresh store with 11, 12 (replaced by 13), 13 and 14 (removed). */
  async function newStore(): Promise<ContractStore> {
    const store = await subject.create();
    await store.putInstallations([
      installation(11),
      installation(12, { successorId: 13 }),
      installation(13),
      installation(14, { removed: true }),
    ]);
    return store;
  }

  describe.runIf(subject.runs)('installations', () => {
    it('finds active, replaced (chain end) and missing installations', async () => {
      const store = await subject.create();
      await store.putInstallations([
        installation(1, { successorId: 2 }),
        installation(2, { successorId: 3, removed: true }),
        installation(3),
        installation(4, { removed: true }),
      ]);
      expect(await store.findInstallation(3)).toEqual({
        status: 'active',
        installation: installation(3),
      });
      expect(await store.findInstallation(1)).toEqual({
        status: 'replaced',
        installation: installation(1),
        successorId: 3,
      });
      expect(await store.findInstallation(2)).toMatchObject({ status: 'replaced', successorId: 3 });
      expect(await store.findInstallation(4)).toEqual({ status: 'missing' });
      expect(await store.findInstallation(99)).toEqual({ status: 'missing' });
      expect(await store.findInstallation(1.5)).toEqual({ status: 'missing' });
    });

    it('lists only active installations, by id, spec-shaped and frozen', async () => {
      const store = await subject.create();
      await store.putInstallations([
        installation(9),
        installation(2, { successorId: 9 }),
        installation(5),
        installation(7, { removed: true }),
      ]);
      const list = await store.listActiveInstallations();
      expect(list.map((i) => i.id)).toEqual([5, 9]);
      expect(list[0]).toEqual(installation(5));
      expect(Object.isFrozen(list)).toBe(true);
    });

    it('rejects a replacement cycle and a missing successor, naming the ids', async () => {
      const store = await subject.create();
      const cycle = [installation(1, { successorId: 2 }), installation(2, { successorId: 1 })];
      expect(await thrownBy(() => store.putInstallations(cycle))).toEqual(
        new RangeError(
          `${name}.putInstallations: invalid installations: replacement cycle 1 → 2 → 1`,
        ),
      );
      expect(
        await thrownBy(() => store.putInstallations([installation(1, { successorId: 5 })])),
      ).toEqual(
        new RangeError(
          `${name}.putInstallations: invalid installations: installation 1 names successor 5, which does not exist`,
        ),
      );
    });

    it('rejects invalid installation fields with position and field', async () => {
      const store = await subject.create();
      const bad = { ...installation(1), elevation: 'high' } as never;
      expect(await thrownBy(() => store.putInstallations([installation(2), bad]))).toEqual(
        new TypeError(
          `${name}.putInstallations: invalid installations: installations[1].elevation must be a finite number of metres, got "high"`,
        ),
      );
      expect(await thrownBy(() => store.putInstallations('x' as never))).toBeInstanceOf(TypeError);
      expect(await store.listActiveInstallations()).toEqual([]);
    });

    it('keeps its own copy of the installations', async () => {
      const store = await subject.create();
      const mine = installation(1);
      await store.putInstallations([mine]);
      (mine.sponsor as { name: string }).name = 'changed';
      expect((await store.listActiveInstallations())[0]?.sponsor.name).toBe('Test sponsor');
    });

    it('puts installations at run time and raises installationsVersion', async () => {
      const store = await subject.create();
      await store.putInstallations([installation(1), installation(2)]);
      const first = store.installationsVersion;
      await store.putInstallations([installation(3)]);
      const second = store.installationsVersion;
      expect(second).toBeGreaterThan(first);
      expect((await store.listActiveInstallations()).map((i) => i.id)).toEqual([1, 2, 3]);
      await store.putInstallations([
        installation(1, { successorId: 3 }),
        installation(2, { removed: true }),
      ]);
      expect(store.installationsVersion).toBeGreaterThan(second);
      expect((await store.listActiveInstallations()).map((i) => i.id)).toEqual([3]);
      expect(await store.findInstallation(1)).toMatchObject({ status: 'replaced', successorId: 3 });
      expect(await store.findInstallation(2)).toEqual({ status: 'missing' });
    });

    it('changes nothing when a put would break the replacement data', async () => {
      const store = await subject.create();
      await store.putInstallations([installation(1), installation(2, { successorId: 1 })]);
      const version = store.installationsVersion;
      expect(
        String(await thrownBy(() => store.putInstallations([installation(1, { successorId: 2 })]))),
      ).toMatch(/putInstallations: invalid installations: replacement cycle 1 → 2 → 1/);
      expect(
        String(await thrownBy(() => store.putInstallations([installation(3, { successorId: 4 })]))),
      ).toMatch(/successor 4/);
      expect(
        String(await thrownBy(() => store.putInstallations([installation(5), installation(5)]))),
      ).toMatch(/5 appears more than once/);
      expect(store.installationsVersion).toBe(version);
      expect(await store.findInstallation(1)).toMatchObject({ status: 'active' });
      expect(await store.findInstallation(3)).toEqual({ status: 'missing' });
    });

    it('puts installations and samples together, all or nothing', async () => {
      const store = await subject.create();
      const good = { installationId: 21, name: 'PM10', atMs: at(5), value: 40 };
      const error = await thrownBy(() =>
        store.putInstallations(
          [installation(21)],
          [good, { installationId: 22, name: 'PM10', atMs: at(6), value: 1 }],
        ),
      );
      expect(error).toBeInstanceOf(IngestError);
      expect((error as IngestError).rejected.map((r) => r.reason)).toEqual([
        'unknown installation 22',
      ]);
      expect(await store.findInstallation(21)).toEqual({ status: 'missing' });
      expect(await subject.samplesHeld(store)).toBe(0);
      await store.putInstallations([installation(21)], [good]);
      expect(await store.windowAverages(21, [hour9])).toEqual([{ PM10: 40 }]);
    });

    it('keeps the samples of an installation across puts', async () => {
      const store = await subject.create();
      await store.putInstallations([installation(1)]);
      await store.ingest([{ installationId: 1, name: 'PM10', atMs: hour9.fromMs, value: 30 }]);
      await store.putInstallations([installation(1, { removed: true })]);
      expect(await store.windowAverages(1, [hour9])).toEqual([{ PM10: 30 }]);
    });

    it('throws a TypeError for an id that is not a number', async () => {
      const store = await subject.create();
      await expect(store.findInstallation('1' as never)).rejects.toThrow(
        new TypeError(`${name}.findInstallation: id must be a number, got "1"`),
      );
    });
  });

  describe.runIf(subject.runs)('ingest and window averages', () => {
    it('stores a batch and averages it per window and type over [from, till)', async () => {
      const store = await newStore();
      const report = await store.ingest([
        { installationId: 11, name: 'PM10', atMs: at(5), value: 40 },
        { installationId: 11, name: 'PM10', atMs: at(35), value: 50 },
        { installationId: 11, name: 'PM25', atMs: at(35), value: 20.5 },
        { installationId: 11, name: 'PM10', atMs: at(60), value: 999 },
      ]);
      expect(report).toEqual({ accepted: 4, rejected: [] });
      expect(await subject.samplesHeld(store)).toBe(4);
      expect(
        await store.windowAverages(11, [
          hour9,
          hourOf21November(10),
          hourOf21November(8),
          { fromMs: at(5), tillMs: at(35) },
          { fromMs: at(5) + 0.5, tillMs: at(60) + 0.5 },
          { fromMs: at(-30), tillMs: at(90) },
          { fromMs: at(35), tillMs: at(35) },
        ]),
      ).toEqual([
        { PM10: 45, PM25: 20.5 },
        { PM10: 999 },
        {},
        { PM10: 40 },
        { PM10: (50 + 999) / 2, PM25: 20.5 },
        { PM10: (40 + 50 + 999) / 3, PM25: 20.5 },
        {},
      ]);
    });

    it('gives empty records for an installation without samples or unknown', async () => {
      const store = await newStore();
      expect(await store.windowAverages(13, [hour9])).toEqual([{}]);
      expect(await store.windowAverages(404, [hour9, hour9])).toEqual([{}, {}]);
      expect(await store.windowAverages(11, [])).toEqual([]);
    });

    it('keeps the valid part and reports every rejected sample with its reasons', async () => {
      const store = await newStore();
      const report = await store.ingest([
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
      expect(await subject.samplesHeld(store)).toBe(1);
    });

    it('in atomic mode throws an IngestError listing every rejected sample and stores nothing', async () => {
      const store = await newStore();
      const batch = [
        { installationId: 11, name: 'PM10', atMs: at(1), value: 10 },
        { installationId: 11, name: 'PM10', atMs: at(2), value: Number.NaN },
        { installationId: 77, name: 'PM10', atMs: at(3), value: 1 },
      ];
      const error = await thrownBy(() => store.ingest(batch, { atomic: true }));
      expect(error).toBeInstanceOf(IngestError);
      expect((error as IngestError).rejected.map((r) => r.index)).toEqual([1, 2]);
      expect((error as IngestError).message).toBe(
        `${name}.ingest: rejected 2 of 3 samples; nothing was stored:\n` +
          '  [1] value must be a finite number, got NaN\n' +
          '  [2] unknown installation 77',
      );
      expect(await subject.samplesHeld(store)).toBe(0);
      expect(await store.ingest(batch.slice(0, 1), { atomic: true })).toEqual({
        accepted: 1,
        rejected: [],
      });
    });

    it('caps the IngestError message but keeps every rejected sample', async () => {
      const store = await newStore();
      const batch = Array.from({ length: 25 }, (_, i) => ({
        installationId: 11,
        name: 'X',
        atMs: at(i),
        value: 1,
      }));
      const error = (await thrownBy(() => store.ingest(batch, { atomic: true }))) as IngestError;
      expect(error.message).toMatch(
        /\[19\] unknown measurement type "X"\n {2}… and 5 more \(see \.rejected\)$/,
      );
      expect(error.rejected).toHaveLength(25);
    });

    it('accepts samples of replaced and removed installations (their history is their own)', async () => {
      const store = await newStore();
      const report = await store.ingest([
        { installationId: 12, name: 'PM25', atMs: at(1), value: 7 },
        { installationId: 14, name: 'PM25', atMs: at(1), value: 8 },
      ]);
      expect(report.accepted).toBe(2);
      expect(await store.windowAverages(12, [hour9])).toEqual([{ PM25: 7 }]);
      expect(await store.windowAverages(14, [hour9])).toEqual([{ PM25: 8 }]);
    });

    it('accepts late samples and lets the last sample at a timestamp win', async () => {
      const store = await newStore();
      await store.ingest([{ installationId: 11, name: 'PM10', atMs: at(50), value: 50 }]);
      await store.ingest([
        { installationId: 11, name: 'PM10', atMs: at(10), value: 10 },
        { installationId: 11, name: 'PM10', atMs: at(50), value: 20 },
        { installationId: 11, name: 'PM10', atMs: at(30), value: 1 },
        { installationId: 11, name: 'PM10', atMs: at(30), value: 30 },
        { installationId: 11, name: 'PM10', atMs: at(-120), value: 5 },
      ]);
      expect(await subject.samplesHeld(store)).toBe(4);
      expect(await store.windowAverages(11, [hour9, hourOf21November(7)])).toEqual([
        { PM10: 20 },
        { PM10: 5 },
      ]);
    });

    it('rejects misuse at the boundary', async () => {
      const store = await newStore();
      expect(await thrownBy(() => store.ingest('x' as never))).toEqual(
        new TypeError(`${name}.ingest: samples must be an array, got "x"`),
      );
      expect(await thrownBy(() => store.ingest([], { atomic: 'yes' as never }))).toBeInstanceOf(
        TypeError,
      );
      await expect(store.windowAverages(11, [{ fromMs: Number.NaN, tillMs: 0 }])).rejects.toThrow(
        new RegExp(`${name}.windowAverages: windows\\[0\\] must have finite fromMs and tillMs`),
      );
      await expect(store.windowAverages(11, [{ fromMs: 2, tillMs: 1 }])).rejects.toThrow(
        RangeError,
      );
      await expect(store.windowAverages('11' as never, [])).rejects.toThrow(
        new TypeError(`${name}.windowAverages: installationId must be a number, got "11"`),
      );
    });
  });

  describe.runIf(subject.runs)('data versions', () => {
    it('change for samples before the asked hour, of that installation only', async () => {
      const store = await newStore();
      const nine = hour9.fromMs;
      const version = (id: number, beforeMs: number) => store.dataVersion?.(id, beforeMs);
      const start = version(11, nine);
      await store.ingest([{ installationId: 11, name: 'PM10', atMs: at(1), value: 40 }]);
      expect(version(11, nine)).toBe(start); // belongs to the hour in progress
      expect(version(11, nine + MS_PER_HOUR)).not.toBe(start);
      await store.ingest([{ installationId: 11, name: 'PM10', atMs: at(-1), value: 42 }]);
      const afterLate = version(11, nine);
      expect(afterLate).not.toBe(start);
      const other = version(13, nine);
      await store.ingest([{ installationId: 11, name: 'PM25', atMs: at(-120), value: 11 }]);
      expect(version(11, nine)).not.toBe(afterLate);
      expect(version(13, nine)).toBe(other);
      const beforeRejected = version(11, nine);
      await store.ingest([{ installationId: 11, name: 'PM2.5', atMs: at(-60), value: 1 }]);
      expect(version(11, nine)).toBe(beforeRejected);
    });
  });

  describe.runIf(subject.runs)('properties', () => {
    // Every run puts installations with new ids (a PostgreSQL store is shared by the runs,
    // see propertyStore), from 2,000,000 up, so that no id of a run is known to another and
    // none collides with the "unknown" ids (up to 1,000,000) of the invalid sample generator.
    let nextId = 2_000_000;
    async function runIds(store: ContractStore): Promise<number[]> {
      const ids = [nextId + 1, nextId + 2, nextId + 3, nextId + 4];
      nextId += 4;
      // The fixture's location moves with the id; these ids would move it off the globe.
      const location = { latitude: 50.06, longitude: 19.94 };
      await store.putInstallations([
        installation(ids[0]!, { location }),
        installation(ids[1]!, { location, successorId: ids[2]! }),
        installation(ids[2]!, { location }),
        installation(ids[3]!, { location, removed: true }),
      ]);
      return ids;
    }
    const IDS = [1, 2, 3];
    const batchArb = fc.array(validSampleArb(IDS), { maxLength: 60 });
    const toRun = (samples: readonly unknown[], ids: readonly number[]) =>
      samples.map((sample) => {
        const id = (sample as { installationId?: unknown })?.installationId;
        return typeof id === 'number' && IDS.includes(id)
          ? { ...(sample as Sample), installationId: ids[id - 1]! }
          : sample;
      });

    it('windowAverages matches a naive oracle over any batches and windows', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(batchArb, { minLength: 1, maxLength: 3 }),
          fc.array(windowArb, { minLength: 1, maxLength: 5 }),
          async (batches, windows) => {
            const store = await subject.propertyStore();
            const ids = await runIds(store);
            const oracle = new NaiveStore();
            const heldBefore = await subject.samplesHeld(store);
            for (const batch of batches) {
              const samples = toRun(batch, ids) as Sample[];
              expect((await store.ingest(samples)).accepted).toBe(batch.length);
              for (const sample of samples) oracle.add(sample);
            }
            expect((await subject.samplesHeld(store)) - heldBefore).toBe(oracle.sampleCount);
            for (const id of ids.slice(0, 3)) {
              const averages = await store.windowAverages(id, windows);
              windows.forEach((w, i) => {
                expect(sameAverages(averages[i]!, oracle.averages(id, w.fromMs, w.tillMs))).toBe(
                  true,
                );
              });
            }
          },
        ),
        { numRuns: subject.propertyRuns },
      );
    }, 600_000);

    it('never loses a stored sample to a batch with rejected samples', async () => {
      const mixedArb = fc
        .tuple(
          fc.array(validSampleArb(IDS), { maxLength: 20 }),
          fc.array(invalidSampleArb(IDS), { minLength: 1, maxLength: 6 }),
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
          async (storedBatch, mixedBatch, windows, atomic) => {
            const store = await subject.propertyStore();
            const ids = await runIds(store);
            const knownIds = new Set(ids);
            const stored = toRun(storedBatch, ids) as Sample[];
            const mixed = toRun(mixedBatch, ids);
            await store.ingest(stored);
            const wholeRange = { fromMs: BASE_MS - MS_PER_HOUR, tillMs: BASE_MS + 8 * MS_PER_HOUR };
            const allWindows = [...windows, wholeRange];
            const read = () => Promise.all(ids.map((id) => store.windowAverages(id, allWindows)));
            const before = await read();
            const heldBefore = await subject.samplesHeld(store);
            const expectedRejected = mixed.flatMap((sample, index) =>
              naiveIsAcceptable(sample, knownIds) ? [] : [index],
            );
            expect(expectedRejected.length).toBeGreaterThan(0);

            if (atomic) {
              const error = await thrownBy(() => store.ingest(mixed as Sample[], { atomic: true }));
              expect(error).toBeInstanceOf(IngestError);
              expect(await subject.samplesHeld(store)).toBe(heldBefore);
              expect(await read()).toEqual(before);
              return;
            }
            const report = await store.ingest(mixed as Sample[]);
            expect(report.rejected.map((r) => r.index)).toEqual(expectedRejected);
            expect(report.accepted).toBe(mixed.length - expectedRejected.length);
            const oracle = new NaiveStore();
            for (const sample of [
              ...stored,
              ...mixed.filter((s) => naiveIsAcceptable(s, knownIds)),
            ])
              oracle.add(sample as Sample);
            for (const id of ids) {
              const after = await store.windowAverages(id, allWindows);
              allWindows.forEach((w, i) => {
                expect(sameAverages(after[i]!, oracle.averages(id, w.fromMs, w.tillMs))).toBe(true);
              });
            }
          },
        ),
        { numRuns: subject.propertyRuns },
      );
    }, 600_000);
  });
});

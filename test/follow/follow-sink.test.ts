// The follow sink over the in-memory store and the journal: ids from the source's range, kept
// at the same coordinates, split on a move, given back on a return; descriptions updated in
// place; a batch stored twice changes nothing; a restart keeps it all; a failing disk serves
// nothing of the batch. Expected ids come from follow-sink-helpers.ts (the documented scheme).
import { rm } from 'node:fs/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFollowSink } from '../../src/follow/follow-sink.js';
import { ALWAYS_HELD_LEASE } from '../../src/follow/follow-sink-lease.js';
import { DependencyUnavailableError } from '../../src/model/dependency-unavailable.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import { JournaledStore } from '../../src/store/journaled-store.js';
import { RUNS } from '../helpers/property-runs.js';
import { installation } from '../helpers/store-fixtures.js';
import { faultyFiles, tempDir } from '../store/journal/journal-helpers.js';
import { batchOf, expectedId, place, pm10, servedPm10 } from './follow-sink-helpers.js';

const SC = 'sensor-community';
const FILE_INSTALLATION = installation(1071); // the same number as a followed location's id

describe('createFollowSink over an InMemoryStore', () => {
  it('gives each new place an id in its source range and stores its samples there', async () => {
    const memory = new InMemoryStore([FILE_INSTALLATION]);
    const sink = createFollowSink(memory);
    const batch = batchOf(
      [place(1071, 0), place(2, 2)],
      [pm10(1071, 5, 20), pm10(1071, 6, 22), pm10(2, 5, 9)],
    );
    expect(await sink.storeBatch(SC, batch)).toEqual({
      newInstallations: 2,
      acceptedSamples: 3,
      repeatedSamples: 0,
      rejectedSamples: 0,
    });
    const ids = (await memory.listActiveInstallations()).map((found) => found.id);
    expect(ids).toEqual([1071, expectedId(SC, 2, 0), expectedId(SC, 1071, 0)]);
    expect(await servedPm10(memory, expectedId(SC, 1071, 0), 6)).toBe(22);
    expect(await servedPm10(memory, expectedId(SC, 2, 0), 5)).toBe(9);
    expect(await servedPm10(memory, 1071, 5)).toBeUndefined(); // the file's installation is apart
    const lookup = await memory.findInstallation(expectedId(SC, 1071, 0));
    expect(lookup).toMatchObject({
      status: 'active',
      installation: { elevation: 38.7, vendor: false },
    });
    // The same location id in another source is another installation.
    await sink.storeBatch('openaq', batchOf([place(1071, 0)], [pm10(1071, 5, 1)]));
    expect(await servedPm10(memory, expectedId('openaq', 1071, 0), 5)).toBe(1);
    expect(expectedId('openaq', 1071, 0)).toBe(2_000_000_000_001_071);
  });

  it('keeps the id at the same coordinates, splits on a move and gives the first id back on a return', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    const first = expectedId(SC, 7, 0);
    const moved = expectedId(SC, 7, 1);
    expect(moved).toBe(1_000_001_000_000_007);
    await sink.storeBatch(SC, batchOf([place(7, 0)], [pm10(7, 0, 10)]));
    expect(await sink.storeBatch(SC, batchOf([place(7, 1)], [pm10(7, 1, 11)]))).toEqual({
      newInstallations: 1,
      acceptedSamples: 1,
      repeatedSamples: 0,
      rejectedSamples: 0,
    });
    expect(await sink.storeBatch(SC, batchOf([place(7, 0)], [pm10(7, 2, 12)]))).toMatchObject({
      newInstallations: 0,
    });
    expect((await memory.listActiveInstallations()).map((found) => found.id)).toEqual([
      first,
      moved,
    ]);
    expect([await servedPm10(memory, first, 0), await servedPm10(memory, first, 2)]).toEqual([
      10, 12,
    ]);
    expect(await servedPm10(memory, moved, 1)).toBe(11);
    expect(await memory.readPlaces(SC, [7])).toMatchObject([
      { place: { source: SC, sourceId: 7, k: 0 }, installation: { id: first } },
      { place: { source: SC, sourceId: 7, k: 1 }, installation: { id: moved } },
    ]);
    // A third spot: the next k, whatever the order of the earlier ones.
    await sink.storeBatch(SC, batchOf([place(7, 2)]));
    expect((await memory.readPlaces(SC, [7])).map((found) => found.installation.id)).toEqual([
      first,
      moved,
      expectedId(SC, 7, 2),
    ]);
  });

  it('updates a changed description in place, and writes nothing for a batch stored again', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    const batch = batchOf([place(3, 0)], [pm10(3, 0, 10)]);
    await sink.storeBatch(SC, batch);
    const version = memory.installationsVersion;
    const dataVersion = memory.dataVersion(expectedId(SC, 3, 0), Number.POSITIVE_INFINITY);
    expect(await sink.storeBatch(SC, batch)).toEqual({
      newInstallations: 0,
      acceptedSamples: 0,
      repeatedSamples: 1,
      rejectedSamples: 0,
    });
    expect(memory.installationsVersion).toBe(version);
    expect(memory.dataVersion(expectedId(SC, 3, 0), Number.POSITIVE_INFINITY)).toBe(dataVersion);
    expect(memory.sampleCount).toBe(1);
    await sink.storeBatch(SC, batchOf([place(3, 0, 41)], [pm10(3, 0, 10)]));
    expect(memory.installationsVersion).toBe(version + 1);
    const lookup = await memory.findInstallation(expectedId(SC, 3, 0));
    expect(lookup).toMatchObject({ status: 'active', installation: { elevation: 41 } });
    expect(memory.sampleCount).toBe(1);
  });

  it('counts samples without a place and those the store refuses as rejected', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    const batch = batchOf(
      [place(3, 0)],
      [pm10(3, 0, 10), pm10(99, 0, 10), { ...pm10(3, 1, 0), value: Number.NaN }],
    );
    expect(await sink.storeBatch(SC, batch)).toEqual({
      newInstallations: 1,
      acceptedSamples: 1,
      repeatedSamples: 0,
      rejectedSamples: 2,
    });
  });

  it('refuses to take the id of an installation loaded from a file, storing nothing', async () => {
    const memory = new InMemoryStore([installation(5, { id: expectedId(SC, 5, 0) })]);
    const sink = createFollowSink(memory);
    await expect(sink.storeBatch(SC, batchOf([place(5, 0)], [pm10(5, 0, 1)]))).rejects.toThrow(
      new RangeError(
        'InMemoryStore.writePlaces: installation id 1000000000000005 is taken by an installation that is no followed place',
      ),
    );
    expect(memory.sampleCount).toBe(0);
    expect(memory.installationsVersion).toBe(0);
  });

  it('refuses misuse with the function, the parameter and the value', async () => {
    const sink = createFollowSink(new InMemoryStore([]));
    await expect(sink.storeBatch('luftdaten' as never, batchOf([]))).rejects.toThrow(
      new RangeError(
        'FollowSink.storeBatch: source must be one of sensor-community, openaq, purpleair, got "luftdaten"',
      ),
    );
    await expect(sink.storeBatch(SC, batchOf([place(1, 0), place(1, 1)]))).rejects.toThrow(
      new RangeError(
        'FollowSink.storeBatch: batch.places[1].sourceId must not repeat an earlier place, got 1',
      ),
    );
    await expect(sink.storeBatch(SC, { places: 3 } as never)).rejects.toThrow(
      new TypeError('FollowSink.storeBatch: batch.places must be an array, got 3'),
    );
    await expect(sink.storeBatch(SC, batchOf([place(1_000_000_000, 0)]))).rejects.toThrow(
      'followedInstallationId: sourceId must be a positive integer below 1000000000, got 1000000000',
    );
    expect(() => createFollowSink(undefined as never)).toThrow(
      new TypeError('createFollowSink: store must be an object, got undefined'),
    );
  });

  it('has a lease that is always held without a database', async () => {
    expect(await ALWAYS_HELD_LEASE.hold(SC, 60_000)).toBe(true);
    await ALWAYS_HELD_LEASE.release(SC);
    expect(await ALWAYS_HELD_LEASE.hold(SC, 60_000)).toBe(true);
  });
});

describe('createFollowSink: a batch larger than a piece', () => {
  // The documented pieces: 250 places, then 500 samples, each in a turn of its own.
  const PLACES = 600;
  const SAMPLES = 4_500;
  const largeBatch = () =>
    batchOf(
      Array.from({ length: PLACES }, (_, i) => place(i + 1, i % 3)),
      Array.from({ length: SAMPLES }, (_, i) => pm10((i % PLACES) + 1, Math.floor(i / PLACES), i)),
    );

  it('is stored whole, with turns of the event loop between its pieces', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    // What a request handled between two pieces would see: a callback of the next turn, again
    // and again, until the batch is stored.
    const seen: [installations: number, samples: number][] = [];
    let storing = true;
    const look = async () => {
      seen.push([(await memory.listActiveInstallations()).length, memory.sampleCount]);
      if (storing) setImmediate(look);
    };
    setImmediate(look);
    const report = await sink.storeBatch(SC, largeBatch());
    storing = false;
    expect(report).toEqual({
      newInstallations: PLACES,
      acceptedSamples: SAMPLES,
      repeatedSamples: 0,
      rejectedSamples: 0,
    });
    expect(memory.sampleCount).toBe(SAMPLES);
    expect(seen).toContainEqual([250, 0]);
    expect(seen).toContainEqual([500, 0]);
    for (let stored = 500; stored < SAMPLES; stored += 500) {
      expect(seen).toContainEqual([PLACES, stored]);
    }
    expect(await servedPm10(memory, expectedId(SC, 100, 0), 7)).toBe(7 * PLACES + 99);
  });

  it('keeps the pieces stored before a failing one, and completes them when stored again', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const memory = new InMemoryStore([]);
    const { store } = await JournaledStore.open(memory, { dir, files });
    try {
      const sink = createFollowSink(store);
      // The disk fills once two pieces of places are stored: the third piece's write fails.
      // (A count past 500 would mean a piece went unobserved: the look stops, the test fails.)
      const fillWhenTwoPieces = async () => {
        const stored = (await memory.listActiveInstallations()).length;
        if (stored === 500) controls.writesToDevFull = true;
        else if (stored < 500) setImmediate(fillWhenTwoPieces);
      };
      setImmediate(fillWhenTwoPieces);
      await expect(sink.storeBatch(SC, largeBatch())).rejects.toThrow(DependencyUnavailableError);
      expect((await memory.listActiveInstallations()).length).toBe(500);
      expect(memory.sampleCount).toBe(0);
      controls.writesToDevFull = false;
      expect(await sink.storeBatch(SC, largeBatch())).toEqual({
        newInstallations: PLACES - 500,
        acceptedSamples: SAMPLES,
        repeatedSamples: 0,
        rejectedSamples: 0,
      });
      expect(memory.sampleCount).toBe(SAMPLES);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('stores any batch in pieces as a naive oracle says, whatever its size (1,000 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 520 }),
        fc.array(
          fc.record({
            sourceId: fc.integer({ min: 1, max: 530 }),
            minute: fc.integer({ min: 0, max: 3 }),
            value: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 500 })), // repeats too
          }),
          { maxLength: 2_100, size: 'max' },
        ),
        async (placeCount, samples) => {
          const memory = new InMemoryStore([]);
          const sink = createFollowSink(memory);
          const places = Array.from({ length: placeCount }, (_, i) => place(i + 1, i % 3));
          const batch = batchOf(
            places,
            samples.map(({ sourceId, minute, value }) => pm10(sourceId, minute, value)),
          );
          // The oracle: a sample is placed when its source id has a place; the last one of
          // each (place, minute) is served; one equal to the value before it at its (place,
          // minute) in the batch is a repeat, not written.
          const placed = samples.filter(({ sourceId }) => sourceId <= placeCount);
          const last = new Map<string, number>();
          let repeats = 0;
          for (const { sourceId, minute, value } of placed) {
            const key = `${sourceId} ${minute}`;
            if (last.get(key) === value) repeats++;
            last.set(key, value);
          }
          expect(await sink.storeBatch(SC, batch)).toEqual({
            newInstallations: placeCount,
            acceptedSamples: placed.length - repeats,
            repeatedSamples: repeats,
            rejectedSamples: samples.length - placed.length,
          });
          expect(memory.sampleCount).toBe(last.size);
          for (const [key, value] of last) {
            const [sourceId, minute] = key.split(' ').map(Number) as [number, number];
            expect(await servedPm10(memory, expectedId(SC, sourceId, 0), minute)).toBe(value);
          }
        },
      ),
      RUNS,
    );
    // 7–10 s alone, 9–20 s among the suite on two cores, and 30 s once on a machine that ran
    // a second suite beside it: a thousand batches of up to five pieces, each a turn of the
    // loop, and every sample read back. The default 30 s made the result depend on the load.
  }, 120_000);
});

describe("createFollowSink's memory of a source's previous batch", () => {
  // Sensor.Community's file spans five minutes and is read every minute: each poll repeats four
  // minutes of the one before.
  const window = (first: number, value = (minute: number) => 10 + minute) =>
    batchOf(
      [place(3, 0)],
      [0, 1, 2, 3, 4].map((offset) => pm10(3, first + offset, value(first + offset))),
    );
  const counts = (accepted: number, repeated: number, rejected = 0) => ({
    newInstallations: 0,
    acceptedSamples: accepted,
    repeatedSamples: repeated,
    rejectedSamples: rejected,
  });

  it('writes only what the previous poll did not, and serves every minute', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    expect(await sink.storeBatch(SC, window(0))).toMatchObject({ acceptedSamples: 5 });
    expect(await sink.storeBatch(SC, window(1))).toEqual(counts(1, 4));
    expect(await sink.storeBatch(SC, window(2))).toEqual(counts(1, 4));
    for (let minute = 0; minute <= 6; minute++) {
      expect(await servedPm10(memory, expectedId(SC, 3, 0), minute)).toBe(10 + minute);
    }
  });

  it('writes a value the source changed, and a minute it gave again after a poll without it', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    await sink.storeBatch(SC, window(0));
    const corrected = window(0, (minute) => (minute === 2 ? 99 : 10 + minute));
    expect(await sink.storeBatch(SC, corrected)).toEqual(counts(1, 4));
    expect(await servedPm10(memory, expectedId(SC, 3, 0), 2)).toBe(99);
    // Only one batch back: minute 0 of two polls ago is written again.
    await sink.storeBatch(SC, batchOf([place(3, 0)], [pm10(3, 1, 11)]));
    expect(await sink.storeBatch(SC, batchOf([place(3, 0)], [pm10(3, 0, 10)]))).toEqual(
      counts(1, 0),
    );
  });

  it('writes the samples of a place that moved, and ends a batch that names a time twice with its last value', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    await sink.storeBatch(SC, batchOf([place(3, 0)], [pm10(3, 0, 7)]));
    expect(await sink.storeBatch(SC, batchOf([place(3, 1)], [pm10(3, 0, 7)]))).toMatchObject({
      acceptedSamples: 1,
      repeatedSamples: 0,
    });
    expect(await servedPm10(memory, expectedId(SC, 3, 1), 0)).toBe(7);
    // Minute 0 was 7 at the first spot: 5 then 7 in one batch are both written, 7 served.
    const twice = batchOf([place(3, 0)], [pm10(3, 0, 5), pm10(3, 0, 7), pm10(3, 0, 7)]);
    expect(await sink.storeBatch(SC, twice)).toEqual(counts(2, 1));
    expect(await servedPm10(memory, expectedId(SC, 3, 0), 0)).toBe(7);
  });

  it('remembers 64 samples of a place a poll, and writes the rest again', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    const many = batchOf(
      [place(3, 0)],
      Array.from({ length: 70 }, (_, minute) => pm10(3, minute, minute)),
    );
    await sink.storeBatch(SC, many);
    expect(await sink.storeBatch(SC, many)).toEqual(counts(6, 64));
    expect(memory.sampleCount).toBe(70);
  });

  it('keeps no memory of a refused sample, of another source, or across a new sink', async () => {
    const memory = new InMemoryStore([]);
    const sink = createFollowSink(memory);
    const refused = batchOf([place(3, 0)], [{ ...pm10(3, 1, 0), value: Number.NaN }]);
    await sink.storeBatch(SC, refused);
    expect(await sink.storeBatch(SC, refused)).toEqual(counts(0, 0, 1));
    await sink.storeBatch(SC, window(0));
    expect(await sink.storeBatch('openaq', window(0))).toMatchObject({ acceptedSamples: 5 });
    expect(await createFollowSink(memory).storeBatch(SC, window(0))).toEqual(counts(5, 0));
  });

  it('journals each sample once across overlapping polls, and forgets everything when the disk fails', async () => {
    const dir = await tempDir();
    const { files, controls } = faultyFiles();
    const { store } = await JournaledStore.open(new InMemoryStore([]), { dir, files });
    const sink = createFollowSink(store);
    try {
      for (let first = 0; first < 4; first++) await sink.storeBatch(SC, window(first));
      controls.writesToDevFull = true;
      await expect(sink.storeBatch(SC, window(4))).rejects.toThrow(DependencyUnavailableError);
      controls.writesToDevFull = false;
      // What the failed poll noted may not be durable: the next poll writes all of its window.
      expect(await sink.storeBatch(SC, window(4))).toEqual(counts(5, 0));
    } finally {
      await store.close();
    }
    const again = new InMemoryStore([]);
    const reopened = await JournaledStore.open(again, { dir });
    // One places record, then samples 5 + 1 + 1 + 1 and the window of minutes 4 to 8 again.
    expect(reopened.report).toMatchObject({ places: 1, records: 6, samples: 13 });
    for (let minute = 0; minute <= 8; minute++) {
      expect(await servedPm10(again, expectedId(SC, 3, 0), minute)).toBe(10 + minute);
    }
    await reopened.store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('createFollowSink over a JournaledStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps ids, places and samples across a restart, and splits after it as before', async () => {
    const memory = new InMemoryStore([FILE_INSTALLATION]);
    const first = await JournaledStore.open(memory, { dir });
    const sink = createFollowSink(first.store);
    await sink.storeBatch(
      SC,
      batchOf([place(1071, 0), place(8, 1)], [pm10(1071, 0, 20), pm10(8, 0, 3)]),
    );
    await sink.storeBatch(SC, batchOf([place(1071, 1, 40)], [pm10(1071, 1, 21)]));
    await first.store.close();

    const again = new InMemoryStore([FILE_INSTALLATION]);
    const reopened = await JournaledStore.open(again, { dir });
    expect(reopened.report).toMatchObject({
      records: 4,
      samples: 3,
      places: 3,
      refused: 0,
      refusedPlaces: 0,
    });
    expect((await again.listActiveInstallations()).map((found) => found.id)).toEqual([
      1071,
      expectedId(SC, 8, 0),
      expectedId(SC, 1071, 0),
      expectedId(SC, 1071, 1),
    ]);
    expect(await servedPm10(again, expectedId(SC, 1071, 0), 0)).toBe(20);
    expect(await servedPm10(again, expectedId(SC, 1071, 1), 1)).toBe(21);
    const sinkAgain = createFollowSink(reopened.store);
    // Back at the first spot, then at a third: the ids of before, then k = 2.
    await sinkAgain.storeBatch(SC, batchOf([place(1071, 0)], [pm10(1071, 2, 22)]));
    expect(await sinkAgain.storeBatch(SC, batchOf([place(1071, 2)]))).toMatchObject({
      newInstallations: 1,
    });
    expect(await servedPm10(again, expectedId(SC, 1071, 0), 2)).toBe(22);
    expect((await again.readPlaces(SC, [1071])).map((found) => found.installation.id)).toEqual([
      expectedId(SC, 1071, 0),
      expectedId(SC, 1071, 1),
      expectedId(SC, 1071, 2),
    ]);
    await reopened.store.close();
  });

  it('serves nothing of a batch the disk could not take, and takes it once the disk has room', async () => {
    const { files, controls } = faultyFiles();
    const memory = new InMemoryStore([]);
    const { store } = await JournaledStore.open(memory, { dir, files });
    const sink = createFollowSink(store);
    const batch = batchOf([place(4, 0)], [pm10(4, 0, 5)]);
    controls.writesToDevFull = true;
    await expect(sink.storeBatch(SC, batch)).rejects.toThrow(DependencyUnavailableError);
    expect(await memory.listActiveInstallations()).toEqual([]);
    expect(memory.sampleCount).toBe(0);
    controls.writesToDevFull = false;
    expect(await sink.storeBatch(SC, batch)).toEqual({
      newInstallations: 1,
      acceptedSamples: 1,
      repeatedSamples: 0,
      rejectedSamples: 0,
    });
    await store.close();
    const again = new InMemoryStore([]);
    const reopened = await JournaledStore.open(again, { dir });
    expect(await servedPm10(again, expectedId(SC, 4, 0), 0)).toBe(5);
    await reopened.store.close();
  });

  it('reports a journaled place whose id an installations file took meanwhile, and its samples', async () => {
    const first = await JournaledStore.open(new InMemoryStore([]), { dir });
    await createFollowSink(first.store).storeBatch(SC, batchOf([place(6, 0)], [pm10(6, 0, 1)]));
    await first.store.close();
    const taken = new InMemoryStore([installation(6, { id: expectedId(SC, 6, 0) })]);
    const reopened = await JournaledStore.open(taken, { dir });
    expect(reopened.report).toMatchObject({ places: 1, refusedPlaces: 1, refused: 0 });
    expect(reopened.report.firstPlacesRefusal).toBe(
      'InMemoryStore.writePlaces: installation id 1000000000000006 is taken by an installation that is no followed place',
    );
    await reopened.store.close();
  });
});

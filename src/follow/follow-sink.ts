import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { InMemoryStore } from '../store/in-memory-store.js';
import type { IngestReport, Sample } from '../store/ingest-report.js';
import type { PlaceWriter } from '../store/placed-installation.js';
import { assignPlaces, FOLLOWED_ID_BASES } from './follow-sink-places.js';
import type {
  FollowedBatch,
  FollowedSourceName,
  FollowSink,
  FollowStoreReport,
} from './followed-batch.js';

// What a follower does with a batch that a poll read: the places become installations (ids
// kept by the store, follow-sink-places.ts), then the samples go the way of every live write.
// Both steps are the store's durable writes, so a batch is served only once it would survive
// a restart.

/**
 * A store a follow sink writes to: its places (`PlaceWriter`) and its samples, durably
 * (`SampleWriter.writeSamples`). `JournaledStore` and `PostgresStore` are; an `InMemoryStore`
 * is taken as well, without durability (a test, a program that keeps nothing).
 */
export type FollowSinkStore = PlaceWriter & {
  writeSamples(samples: readonly Sample[]): Promise<IngestReport>;
};

const SOURCE_NAMES = Object.freeze(Object.keys(FOLLOWED_ID_BASES)) as readonly FollowedSourceName[];

/**
 * The {@link FollowSink} of a store. `storeBatch(source, batch)`:
 * 1. reads the places stored for the batch's source ids and gives each place its installation
 *    (`assignPlaces`: the same coordinates keep their id, new coordinates get a new one, ids
 *    as `followedInstallationId` makes them);
 * 2. writes the new places and the changed descriptions (`writePlaces`: a journal record or a
 *    transaction), then
 * 3. the samples, each at its place's installation (`writeSamples`, the path of every live
 *    write: the journal's group commit, or a PostgreSQL transaction),
 *
 * and resolves once both are durable and served. A sample is rejected (and counted) when the
 * store refuses it (a value out of range, before the retention horizon …) or when the batch has
 * no place for its source id. A store that fails (a full disk, a database that is down)
 * rejects the promise with its `DependencyUnavailableError`; what it did not make durable is
 * not served. Places written before samples that then fail stay (they are durable, with no
 * samples yet); storing the batch again is harmless: a batch stored twice writes nothing new,
 * and its samples replace themselves with the same values.
 *
 * One batch per source at a time (the follower polls a source after its last poll was stored).
 *
 * @param store - a `JournaledStore`, a `PostgresStore` or an `InMemoryStore`
 * @throws TypeError when `store` is not an object
 * @example
 * const sink = createFollowSink(journaled); // from JournaledStore.open(memory, { dir })
 * await sink.storeBatch('sensor-community', batch);
 * // { newInstallations: 12, acceptedSamples: 40, rejectedSamples: 0 }
 */
export function createFollowSink(store: FollowSinkStore | InMemoryStore): FollowSink {
  checkObject('createFollowSink', 'store', store);
  const writeSamples =
    store instanceof InMemoryStore
      ? async (samples: readonly Sample[]) => store.ingest(samples)
      : (samples: readonly Sample[]) => store.writeSamples(samples);
  return Object.freeze({
    async storeBatch(source: FollowedSourceName, batch: FollowedBatch): Promise<FollowStoreReport> {
      const fn = 'FollowSink.storeBatch';
      checkOneOf(fn, 'source', source, SOURCE_NAMES);
      checkBatch(fn, batch);
      const sourceIds = batch.places.map((place) => place.sourceId);
      const assigned = assignPlaces(
        source,
        batch.places,
        await store.readPlaces(source, sourceIds),
      );
      if (assigned.writes.length > 0) await store.writePlaces(assigned.writes);
      const samples: Sample[] = [];
      let unplaced = 0;
      for (const { sourceId, name, atMs, value } of batch.samples) {
        const installationId = assigned.ids.get(sourceId);
        if (installationId === undefined) unplaced++;
        else samples.push({ installationId, name, atMs, value });
      }
      const report = samples.length > 0 ? await writeSamples(samples) : undefined;
      return Object.freeze({
        newInstallations: assigned.created,
        acceptedSamples: report?.accepted ?? 0,
        rejectedSamples: unplaced + (report?.rejected.length ?? 0),
      });
    },
  });
}

// The shape a reader promises: arrays of objects, each place once. Values are the store's to
// judge (it reports what it refuses), ids and installations `assignPlaces`' and the store's.
function checkBatch(fn: string, batch: FollowedBatch): void {
  checkObject(fn, 'batch', batch);
  const { places, samples } = batch;
  if (!Array.isArray(places))
    throw argumentError(TypeError, fn, 'batch.places', 'must be an array', places);
  if (!Array.isArray(samples))
    throw argumentError(TypeError, fn, 'batch.samples', 'must be an array', samples);
  const seen = new Set<number>();
  places.forEach((place: unknown, i) => {
    checkObject(fn, `batch.places[${i}]`, place);
    const { sourceId, installation } = place as FollowedBatch['places'][number];
    checkObject(fn, `batch.places[${i}].installation`, installation);
    checkObject(fn, `batch.places[${i}].installation.location`, installation.location);
    if (seen.has(sourceId)) {
      throw argumentError(
        RangeError,
        fn,
        `batch.places[${i}].sourceId`,
        'must not repeat an earlier place',
        sourceId,
      );
    }
    seen.add(sourceId);
  });
  samples.forEach((sample: unknown, i) => {
    checkObject(fn, `batch.samples[${i}]`, sample);
  });
}

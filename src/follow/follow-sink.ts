import { checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { InMemoryStore } from '../store/in-memory-store.js';
import type { IngestReport, Sample } from '../store/ingest-report.js';
import type { PlaceWriter } from '../store/placed-installation.js';
import { SourceMemory } from './follow-sink-memory.js';
import { assignPlaces, FOLLOWED_ID_BASES } from './follow-sink-places.js';
import type {
  FollowedBatch,
  FollowedSourceName,
  FollowSink,
  FollowStoreReport,
} from './followed-batch.js';
import { nextTurn } from './next-turn.js';

// What a follower does with a batch that a poll read: the places become installations (ids
// kept by the store, follow-sink-places.ts), then the samples go the way of every live write.
// Both steps are the store's durable writes, so a batch is served only once it would survive
// a restart. The work runs on the thread that answers requests, so it goes in pieces with a
// turn of the event loop between them: a country's batch (10,667 places, 102,152 samples),
// stored in one piece, held that thread for about 300 ms a poll, and a request that arrived
// meanwhile waited for all of it. The pieces are small because this code runs cold: once a poll,
// every few seconds, mostly before V8 has optimised it. Run by the interpreter alone, a city's
// 1,022 samples held the thread 4.3–4.5 ms in one turn (the median of its polls), 2.2–2.5 ms
// in pieces of 500; a piece costs one more durable write (a journal commit, a transaction),
// and the network route then computes anew only the installations whose samples changed.

/** Places judged and written in one turn of the event loop. */
export const PLACES_PER_TURN = 250;

/** Samples judged and written in one turn of the event loop. */
export const SAMPLES_PER_TURN = 500;

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
 * The {@link FollowSink} of a store. `storeBatch(source, batch)` takes the batch's places
 * {@link PLACES_PER_TURN} at a time, then its samples {@link SAMPLES_PER_TURN} at a time, each
 * piece in a turn of the event loop of its own (requests are answered between them):
 * 1. reads the places stored for the piece's source ids and gives each place its installation
 *    (`assignPlaces`: the same coordinates keep their id, new coordinates get a new one, ids
 *    as `followedInstallationId` makes them);
 * 2. writes the new places and the changed descriptions (`writePlaces`: a journal record or a
 *    transaction), then
 * 3. the samples, each at its place's installation (`writeSamples`, the path of every live
 *    write: the journal's group commit, or a PostgreSQL transaction),
 *
 * and resolves once every piece is durable and served; a piece is served once it is durable,
 * so a reader may see the first pieces of a large batch some milliseconds before the last. A
 * sample is rejected (and counted) when the store refuses it (a value out of range, before the
 * retention horizon …) or when the batch has no place for its source id. A store that fails (a
 * full disk, a database that is down) rejects the promise with its `DependencyUnavailableError`;
 * what it did not make durable is not served, and the pieces before it stay (durable, and
 * correct on their own: places with no samples yet, samples at their places).
 *
 * A sample that this sink wrote with the same value for the source's previous batch is not
 * written again (`repeatedSamples`; follow-sink-memory.ts): a batch stored twice writes nothing
 * the second time. The sink remembers only its own writes, one batch back, and forgets them
 * when it is made anew (a restart) or when a store fails; a sample it does not remember is
 * written, and replaces itself in the store.
 *
 * One batch per source at a time (the follower polls a source after its last poll was stored).
 *
 * @param store - a `JournaledStore`, a `PostgresStore` or an `InMemoryStore`
 * @throws TypeError when `store` is not an object
 * @example
 * const sink = createFollowSink(journaled); // from JournaledStore.open(memory, { dir })
 * await sink.storeBatch('sensor-community', batch);
 * // { newInstallations: 12, acceptedSamples: 40, repeatedSamples: 0, rejectedSamples: 0 }
 */
export function createFollowSink(store: FollowSinkStore | InMemoryStore): FollowSink {
  checkObject('createFollowSink', 'store', store);
  const writeSamples =
    store instanceof InMemoryStore
      ? async (samples: readonly Sample[]) => store.ingest(samples)
      : (samples: readonly Sample[]) => store.writeSamples(samples);
  const memories = new Map(SOURCE_NAMES.map((name) => [name, new SourceMemory()]));
  return Object.freeze({
    async storeBatch(source: FollowedSourceName, batch: FollowedBatch): Promise<FollowStoreReport> {
      const fn = 'FollowSink.storeBatch';
      checkOneOf(fn, 'source', source, SOURCE_NAMES);
      checkBatch(fn, batch);
      const ids = new Map<number, number>();
      let newInstallations = 0;
      for (let at = 0; at < batch.places.length; at += PLACES_PER_TURN) {
        if (at > 0) await nextTurn();
        const places = batch.places.slice(at, at + PLACES_PER_TURN);
        const sourceIds = places.map((place) => place.sourceId);
        const stored = await store.readPlaces(source, sourceIds);
        const assigned = assignPlaces(source, places, stored);
        if (assigned.writes.length > 0) await store.writePlaces(assigned.writes);
        for (const [sourceId, id] of assigned.ids) ids.set(sourceId, id);
        newInstallations += assigned.created;
      }
      const memory = memories.get(source)!; // checkOneOf: one of SOURCE_NAMES
      let acceptedSamples = 0;
      let rejectedSamples = 0;
      let repeatedSamples = 0;
      try {
        for (let at = 0; at < batch.samples.length; at += SAMPLES_PER_TURN) {
          await nextTurn();
          const samples: Sample[] = [];
          for (const { sourceId, name, atMs, value } of batch.samples.slice(
            at,
            at + SAMPLES_PER_TURN,
          )) {
            const installationId = ids.get(sourceId);
            if (installationId === undefined) {
              rejectedSamples++;
              continue;
            }
            if (memory.note(installationId, name, atMs, value)) repeatedSamples++;
            else samples.push({ installationId, name, atMs, value });
          }
          if (samples.length === 0) continue;
          const report = await writeSamples(samples);
          acceptedSamples += report.accepted;
          rejectedSamples += report.rejected.length;
          for (const { index } of report.rejected) {
            const { installationId, name, atMs } = samples[index]!; // an index of `samples`
            memory.drop(installationId, name, atMs);
          }
        }
      } catch (error) {
        memory.forget();
        throw error;
      }
      memory.endBatch();
      return Object.freeze({ newInstallations, acceptedSamples, repeatedSamples, rejectedSamples });
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

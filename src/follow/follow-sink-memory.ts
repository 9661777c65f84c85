import { measurementTypeOrdinal } from '../meta/measurement-types.js';

// What a follow sink remembers of a source's previous batch, so that a poll does not write again
// what the one before it wrote. Sources repeat themselves: Sensor.Community's file holds every
// reading of the last five minutes and is read every minute, so each reading comes about five
// times; OpenAQ's latest value of a sensor comes again at every poll until the next hour's.
// Written again, each repeat is a journal record (25 bytes a sample) or a PostgreSQL upsert,
// kept until the retention horizon, replayed at every start, and a new data version that
// empties the response cache although no answer changed.
//
// Only the sink's own durable writes are remembered, never what a store holds from elsewhere:
// a sample loaded from a `--samples` file is read again from that file at the next start, so a
// followed value equal to it must still reach the journal.

// A sample's place in the memory: its installation, then its type and time as one number,
// `atMs × 16 + ordinal`, exact for whole milliseconds up to ±2⁵³ / 16 (beyond the year 10000).
// A time outside that, or a name that is no measurement type (the store refuses it), has no
// key: never a repeat, always written.
const TYPE_SLOTS = 16; // more than MEASUREMENT_TYPE_NAMES has; a power of two keeps keys exact
const MAX_KEYED_MS = Math.floor(Number.MAX_SAFE_INTEGER / TYPE_SLOTS) - 1;

function timeTypeKey(name: string, atMs: number): number | undefined {
  const ordinal = measurementTypeOrdinal(name);
  if (ordinal === undefined || !Number.isInteger(atMs) || Math.abs(atMs) > MAX_KEYED_MS) {
    return undefined;
  }
  return atMs * TYPE_SLOTS + ordinal;
}

/**
 * The values a sink wrote durably for one source, in two generations: those of the previous
 * batch, and those of the batch being stored. {@link note} tells whether a sample is a repeat
 * (the newest generation that knows its installation, type and time holds the same value,
 * `Object.is`, so `-0` and `0` differ) and notes it in the batch's generation, repeat or not, so
 * that a batch that names a time twice ends with its last value, as the store does. At most 64
 * samples of a place are noted a batch; the others stay unknown, and are written again.
 *
 * @example
 * const memory = new SourceMemory();
 * memory.note(1_000_000_000_001_071, 'PM10', atMs, 12.5); // false: nothing known yet
 * memory.endBatch(); // the batch is durable
 * memory.note(1_000_000_000_001_071, 'PM10', atMs, 12.5); // true: written by the batch before
 */
export class SourceMemory {
  // Per installation, `key, value, key, value …`: an array of doubles rather than a map of
  // boxed numbers, since a country's batch (102,152 samples over 10,667 places) is noted anew
  // at every poll, on the thread that answers requests.
  #previous = new Map<number, number[]>();
  #current = new Map<number, number[]>();

  /**
   * Whether the sink already wrote exactly this value for this installation, type and time
   * (the sample need not be written), having noted it as a value of the batch being stored.
   */
  note(installationId: number, name: string, atMs: number, value: number): boolean {
    const key = timeTypeKey(name, atMs);
    if (key === undefined) return false;
    const pairs = this.#current.get(installationId);
    const at = pairs === undefined ? -1 : indexOfKey(pairs, key);
    if (at >= 0) {
      const repeat = Object.is(pairs![at + 1], value); // at ≥ 0: found in `pairs`
      pairs![at + 1] = value;
      return repeat;
    }
    const older = this.#previous.get(installationId);
    const olderAt = older === undefined ? -1 : indexOfKey(older, key);
    const repeat = olderAt >= 0 && Object.is(older![olderAt + 1], value); // found in `older`
    if (pairs === undefined) this.#current.set(installationId, [key, value]);
    else if (pairs.length < 2 * MAX_SAMPLES_PER_PLACE) pairs.push(key, value);
    else if (olderAt >= 0) {
      // Full: the sample stays unknown, and so must its older value (a later sample of the
      // batch at the same time must not be taken for a repeat of it).
      older!.splice(olderAt, 2);
    }
    return repeat;
  }

  /**
   * Forgets one time of one type: the store refused the value noted for it, so whatever it
   * holds there is not known to the sink.
   */
  drop(installationId: number, name: string, atMs: number): void {
    const key = timeTypeKey(name, atMs);
    if (key === undefined) return;
    removeKey(this.#current.get(installationId), key);
    removeKey(this.#previous.get(installationId), key);
  }

  /**
   * The batch is durable: its values become the previous generation, and what only older
   * batches had is forgotten (a source repeats what is still in its window, nothing older).
   */
  endBatch(): void {
    this.#previous = this.#current;
    this.#current = new Map();
  }

  /**
   * Forgets everything: after a store failure, what the batch noted may not be durable,
   * and an unknown sample is merely written again.
   */
  forget(): void {
    this.#previous = new Map();
    this.#current = new Map();
  }
}

// Samples noted per place and batch, so that a scan stays short whatever a source sends;
// the rest of a place's samples are written at every poll.
const MAX_SAMPLES_PER_PLACE = 64;

// The position of `key` among the keys of `key, value, …` pairs, or -1. A place has a few
// samples a poll (two readings of two sensors in Sensor.Community's five minutes), so a scan.
function indexOfKey(pairs: readonly number[], key: number): number {
  for (let at = 0; at < pairs.length; at += 2) if (pairs[at] === key) return at;
  return -1;
}

function removeKey(pairs: number[] | undefined, key: number): void {
  const at = pairs === undefined ? -1 : indexOfKey(pairs, key);
  if (at >= 0) pairs!.splice(at, 2); // at ≥ 0: found in `pairs`
}

import { MEASUREMENT_TYPE_NAMES } from '../meta/measurement-types.js';

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

const ORDINAL_BY_NAME: ReadonlyMap<string, number> = new Map(
  MEASUREMENT_TYPE_NAMES.map((name, ordinal) => [name, ordinal]),
);

function timeTypeKey(name: string, atMs: number): number | undefined {
  const ordinal = ORDINAL_BY_NAME.get(name);
  if (ordinal === undefined || !Number.isInteger(atMs) || Math.abs(atMs) > MAX_KEYED_MS) {
    return undefined;
  }
  return atMs * TYPE_SLOTS + ordinal;
}

/**
 * The values a sink wrote durably for one source, in two generations: those of the previous
 * batch, and those of the batch being stored. A sample is a repeat when the newest generation
 * that knows its (installation, type, time) holds the same value (`Object.is`, so `-0` and `0`
 * differ); every sample passed to {@link remember} becomes known, repeat or not, so that a
 * batch that names a time twice ends with its last value, as the store does.
 *
 * @example
 * const memory = new SourceMemory();
 * memory.isRepeat(1_000_000_000_001_071, 'PM10', atMs, 12.5); // false: nothing known yet
 * memory.remember(1_000_000_000_001_071, 'PM10', atMs, 12.5);
 * memory.endBatch(); // the batch is durable
 * memory.isRepeat(1_000_000_000_001_071, 'PM10', atMs, 12.5); // true
 */
export class SourceMemory {
  #previous = new Map<number, Map<number, number>>();
  #current = new Map<number, Map<number, number>>();

  /** Whether the sink already wrote exactly this value for this installation, type and time. */
  isRepeat(installationId: number, name: string, atMs: number, value: number): boolean {
    const key = timeTypeKey(name, atMs);
    if (key === undefined) return false;
    const known =
      this.#current.get(installationId)?.get(key) ?? this.#previous.get(installationId)?.get(key);
    return known !== undefined && Object.is(known, value);
  }

  /** Notes a value of the batch being stored (written, or a repeat of a written one). */
  remember(installationId: number, name: string, atMs: number, value: number): void {
    const key = timeTypeKey(name, atMs);
    if (key === undefined) return;
    let values = this.#current.get(installationId);
    if (values === undefined) {
      values = new Map();
      this.#current.set(installationId, values);
    }
    values.set(key, value);
  }

  /**
   * Forgets one time of one type: the store refused the value noted for it, so whatever it
   * holds there is not known to the sink.
   */
  drop(installationId: number, name: string, atMs: number): void {
    const key = timeTypeKey(name, atMs);
    if (key === undefined) return;
    this.#current.get(installationId)?.delete(key);
    this.#previous.get(installationId)?.delete(key);
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
   * Forgets everything: after a store failure, what the batch remembered may not be durable,
   * and an unknown sample is merely written again.
   */
  forget(): void {
    this.#previous = new Map();
    this.#current = new Map();
  }
}

import { MEASUREMENT_TYPE_NAMES, measurementTypeOrdinal } from '../meta/measurement-types.js';
import type { FollowedBatch, FollowedPlace, FollowedSample } from './followed-batch.js';

// A batch crosses from the reading thread to the server's thread in parts. Node builds a
// message's objects on the receiving thread in one go: a country's batch (10,667 places,
// 102,152 samples) is 8 MB to deserialize, 140–290 ms of that thread's time at once (Node 20,
// `v8.deserialize` of the same objects), during which no request is answered. A part takes
// under a millisecond (0.3 ms for 250 places), and the next is asked for only after a turn of
// the server's loop (sensor-community-thread.ts), so the requests that arrive meanwhile are
// answered between two parts. A city's batch is one or two parts.
// Samples cross as columns, in buffers handed over rather than copied: rebuilt from them, a
// city's 1,022 samples cost that thread 0.04–0.06 ms, against 0.55 ms when V8 deserialized
// them as objects one by one (Node 20, in a loop that spent a 25th of the time collecting: the
// garbage left by deserializing made the young generation's collections at a poll's end).

/** Places in one part: a place is a dozen objects and strings (its installation, location …). */
export const PLACES_PER_PART = 250;

/** Samples in one part. */
export const SAMPLES_PER_PART = 2_000;

/** Samples as columns: sample `i` is at `sourceIds[i]`, `typeOrdinals[i]`, `atMs[i]`, `values[i]`. */
export interface SampleColumns {
  readonly sourceIds: Float64Array;
  /** Positions in `MEASUREMENT_TYPE_NAMES`. */
  readonly typeOrdinals: Uint8Array;
  readonly atMs: Float64Array;
  readonly values: Float64Array;
}

/**
 * One part of a batch. The last one, and only it, has `skipped`: the batch's counts.
 */
export interface BatchPart {
  readonly places: readonly FollowedPlace[];
  readonly samples: SampleColumns;
  readonly skipped?: Readonly<Record<string, number>>;
}

/** The parts of a batch, in order, as {@link batchParts} cuts them. */
export type BatchParts = Iterator<BatchPart, undefined>;

// Samples `from` to `till` (exclusive) of a batch as columns.
function sampleColumns(
  samples: readonly FollowedSample[],
  from: number,
  till: number,
): SampleColumns {
  const count = Math.max(0, Math.min(till, samples.length) - from);
  const columns = {
    sourceIds: new Float64Array(count),
    typeOrdinals: new Uint8Array(count),
    atMs: new Float64Array(count),
    values: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const { sourceId, name, atMs, value } = samples[from + i]!; // from + i < till
    const ordinal = measurementTypeOrdinal(name);
    // A reader gives measurement type names only; anything else is a fault of its code.
    if (ordinal === undefined)
      throw new Error(`batchParts: ${String(name)} is no measurement type`);
    columns.sourceIds[i] = sourceId;
    columns.typeOrdinals[i] = ordinal;
    columns.atMs[i] = atMs;
    columns.values[i] = value;
  }
  return columns;
}

/**
 * The buffers of a part's columns, to hand over with it (`postMessage(part, transferList)`).
 *
 * @example
 * port.postMessage({ id, part }, transferList(part));
 */
export function transferList(part: BatchPart): ArrayBuffer[] {
  const { sourceIds, typeOrdinals, atMs, values } = part.samples;
  return [sourceIds.buffer, typeOrdinals.buffer, atMs.buffer, values.buffer] as ArrayBuffer[];
}

/**
 * Cuts a batch into parts: its places {@link PLACES_PER_PART} at a time, then its samples
 * {@link SAMPLES_PER_PART} at a time as columns (a part of places has empty ones), the last
 * part carrying `skipped`. An empty batch is one part.
 *
 * @throws Error when a sample's name is no measurement type (a reader's fault)
 * @example
 * [...batchParts({ places: [], samples: [{ sourceId: 7, name: 'PM10', atMs: 0, value: 12 }], skipped: {} })];
 * // [{ places: [], samples: { sourceIds: [7], typeOrdinals: [2], atMs: [0], values: [12] }, skipped: {} }]
 * // (typed arrays; PM10 is MEASUREMENT_TYPE_NAMES[2])
 */
export function* batchParts(batch: FollowedBatch): Generator<BatchPart, undefined> {
  const { places, samples, skipped } = batch;
  const placeParts = Math.ceil(places.length / PLACES_PER_PART);
  const sampleParts = Math.ceil(samples.length / SAMPLES_PER_PART);
  const count = Math.max(1, placeParts + sampleParts);
  for (let part = 0; part < count; part++) {
    const last = part === count - 1;
    const piece: BatchPart =
      part < placeParts
        ? {
            places: places.slice(part * PLACES_PER_PART, (part + 1) * PLACES_PER_PART),
            samples: sampleColumns(samples, 0, 0),
          }
        : {
            places: [],
            samples: sampleColumns(
              samples,
              (part - placeParts) * SAMPLES_PER_PART,
              (part - placeParts + 1) * SAMPLES_PER_PART,
            ),
          };
    yield last ? { ...piece, skipped } : piece;
  }
  return undefined;
}

/**
 * Puts a batch back together from its parts, in the order {@link batchParts} gave them.
 *
 * @example
 * const whole = new BatchAssembly();
 * const [first, last] = [...batchParts(batch)]; // a batch of two parts
 * whole.add(first); // undefined: more to come
 * whole.add(last); // a batch equal to `batch`, its samples rebuilt as objects
 */
export class BatchAssembly {
  readonly #places: FollowedPlace[] = [];
  readonly #samples: FollowedSample[] = [];

  /** Adds a part; gives the whole batch with the last part, else `undefined`. */
  add(part: BatchPart): FollowedBatch | undefined {
    for (const place of part.places) this.#places.push(place);
    const { sourceIds, typeOrdinals, atMs, values } = part.samples;
    for (let i = 0; i < atMs.length; i++) {
      this.#samples.push({
        sourceId: sourceIds[i]!,
        name: MEASUREMENT_TYPE_NAMES[typeOrdinals[i]!]!,
        atMs: atMs[i]!,
        value: values[i]!,
      });
    }
    if (part.skipped === undefined) return undefined;
    return { places: this.#places, samples: this.#samples, skipped: part.skipped };
  }
}

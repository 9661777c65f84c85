import type { FollowedBatch, FollowedPlace, FollowedSample } from './followed-batch.js';

// A batch crosses from the reading thread to the server's thread in parts. Node builds a
// message's objects on the receiving thread in one go: a country's batch (10,667 places,
// 102,152 samples) is 8 MB to deserialize, 140–290 ms of that thread's time at once (Node 20,
// `v8.deserialize` of the same objects), during which no request is answered. A part takes
// under a millisecond (0.3 ms for 250 places, 0.75 for 2,000 samples), and the next is asked
// for only after a turn of the server's loop (sensor-community-thread.ts), so the requests
// that arrive meanwhile are answered between two parts. A city's batch is one or two parts.

/** Places in one part: a place is a dozen objects and strings (its installation, location …). */
export const PLACES_PER_PART = 250;

/** Samples in one part: a sample is one object of four fields. */
export const SAMPLES_PER_PART = 2_000;

/**
 * One part of a batch. The last one, and only it, has `skipped`: the batch's counts.
 */
export interface BatchPart {
  readonly places: readonly FollowedPlace[];
  readonly samples: readonly FollowedSample[];
  readonly skipped?: Readonly<Record<string, number>>;
}

/** The parts of a batch, in order, as {@link batchParts} cuts them. */
export type BatchParts = Iterator<BatchPart, undefined>;

/**
 * Cuts a batch into parts: its places {@link PLACES_PER_PART} at a time, then its samples
 * {@link SAMPLES_PER_PART} at a time, the last part carrying `skipped`. An empty batch is
 * one part.
 *
 * @example
 * [...batchParts({ places: [], samples: [], skipped: {} })];
 * // [{ places: [], samples: [], skipped: {} }]
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
            samples: [],
          }
        : {
            places: [],
            samples: samples.slice(
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
 * whole.add({ places: [], samples: [] }); // undefined: more to come
 * whole.add({ places: [], samples: [], skipped: {} }); // the batch
 */
export class BatchAssembly {
  readonly #places: FollowedPlace[] = [];
  readonly #samples: FollowedSample[] = [];

  /** Adds a part; gives the whole batch with the last part, else `undefined`. */
  add(part: BatchPart): FollowedBatch | undefined {
    for (const place of part.places) this.#places.push(place);
    for (const sample of part.samples) this.#samples.push(sample);
    if (part.skipped === undefined) return undefined;
    return { places: this.#places, samples: this.#samples, skipped: part.skipped };
  }
}

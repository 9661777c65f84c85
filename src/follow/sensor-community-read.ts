import { sensorCommunityInstallation } from '../import/sensor-community-csv.js';
import {
  type FollowedBatch,
  type FollowedPlace,
  type FollowedSample,
  messageOf,
  PollFailure,
} from './followed-batch.js';
import {
  readSensorCommunityElement,
  type SensorCommunityFilter,
  type SensorCommunityReading,
} from './sensor-community-elements.js';
import { outsideBoxByText } from './sensor-community-precheck.js';
import { readJsonArrayElements } from './sensor-community-stream.js';
import { checkAnswerStatus } from './source-answer.js';

// One read of Sensor.Community's five-minute file, from the request to the finished batch. It
// is the whole of a poll, and the one implementation of it: the source runs it on the calling
// thread when given a fetch of the caller's own, and the reading thread
// (sensor-community-worker.ts) runs the same function otherwise.

/** The source's name as failures and the log show it. */
export const SENSOR_COMMUNITY = 'Sensor.Community';

/**
 * The pace a poll takes the file at, bytes a second: the 20 MB file in about 4 s, within the
 * poll's deadline of 20 s and its minute. Taken as fast as a fast link carries it (a mirror on
 * the same network, a file server on the same machine), the transfer is a burst of the
 * kernel's work that no thread's priority lowers and that held the server's answers back by
 * milliseconds on a machine of two cores (bench/RESULTS.md, issue 38); at this pace the p99 of
 * reads during a poll was about half as high.
 *
 * @example
 * SENSOR_COMMUNITY_READ_BYTES_PER_SECOND; // 5_000_000: 20 MB in 4 s
 */
export const SENSOR_COMMUNITY_READ_BYTES_PER_SECOND = 5_000_000;

/**
 * GETs `url` with `fetch` and reads the answer element by element (memory holds one element,
 * never the file), at most {@link SENSOR_COMMUNITY_READ_BYTES_PER_SECOND}: elements that
 * certainly lie outside `filter.box` by their text are counted and not parsed, the others are
 * read by `readSensorCommunityElement`. A status outside 2xx, a body cut short (also by
 * `signal`), or an element that is not JSON rejects with a {@link PollFailure}, and nothing
 * read before it leaves. The batch's places are in the order their locations first appear in
 * the file, and its samples location by location in that order (each location's in the file's
 * order).
 *
 * @param nowMs - the data clock, epoch ms (for an HTTP date in `Retry-After`)
 * @example
 * const batch = await readSensorCommunityFile(
 *   fetch, 'https://data.sensor.community/static/v1/data.json',
 *   { box: { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 }, indoor: false },
 *   AbortSignal.timeout(20_000), Date.now(),
 * );
 * // { places: [{ sourceId: 1071, installation: { … } }, …], samples: [{ sourceId: 1071, name: 'PM10', … }, …],
 * //   skipped: { 'outside the box': 41230, 'ignored type': 52, … } }
 */
export async function readSensorCommunityFile(
  fetch: typeof globalThis.fetch,
  url: string,
  filter: SensorCommunityFilter,
  signal: AbortSignal,
  nowMs: number,
): Promise<FollowedBatch> {
  let answer: Response;
  try {
    answer = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (error) {
    throw new PollFailure(`${SENSOR_COMMUNITY} could not be reached (${messageOf(error)})`);
  }
  await checkAnswerStatus(SENSOR_COMMUNITY, answer, nowMs);
  const batch = new BatchBuilder();
  const outside = (text: string): boolean => {
    if (!outsideBoxByText(text, filter.box)) return false;
    batch.skip('outside the box');
    return true;
  };
  await readJsonArrayElements(
    SENSOR_COMMUNITY,
    answer,
    (element) => {
      const reading = readSensorCommunityElement(element, filter, batch.skip);
      if (reading !== undefined) batch.add(reading);
    },
    { passOver: outside, bytesPerSecond: SENSOR_COMMUNITY_READ_BYTES_PER_SECOND },
  );
  return batch.batch();
}

/** Collects one poll's places, samples and skips; nothing leaves it before the body ended. */
class BatchBuilder {
  /** Each location's latest reading that gave a sample, in the order locations were first seen. */
  readonly #latest = new Map<number, SensorCommunityReading>();
  /**
   * Each location's samples, in the file's order. A batch lists them location by location, in
   * the order of its places: a large batch is stored in pieces (follow-sink.ts), and a piece of
   * samples of a few hundred locations changes the network's answer for those alone, where the
   * file's order (each location's elements minutes apart) touched nearly every location in each.
   */
  readonly #samples = new Map<number, FollowedSample[]>();
  readonly #skipped: Record<string, number> = {};

  readonly skip = (reason: string): void => {
    this.#skipped[reason] = (this.#skipped[reason] ?? 0) + 1;
  };

  add(reading: SensorCommunityReading): void {
    // A reading without a value does not place its location, as the importer refuses a row
    // without one.
    if (reading.values.length === 0) return;
    const { sourceId, atMs } = reading;
    let samples = this.#samples.get(sourceId);
    if (samples === undefined) {
      samples = [];
      this.#samples.set(sourceId, samples);
    }
    for (const { name, value } of reading.values) samples.push({ sourceId, name, atMs, value });
    // A batch has each place once. Should a location's coordinates differ between elements of
    // one file (it was moved within the five minutes), the latest element (by timestamp, the
    // later in the file on a tie) says where it stands, and all its samples go there.
    const known = this.#latest.get(sourceId);
    if (known === undefined || atMs >= known.atMs) this.#latest.set(sourceId, reading);
  }

  batch(): FollowedBatch {
    const places: FollowedPlace[] = [];
    const samples: FollowedSample[] = [];
    for (const [sourceId, reading] of this.#latest) {
      for (const sample of this.#samples.get(sourceId)!) samples.push(sample); // set by `add`
      const installation = sensorCommunityInstallation(
        sourceId,
        reading.latitude,
        reading.longitude,
        reading.facts,
      );
      places.push({ sourceId, installation });
    }
    return { places, samples, skipped: { ...this.#skipped } };
  }
}

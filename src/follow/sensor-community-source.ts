import { sensorCommunityInstallation } from '../import/sensor-community-csv.js';
import { sourceOptions } from './follow-source-options.js';
import {
  type FollowedBatch,
  type FollowedPlace,
  type FollowedSample,
  type FollowedSource,
  type FollowOptions,
  PollFailure,
} from './followed-batch.js';
import {
  readSensorCommunityElement,
  type SensorCommunityReading,
} from './sensor-community-elements.js';
import { outsideBoxByText } from './sensor-community-precheck.js';
import { MAX_ELEMENT_CHARS, readJsonArrayElements } from './sensor-community-stream.js';
import { checkAnswerStatus } from './source-answer.js';

// Sensor.Community publishes every measurement of the last five minutes of every sensor as
// one JSON file, regenerated every minute, without a key
// (https://github.com/opendata-stuttgart/meta/wiki/EN-APIs). One poll reads the whole file
// (about 20 MB) as a stream and keeps only the elements inside the box.

/** Sensor.Community's open-data server (`--follow-url sensor-community=…` points elsewhere). */
export const SENSOR_COMMUNITY_BASE_URL = 'https://data.sensor.community';

/**
 * One poll a minute: the file changes every minute, and the maintainers ask clients not to
 * fetch it more often than that.
 */
export const SENSOR_COMMUNITY_EVERY_MS = 60_000;

/** The path of the five-minute file under the base URL. */
export const SENSOR_COMMUNITY_DATA_PATH = '/static/v1/data.json';

const SOURCE = 'Sensor.Community';

/**
 * The followed Sensor.Community source: each poll GETs `${baseUrl}/static/v1/data.json`, reads
 * it element by element (memory holds one element, never the file) and gives a place per
 * `location.id` inside `options.box` (indoor ones only with `options.indoor`), described as
 * the archive importer describes it plus the feed's country and altitude, with a sample per
 * readable value at its element's UTC timestamp. A location appears in many elements (one
 * per sensor and reading); they make one place with all their samples. A status outside 2xx,
 * a body cut short, or an element that is not JSON rejects the poll whole with a
 * {@link PollFailure}.
 *
 * @throws TypeError / RangeError naming `options.<field>` when the options are not valid
 * @example
 * const source = sensorCommunitySource({
 *   box: { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 },
 *   indoor: false,
 *   baseUrl: SENSOR_COMMUNITY_BASE_URL,
 * });
 * const batch = await source.poll(fetch, AbortSignal.timeout(20_000), Date.now());
 * // { places: [{ sourceId: 1071, installation: { … } }, …], samples: [{ sourceId: 1071, name: 'PM10', … }, …],
 * //   skipped: { 'outside the box': 41230, 'ignored type': 52, … } }
 */
export function sensorCommunitySource(options: FollowOptions): FollowedSource {
  const where = 'sensorCommunitySource';
  const { box, indoor, baseUrl } = sourceOptions(where, options);
  const url = `${baseUrl}${SENSOR_COMMUNITY_DATA_PATH}`;
  const filter = Object.freeze({ box, indoor });
  return Object.freeze({
    name: 'sensor-community',
    defaultEveryMs: SENSOR_COMMUNITY_EVERY_MS,
    async poll(fetch: typeof globalThis.fetch, signal: AbortSignal, nowMs: number) {
      let answer: Response;
      try {
        answer = await fetch(url, { signal, headers: { accept: 'application/json' } });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new PollFailure(`${SOURCE} could not be reached (${why})`);
      }
      await checkAnswerStatus(SOURCE, answer, nowMs);
      const batch = new BatchBuilder();
      const outside = (text: string): boolean => {
        if (!outsideBoxByText(text, filter.box)) return false;
        batch.skip('outside the box');
        return true;
      };
      await readJsonArrayElements(
        SOURCE,
        answer,
        (element) => {
          const reading = readSensorCommunityElement(element, filter, batch.skip);
          if (reading !== undefined) batch.add(reading);
        },
        MAX_ELEMENT_CHARS,
        outside,
      );
      return batch.batch();
    },
  } satisfies FollowedSource);
}

/** Collects one poll's places, samples and skips; nothing leaves it before the body ended. */
class BatchBuilder {
  /** Each location's latest reading that gave a sample, in the order locations were first seen. */
  readonly #latest = new Map<number, SensorCommunityReading>();
  readonly #samples: FollowedSample[] = [];
  readonly #skipped: Record<string, number> = {};

  readonly skip = (reason: string): void => {
    this.#skipped[reason] = (this.#skipped[reason] ?? 0) + 1;
  };

  add(reading: SensorCommunityReading): void {
    // A reading without a value does not place its location, as the importer refuses a row
    // without one.
    if (reading.values.length === 0) return;
    const { sourceId, atMs } = reading;
    for (const { name, value } of reading.values) {
      this.#samples.push({ sourceId, name, atMs, value });
    }
    // A batch has each place once. Should a location's coordinates differ between elements of
    // one file (it was moved within the five minutes), the latest element (by timestamp, the
    // later in the file on a tie) says where it stands, and all its samples go there.
    const known = this.#latest.get(sourceId);
    if (known === undefined || atMs >= known.atMs) this.#latest.set(sourceId, reading);
  }

  batch(): FollowedBatch {
    const places: FollowedPlace[] = [];
    for (const [sourceId, reading] of this.#latest) {
      const installation = sensorCommunityInstallation(
        sourceId,
        reading.latitude,
        reading.longitude,
        reading.facts,
      );
      places.push({ sourceId, installation });
    }
    return { places, samples: this.#samples, skipped: { ...this.#skipped } };
  }
}

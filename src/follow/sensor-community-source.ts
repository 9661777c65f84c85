import { sourceOptions } from './follow-source-options.js';
import type { FollowedSource, FollowOptions } from './followed-batch.js';
import { readSensorCommunityFile } from './sensor-community-read.js';
import { SensorCommunityThread } from './sensor-community-thread.js';

// Sensor.Community publishes every measurement of the last five minutes of every sensor as
// one JSON file, regenerated every minute, without a key
// (https://github.com/opendata-stuttgart/meta/wiki/EN-APIs). One poll reads the whole file
// (about 20 MB) as a stream and keeps only the elements inside the box
// (sensor-community-read.ts), on a thread of its own (sensor-community-worker.ts says why).

/** Sensor.Community's open-data server (`--follow-url sensor-community=…` points elsewhere). */
export const SENSOR_COMMUNITY_BASE_URL = 'https://data.sensor.community';

/**
 * One poll a minute: the file changes every minute, and the maintainers ask clients not to
 * fetch it more often than that.
 */
export const SENSOR_COMMUNITY_EVERY_MS = 60_000;

/** The path of the five-minute file under the base URL. */
export const SENSOR_COMMUNITY_DATA_PATH = '/static/v1/data.json';

/**
 * The followed Sensor.Community source: each poll GETs `${baseUrl}/static/v1/data.json`, reads
 * it element by element (memory holds one element, never the file) and gives a place per
 * `location.id` inside `options.box` (indoor ones only with `options.indoor`), described as
 * the archive importer describes it plus the feed's country and altitude, with a sample per
 * readable value at its element's UTC timestamp. A location appears in many elements (one
 * per sensor and reading); they make one place with all their samples. A status outside 2xx,
 * a body cut short, or an element that is not JSON rejects the poll whole with a
 * {@link PollFailure}. The file is taken at `SENSOR_COMMUNITY_READ_BYTES_PER_SECOND` at most.
 *
 * Polled with the global `fetch` (the follower's default), the file is read on a worker thread
 * of the source's own at the lowest priority, started by the first poll and ended by `close()`
 * (the follower calls it when it stops): the 20 MB of text a poll makes are then never
 * collected on the thread that answers requests. That thread runs `sensor-community-worker.js`,
 * shipped beside the package's chunks. Polled with a `fetch` of the caller's own (which cannot
 * cross to another thread), the file is read on the calling thread; either way the batch, or the
 * `PollFailure`, is the same.
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
 * await source.close?.(); // the reading thread ends
 */
export function sensorCommunitySource(options: FollowOptions): FollowedSource {
  const where = 'sensorCommunitySource';
  const { box, indoor, baseUrl } = sourceOptions(where, options);
  const url = `${baseUrl}${SENSOR_COMMUNITY_DATA_PATH}`;
  const filter = Object.freeze({ box, indoor });
  const thread = new SensorCommunityThread();
  return Object.freeze({
    name: 'sensor-community',
    defaultEveryMs: SENSOR_COMMUNITY_EVERY_MS,
    poll(fetch: typeof globalThis.fetch, signal: AbortSignal, nowMs: number) {
      // A fetch of the caller's own (a mock, a proxy's agent) cannot cross to another thread,
      // and a bundle of the user's own may have left the thread's module behind.
      if (fetch !== globalThis.fetch || !thread.available) {
        return readSensorCommunityFile(fetch, url, filter, signal, nowMs);
      }
      return thread.read(url, filter, signal, nowMs);
    },
    close: () => thread.close(),
  } satisfies FollowedSource);
}

import { type OpenAqSensor, openAqLocation } from '../import/openaq-json.js';
import { OPENAQ_PARAMETERS } from '../import/openaq-parameters.js';
import { inNetworkBox, type NetworkBox } from '../payload/network-box.js';
import { parseTimestamp } from '../time/instant.js';
import { type FollowedPlace, PollFailure } from './followed-batch.js';
import { type OpenAqRequests, openAqResults } from './openaq-requests.js';

// The locations of a box, as GET /v3/locations?bbox=… lists them, page after page: each one a
// place described as `airq import --from openaq` describes it, and, for those that measure
// something airq reads and reported lately, the sensors whose latest values a poll asks for.

/** Results asked for per locations page: OpenAQ's largest `limit`. */
export const OPENAQ_PAGE_LIMIT = 1000;

/**
 * Locations listed for a box beyond which the poll is refused: far beyond a city. Counted in
 * locations, not pages, because a server may answer with pages smaller than asked for.
 */
export const OPENAQ_MAX_LOCATIONS = 10_000;

/**
 * A location whose newest measurement (`datetimeLast`) is older than this, when the list is
 * read, is still a place, but its latest values are not asked for: each request counts against
 * the key, and OpenAQ lists stations that stopped years ago.
 */
export const OPENAQ_ACTIVE_WITHIN_MS = 24 * 3_600_000;

/** A location whose latest values a poll reads, with every sensor it lists. */
export interface OpenAqLatestRead {
  readonly locationId: number;
  readonly sensors: ReadonlyMap<number, OpenAqSensor>;
}

/** The locations of a box as one read of the list found them. */
export interface OpenAqListing {
  /** The data clock when the list was read, epoch ms. */
  readonly atMs: number;
  readonly places: readonly FollowedPlace[];
  readonly reads: readonly OpenAqLatestRead[];
  /** Locations left out or not read, by reason. */
  readonly skipped: Readonly<Record<string, number>>;
}

/**
 * The `bbox` values that cover a box (`minLng,minLat,maxLng,maxLat`, OpenAQ's order): one, or
 * two for a box across the antimeridian (`minLng > maxLng`).
 *
 * @example
 * openAqBboxes({ minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 });
 * // ['170,-20,180,-10', '-180,-20,-170,-10']
 */
export function openAqBboxes(box: NetworkBox): string[] {
  const { minLat, minLng, maxLat, maxLng } = box;
  if (minLng <= maxLng) return [`${minLng},${minLat},${maxLng},${maxLat}`];
  return [`${minLng},${minLat},180,${maxLat}`, `-180,${minLat},${maxLng},${maxLat}`];
}

/**
 * Reads every page of GET /v3/locations for the box: pages of {@link OPENAQ_PAGE_LIMIT}
 * results until one holds fewer than its `meta.limit`, or `meta.found` (when it is a number:
 * OpenAQ may send a string such as `">1000"`) says none is left.
 *
 * @example
 * const listing = await listOpenAqLocations(requests, box, nowMs);
 */
export async function listOpenAqLocations(
  requests: OpenAqRequests,
  box: NetworkBox,
  nowMs: number,
): Promise<OpenAqListing> {
  const results: unknown[] = [];
  for (const bbox of openAqBboxes(box)) {
    for (let page = 1; ; page++) {
      const path = `/v3/locations?bbox=${bbox}&limit=${OPENAQ_PAGE_LIMIT}&page=${page}`;
      const answer = openAqResults(await requests.getJson(path, 1), 'locations');
      results.push(...answer.results);
      if (results.length > OPENAQ_MAX_LOCATIONS) {
        throw new PollFailure(
          `OpenAQ: the box holds more than ${OPENAQ_MAX_LOCATIONS} locations; follow a smaller box`,
        );
      }
      const limit = answer.limit ?? OPENAQ_PAGE_LIMIT;
      if (answer.results.length < limit) break;
      if (answer.found !== undefined && page * limit >= answer.found) break;
    }
  }
  return openAqListing(results, box, nowMs);
}

/**
 * Turns the results of the locations pages into places and the reads of a poll. A location is
 * listed once (the first time; pages may overlap when the list changes while it is read, and
 * the two halves of an antimeridian box meet at 180°). Refused locations (mobile ones, those
 * without coordinates) and those outside the box are counted, not placed.
 *
 * @param nowMs - the data clock, epoch ms, for {@link OPENAQ_ACTIVE_WITHIN_MS}
 * @example
 * openAqListing([{ id: 2178, coordinates: { latitude: 35.1353, longitude: -106.584702 }, sensors: […] }], box, nowMs).reads;
 * // [{ locationId: 2178, sensors: Map { 3917 => { id: 3917, parameter: 'o3', units: 'ppm' }, … } }]
 */
export function openAqListing(
  results: readonly unknown[],
  box: NetworkBox,
  nowMs: number,
): OpenAqListing {
  const places: FollowedPlace[] = [];
  const reads: OpenAqLatestRead[] = [];
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  };
  const seen = new Set<number>();
  for (const result of results) {
    const location = openAqLocation(result);
    if (typeof location === 'string') {
      skip(isMobile(result) ? 'mobile location' : 'unreadable location');
      continue;
    }
    if (seen.has(location.id)) continue;
    seen.add(location.id);
    if (!inNetworkBox(box, location.latitude, location.longitude)) {
      skip('outside the box');
      continue;
    }
    const { id: _id, ...installation } = location.describe(location.id);
    places.push({ sourceId: location.id, installation });
    if (!location.sensors.some((sensor) => Object.hasOwn(OPENAQ_PARAMETERS, sensor.parameter))) {
      continue; // nothing airq reads: asking for its values would only spend the key
    }
    const lastMs = lastMeasuredMs(result);
    if (lastMs !== undefined && lastMs < nowMs - OPENAQ_ACTIVE_WITHIN_MS) {
      skip('inactive location');
      continue;
    }
    const sensors = new Map(location.sensors.map((sensor) => [sensor.id, sensor]));
    reads.push({ locationId: location.id, sensors });
  }
  return { atMs: nowMs, places, reads, skipped };
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMobile = (result: unknown): boolean => isObject(result) && result.isMobile === true;

/** `datetimeLast.utc` of a location, when it has one that reads. */
function lastMeasuredMs(result: unknown): number | undefined {
  const last = isObject(result) && isObject(result.datetimeLast) ? result.datetimeLast.utc : null;
  return typeof last === 'string' ? parseTimestamp(last) : undefined;
}

import { SPLIT_ID_STRIDE } from '../import/place-registry.js';
import { SENSOR_COMMUNITY_MEASUREMENTS } from '../import/sensor-community-columns.js';
import {
  type SensorCommunityPlaceFacts,
  sensorCommunityValue,
} from '../import/sensor-community-csv.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { inNetworkBox, type NetworkBox } from '../payload/network-box.js';
import { parseDecimal } from '../store/samples-csv.js';
import { parseTimestamp } from '../time/instant.js';

// One element of Sensor.Community's `/static/v1/data.json` is one sensor's reading at one
// instant (https://github.com/opendata-stuttgart/meta/wiki/EN-APIs):
//   {"timestamp": "2019-04-25 01:51:12",
//    "location": {"id": 1071, "latitude": "52.544", "longitude": "13.374", "altitude": "38.7",
//                 "country": "DE", "indoor": 0},
//    "sensor": {…}, "sensordatavalues": [{"value": "19.13", "value_type": "P1"}, …]}
// Coordinates, altitude and values are strings; `indoor` is absent in files before late 2019.
// The value types are the archive's column names, so the archive importer's table and value
// reading apply unchanged.

/** What one element gives once it passed the filters: a located, timed set of values. */
export interface SensorCommunityReading {
  /** `location.id`: the installation a followed place stands for. */
  readonly sourceId: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly facts: SensorCommunityPlaceFacts;
  /** The element's `timestamp`, epoch ms (UTC: the feed's timestamps have no zone). */
  readonly atMs: number;
  /** The readable values of the types airq reads, in airq's units, in the element's order. */
  readonly values: readonly { readonly name: MeasurementTypeName; readonly value: number }[];
}

/** Which elements are read: those inside `box`, and indoor ones only when `indoor`. */
export interface SensorCommunityFilter {
  readonly box: NetworkBox;
  readonly indoor: boolean;
}

/**
 * Reads one parsed element of `data.json`. An element is left out whole, with one `skip` of
 * its reason, when it is `not a measurement` (no object, no `location` object), has `no
 * location id` (a positive integer below 10⁹, as the importer requires), `no coordinates`
 * (latitude and longitude readable and in range), lies `outside the box`, is `indoor`
 * (`location.indoor` 1) while indoor places are not read, or has an `unreadable timestamp`.
 * Of a kept element, each value is left out with one `skip` when its type is not one airq
 * reads (`ignored type`) or its value is `nan`, empty, not a plain decimal or implausible
 * (`unreadable value`).
 *
 * @param skip - called once per element or value left out, with the reason
 * @returns the reading (possibly without values), or `undefined` when the element is left out
 * @example
 * readSensorCommunityElement(
 *   { timestamp: '2019-04-25 01:51:12',
 *     location: { id: 1071, latitude: '52.544', longitude: '13.374', altitude: '38.7', country: 'DE' },
 *     sensordatavalues: [{ value: '19.13', value_type: 'P1' }, { value: '3', value_type: 'samples' }] },
 *   { box: { minLat: 52, minLng: 13, maxLat: 53, maxLng: 14 }, indoor: false },
 *   (reason) => console.log(reason), // 'ignored type'
 * );
 * // { sourceId: 1071, latitude: 52.544, longitude: 13.374, facts: { country: 'DE', elevation: 38.7 },
 * //   atMs: 1556157072000, values: [{ name: 'PM10', value: 19.13 }] }
 */
export function readSensorCommunityElement(
  element: unknown,
  filter: SensorCommunityFilter,
  skip: (reason: string) => void,
): SensorCommunityReading | undefined {
  const keys = elementKeys(element, filter);
  if (typeof keys === 'string') {
    skip(keys);
    return undefined;
  }
  const { location, sourceId, latitude, longitude, atMs } = keys;
  const values: { name: MeasurementTypeName; value: number }[] = [];
  const entries = (element as { sensordatavalues?: unknown }).sensordatavalues;
  for (const entry of Array.isArray(entries) ? (entries as unknown[]) : []) {
    const valueType = isRecord(entry) ? entry.value_type : undefined;
    const measurement =
      typeof valueType === 'string' && Object.hasOwn(SENSOR_COMMUNITY_MEASUREMENTS, valueType)
        ? SENSOR_COMMUNITY_MEASUREMENTS[valueType]
        : undefined;
    if (measurement === undefined) {
      skip('ignored type');
      continue;
    }
    const text = textOf((entry as { value?: unknown }).value);
    const value = text === '' ? '' : sensorCommunityValue(text, measurement, valueType as string);
    if (typeof value === 'string') skip('unreadable value');
    else values.push({ name: measurement.name, value });
  }
  return { sourceId, latitude, longitude, facts: placeFacts(location), atMs, values };
}

interface ElementKeys {
  readonly location: Record<string, unknown>;
  readonly sourceId: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly atMs: number;
}

/** The element's place and time, or why the element is left out (in this order of checks). */
function elementKeys(element: unknown, filter: SensorCommunityFilter): ElementKeys | string {
  const location = isRecord(element) ? element.location : undefined;
  if (!isRecord(element) || !isRecord(location)) return 'not a measurement';
  const sourceId = location.id;
  if (!(Number.isSafeInteger(sourceId) && (sourceId as number) > 0)) return 'no location id';
  if ((sourceId as number) >= SPLIT_ID_STRIDE) return 'no location id';
  const latitude = feedNumber(location.latitude);
  const longitude = feedNumber(location.longitude);
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) {
    return 'no coordinates';
  }
  if (!inNetworkBox(filter.box, latitude, longitude)) return 'outside the box';
  const indoor = location.indoor;
  if (!filter.indoor && (indoor === 1 || indoor === true || indoor === '1')) return 'indoor';
  const timestamp = element.timestamp;
  const atMs = typeof timestamp === 'string' ? parseTimestamp(timestamp.trim()) : undefined;
  if (atMs === undefined) return 'unreadable timestamp';
  return { location, sourceId: sourceId as number, latitude, longitude, atMs };
}

/** Country and elevation when the element gives them (`altitude` may be `""`). */
function placeFacts(location: Record<string, unknown>): SensorCommunityPlaceFacts {
  const elevation = feedNumber(location.altitude);
  const country = typeof location.country === 'string' ? location.country.trim() : '';
  return {
    ...(country === '' ? {} : { country }),
    ...(Number.isFinite(elevation) ? { elevation } : {}),
  };
}

/** The text of a value the feed sends as a string (numbers, which it does not send, too). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * A decimal the feed sends as a string (or a number): the string's trimmed text read as a plain
 * decimal; NaN when unreadable.
 *
 * @example
 * feedNumber(' 52.544 '); // 52.544
 * feedNumber('52,5'); // NaN
 */
export function feedNumber(value: unknown): number {
  const text = textOf(value);
  return text === '' ? Number.NaN : parseDecimal(text);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

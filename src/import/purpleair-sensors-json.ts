import { describeValue } from '../arguments/describe-value.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import { convertedValue } from './measurement-ranges.js';
import { SPLIT_ID_STRIDE } from './place-registry.js';
import {
  PURPLEAIR_PM25_PLANS,
  type PurpleAirLocationType,
  type PurpleAirPm25Plan,
} from './purpleair-columns.js';

// PurpleAir's API v1 answers GET /v1/sensors with the requested fields once and every sensor as
// an array of values in that order: `{ "fields": ["sensor_index", "name", …], "data": [[…], …] }`
// (sensor_index always comes first); GET /v1/sensors/{sensor_index} answers one sensor as an
// object: `{ "sensor": { "sensor_index": …, "name": …, … } }`. The history CSV has no place, so
// a saved sensor list is what puts each sensor on the map and says whether it is inside.

/**
 * The fields a sensor list must have: where the sensor is, and whether it is outside (which
 * decides its correction). `name` and `altitude` are read when present.
 *
 * @example
 * PURPLEAIR_SENSOR_FIELDS.includes('location_type'); // true
 */
export const PURPLEAIR_SENSOR_FIELDS = Object.freeze([
  'sensor_index',
  'latitude',
  'longitude',
  'location_type',
] as const);

/** Feet to metres: PurpleAir gives `altitude` in feet, the store keeps elevation in metres. */
const METRES_PER_FOOT = 0.3048;

/** A sensor of a sensor list, ready for the place registry. */
export interface PurpleAirSensor {
  readonly sensorIndex: number;
  readonly latitude: number;
  readonly longitude: number;
  /** Which PM2.5 channels it is imported from and which correction its record gets. */
  readonly plan: PurpleAirPm25Plan;
  /** The installation for an id (the sensor's own or a split's). */
  readonly describe: (installationId: number) => StoredInstallation;
}

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses a saved sensor list (GET /v1/sensors) or single sensor (GET /v1/sensors/{index}) and
 * returns its sensors as objects keyed by field name.
 *
 * @returns the sensors, or why the text is not such an answer (a file-level problem)
 * @example
 * purpleAirSensorEntries('{"fields":["sensor_index","latitude","longitude","location_type"],"data":[[205273,44.98,-93.27,0]]}');
 * // [{ sensor_index: 205273, latitude: 44.98, longitude: -93.27, location_type: 0 }]
 */
export function purpleAirSensorEntries(json: string): unknown[] | string {
  let data: unknown;
  try {
    data = JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch (error) {
    return `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const entries = purpleAirAnswerEntries(data);
  return typeof entries !== 'string' && entries.length === 0 ? 'has no sensors' : entries;
}

/**
 * The sensors of a parsed GET /v1/sensors or GET /v1/sensors/{index} answer, as objects keyed
 * by field name; an empty list is a valid answer (no sensor matched, none changed since
 * `modified_since`). Shared by the importer and the followed source.
 *
 * @returns the sensors, or why `data` is not such an answer (a PurpleAir error answer, no
 *   `fields`/`data` arrays, fields missing of {@link PURPLEAIR_SENSOR_FIELDS})
 * @example
 * purpleAirAnswerEntries({ fields: ['sensor_index', 'latitude', 'longitude', 'location_type'], data: [] }); // []
 * purpleAirAnswerEntries({ error: 'NotFoundError' }); // 'is a PurpleAir error answer, not a sensor list: NotFoundError'
 */
export function purpleAirAnswerEntries(data: unknown): unknown[] | string {
  if (isObject(data) && isObject(data.sensor)) return [data.sensor];
  if (isObject(data) && typeof data.error === 'string') {
    return `is a PurpleAir error answer, not a sensor list: ${data.error}${typeof data.description === 'string' ? ` (${data.description})` : ''}`;
  }
  const { fields, data: rows } = isObject(data) ? data : {};
  if (!Array.isArray(fields) || !Array.isArray(rows)) {
    return 'not a PurpleAir sensor list: expected "fields" and "data" arrays (GET /v1/sensors) or a "sensor" object (GET /v1/sensors/{sensor_index})';
  }
  const missing = PURPLEAIR_SENSOR_FIELDS.filter((name) => !fields.includes(name));
  if (missing.length > 0) {
    return `the sensor list lacks the fields ${missing.join(', ')}, which place each sensor and choose its correction; ask for them with fields=name,latitude,longitude,location_type,altitude`;
  }
  return rows.map((row: unknown) =>
    Array.isArray(row)
      ? Object.fromEntries(fields.map((name: unknown, i) => [String(name), row[i] as unknown]))
      : row,
  );
}

/**
 * Reads one sensor of a list. The installation takes the sensor's `name` as its first address
 * line (and `PurpleAir sensor <index>` as the second, or the first when it has no name), its
 * `altitude` (feet) as elevation in metres, PurpleAir as its sponsor, and the correction of its
 * `location_type` (see {@link PURPLEAIR_PM25_PLANS}).
 *
 * @example
 * purpleAirSensor({ sensor_index: 205273, name: 'Roof', latitude: 44.98, longitude: -93.27, location_type: 0, altitude: 853 }).describe(205273);
 * // { id: 205273, location: { latitude: 44.98, longitude: -93.27 }, elevation: 259.9944, vendor: false,
 * //   address: { displayAddress1: 'Roof', displayAddress2: 'PurpleAir sensor 205273' },
 * //   sponsor: { id: 0, name: 'PurpleAir', link: 'https://www.purpleair.com' }, correction: { method: 'AIRNOW_2021' } }
 */
export function purpleAirSensor(entry: unknown): PurpleAirSensor | string {
  if (!isObject(entry)) {
    return `a sensor must be an array of the fields' values or an object, got ${describeValue(entry)}`;
  }
  const { sensor_index: index, latitude, longitude, altitude, name } = entry;
  const reasons: string[] = [];
  if (
    !(Number.isSafeInteger(index) && (index as number) > 0 && (index as number) < SPLIT_ID_STRIDE)
  ) {
    reasons.push(
      `sensor_index must be a positive integer below ${SPLIT_ID_STRIDE}, got ${describeValue(index)}`,
    );
  }
  if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) {
    reasons.push(`latitude must be a number in [-90, 90], got ${describeValue(latitude)}`);
  }
  if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) {
    reasons.push(`longitude must be a number in [-180, 180], got ${describeValue(longitude)}`);
  }
  const locationType = entry.location_type;
  if (locationType !== 0 && locationType !== 1) {
    reasons.push(
      `location_type must be 0 (outside) or 1 (inside), got ${describeValue(locationType)}`,
    );
  }
  const hasAltitude = altitude !== undefined && altitude !== null;
  if (hasAltitude && (typeof altitude !== 'number' || !Number.isFinite(altitude))) {
    reasons.push(`altitude must be a number of feet when present, got ${describeValue(altitude)}`);
  }
  if (reasons.length > 0) return reasons.join('; ');
  const sensorIndex = index as number;
  const plan = PURPLEAIR_PM25_PLANS[locationType as PurpleAirLocationType];
  const label = `PurpleAir sensor ${sensorIndex}`;
  const address =
    typeof name === 'string' && name.trim() !== ''
      ? { displayAddress1: name.trim(), displayAddress2: label }
      : { displayAddress1: label };
  const elevation = hasAltitude ? convertedValue((altitude as number) * METRES_PER_FOOT) : 0;
  return {
    sensorIndex,
    latitude: latitude as number,
    longitude: longitude as number,
    plan,
    describe: (installationId) => ({
      id: installationId,
      location: { latitude: latitude as number, longitude: longitude as number },
      address,
      elevation,
      vendor: false,
      sponsor: { id: 0, name: 'PurpleAir', link: 'https://www.purpleair.com' },
      correction: { ...plan.correction },
    }),
  };
}

import { describeValue } from '../arguments/describe-value.js';
import type { Sample } from '../store/ingest-report.js';
import { parseDecimal } from '../store/samples-csv.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import { parseTimestamp } from '../time/instant.js';
import { convertedValue, rangeProblem } from './measurement-ranges.js';
import { type PlaceRegistry, SPLIT_ID_STRIDE } from './place-registry.js';
import {
  SENSOR_COMMUNITY_IGNORED_COLUMNS,
  SENSOR_COMMUNITY_KEY_COLUMNS,
  SENSOR_COMMUNITY_MEASUREMENTS,
  type SensorCommunityMeasurement,
} from './sensor-community-columns.js';

/** Where the columns of one archive file are, read from its header. */
export interface SensorCommunityColumns {
  /** Fields per row. */
  readonly width: number;
  readonly location: number;
  readonly latitude: number;
  readonly longitude: number;
  readonly timestamp: number;
  readonly measurements: readonly (SensorCommunityMeasurement & {
    readonly column: string;
    readonly index: number;
  })[];
  /** Header names airq does not know; their values are not imported. */
  readonly unknown: readonly string[];
}

/** What one data row gives: its samples (and a note when its location moved), or why not. */
export type SensorCommunityRow =
  | { readonly samples: readonly Sample[]; readonly note?: string }
  | { readonly reason: string };

const DIGITS = /^\d+$/;

/**
 * Reads the header line of an archive file. The six key columns must all be there; a column
 * that is neither a key, a measurement nor a known ignored column is listed in `unknown`.
 *
 * @returns the column plan, or a message saying what is wrong with the header
 * @example
 * sensorCommunityColumns('sensor_id;sensor_type;location;lat;lon;timestamp;temperature;humidity');
 * // { width: 8, location: 2, …, measurements: [{ column: 'temperature', index: 6, name: 'TEMPERATURE', divisor: 1 }, …], unknown: [] }
 */
export function sensorCommunityColumns(header: string): SensorCommunityColumns | string {
  const names = (header.charCodeAt(0) === 0xfeff ? header.slice(1) : header)
    .split(';')
    .map((name) => name.trim());
  const missing = SENSOR_COMMUNITY_KEY_COLUMNS.filter((key) => !names.includes(key));
  if (missing.length > 0) {
    return `the header must name the columns ${SENSOR_COMMUNITY_KEY_COLUMNS.join(';')} and the measurements; missing ${missing.join(', ')} in ${describeValue(header)}`;
  }
  const measurements: SensorCommunityColumns['measurements'][number][] = [];
  const unknown: string[] = [];
  names.forEach((column, index) => {
    const measurement = Object.hasOwn(SENSOR_COMMUNITY_MEASUREMENTS, column)
      ? SENSOR_COMMUNITY_MEASUREMENTS[column]
      : undefined;
    if (measurement !== undefined) measurements.push({ ...measurement, column, index });
    else if (
      !(SENSOR_COMMUNITY_KEY_COLUMNS as readonly string[]).includes(column) &&
      !SENSOR_COMMUNITY_IGNORED_COLUMNS.includes(column)
    ) {
      unknown.push(column);
    }
  });
  if (measurements.length === 0) {
    return `the header has no measurement column airq imports (${Object.keys(SENSOR_COMMUNITY_MEASUREMENTS).join(', ')}): ${describeValue(header)}`;
  }
  return {
    width: names.length,
    location: names.indexOf('location'),
    latitude: names.indexOf('lat'),
    longitude: names.indexOf('lon'),
    timestamp: names.indexOf('timestamp'),
    measurements,
    unknown,
  };
}

/**
 * Converts one data row: the installation comes from `location` (stable when the sensor is
 * swapped) and the row's coordinates, the time from `timestamp` (UTC when it has no offset),
 * and one sample per non-empty measurement field, converted to airq's unit. Every problem of
 * the row is named in `reason`, separated by `; `; an empty measurement field is no problem,
 * but a row with no value at all is refused.
 *
 * @example
 * sensorCommunityRow(columns, '88091;SDS011;85606;45.528;11.560;2026-02-22T00:00:44;47.40;;;23.70;;', places);
 * // { samples: [{ installationId: 85606, name: 'PM10', atMs: 1771718444000, value: 47.4 }, { …, name: 'PM25', value: 23.7 }] }
 */
export function sensorCommunityRow(
  columns: SensorCommunityColumns,
  line: string,
  places: PlaceRegistry,
): SensorCommunityRow {
  const fields = line.split(';');
  if (fields.length !== columns.width) {
    return {
      reason: `expected ${columns.width} semicolon-separated fields as in the header, got ${fields.length}`,
    };
  }
  const field = (index: number): string => fields[index]!.trim(); // index < width
  const reasons: string[] = [];
  const locationText = field(columns.location);
  const location = DIGITS.test(locationText) ? Number(locationText) : Number.NaN;
  if (!(location > 0 && location < SPLIT_ID_STRIDE)) {
    reasons.push(
      `location must be a positive integer below ${SPLIT_ID_STRIDE}, got ${describeValue(locationText)}`,
    );
  }
  const latitude = parseDecimal(field(columns.latitude));
  if (!(latitude >= -90 && latitude <= 90)) {
    reasons.push(
      `lat must be a number in [-90, 90], got ${describeValue(field(columns.latitude))}`,
    );
  }
  const longitude = parseDecimal(field(columns.longitude));
  if (!(longitude >= -180 && longitude <= 180)) {
    reasons.push(
      `lon must be a number in [-180, 180], got ${describeValue(field(columns.longitude))}`,
    );
  }
  const timestampText = field(columns.timestamp);
  const atMs = parseTimestamp(timestampText);
  if (atMs === undefined) {
    reasons.push(`timestamp must be an ISO 8601 date-time, got ${describeValue(timestampText)}`);
  }
  const values: { name: Sample['name']; value: number }[] = [];
  for (const measurement of columns.measurements) {
    const text = field(measurement.index);
    if (text === '') continue;
    const read = sensorCommunityValue(text, measurement, measurement.column);
    if (typeof read === 'string') reasons.push(read);
    else values.push({ name: measurement.name, value: read });
  }
  if (reasons.length === 0 && values.length === 0) {
    reasons.push('no value in any measurement column');
  }
  if (reasons.length > 0 || atMs === undefined) return { reason: reasons.join('; ') };

  const answer = places.place(location, latitude, longitude, (id) => ({
    id,
    ...sensorCommunityInstallation(location, latitude, longitude),
  }));
  const { installationId, movedFrom } = answer;
  const samples = values.map(({ name, value }) => ({ installationId, name, atMs, value }));
  if (movedFrom === undefined) return { samples };
  const from = `(${movedFrom.latitude}, ${movedFrom.longitude})`;
  return {
    samples,
    note: `location ${location} moved from ${from} to (${latitude}, ${longitude}); from here on its samples go to installation ${installationId} (was ${movedFrom.installationId})`,
  };
}

/**
 * Reads one Sensor.Community value (an archive field, or a `value` of the open-data feed) into
 * airq's unit: a plain decimal (`"19.13"`), divided by the measurement's divisor (pressure:
 * Pa → hPa) with the float noise removed, and within the importers' plausible range.
 *
 * @param text - the value, trimmed and not empty
 * @param what - how a message names the value (the column, or the value type)
 * @returns the value, or a message saying why it cannot be read
 * @example
 * sensorCommunityValue('101325', SENSOR_COMMUNITY_MEASUREMENTS.pressure!, 'pressure'); // 1013.25
 * sensorCommunityValue('nan', SENSOR_COMMUNITY_MEASUREMENTS.P1!, 'P1');
 * // 'P1 must be a decimal number, got "nan"'
 */
export function sensorCommunityValue(
  text: string,
  measurement: SensorCommunityMeasurement,
  what: string,
): number | string {
  const raw = parseDecimal(text);
  if (Number.isNaN(raw)) return `${what} must be a decimal number, got ${describeValue(text)}`;
  const value = convertedValue(raw / measurement.divisor);
  return rangeProblem(measurement.name, value, what) ?? value;
}

/** What the open-data feed says of a location beyond its coordinates (the archive says none). */
export interface SensorCommunityPlaceFacts {
  /** The country code the feed gives (`"DE"`). */
  readonly country?: string;
  /** Metres above sea level (the feed's `altitude`). */
  readonly elevation?: number;
}

/**
 * The installation that stands for a Sensor.Community location: a third-party installation
 * (`vendor: false`) sponsored by Sensor.Community, named after its location id; the archive
 * has no address, elevation or owner, so the elevation is 0 unless `facts` give one.
 *
 * @param location - the source's `location` id
 * @example
 * sensorCommunityInstallation(1071, 52.544, 13.374, { country: 'DE', elevation: 38.7 });
 * // { location: { latitude: 52.544, longitude: 13.374 },
 * //   address: { country: 'DE', displayAddress1: 'Sensor.Community location 1071' },
 * //   elevation: 38.7, vendor: false, sponsor: { id: 0, name: 'Sensor.Community', … } }
 */
export function sensorCommunityInstallation(
  location: number,
  latitude: number,
  longitude: number,
  facts: SensorCommunityPlaceFacts = {},
): Omit<StoredInstallation, 'id'> {
  const name = `Sensor.Community location ${location}`;
  return {
    location: { latitude, longitude },
    address:
      facts.country === undefined
        ? { displayAddress1: name }
        : { country: facts.country, displayAddress1: name },
    elevation: facts.elevation ?? 0,
    vendor: false,
    sponsor: { id: 0, name: 'Sensor.Community', link: 'https://sensor.community' },
  };
}

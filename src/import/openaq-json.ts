import { describeValue } from '../arguments/describe-value.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import type { Sample } from '../store/ingest-report.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import { parseTimestamp } from '../time/instant.js';
import { openAqValue } from './openaq-parameters.js';
import { SPLIT_ID_STRIDE } from './place-registry.js';

// OpenAQ v3 answers are one JSON document per page: `{ meta: {…, page, limit, found},
// results: […] }`, with at most 1000 results (the API's largest `limit`). airq reads two kinds:
// GET /v3/locations (each result a location with `coordinates` and its `sensors`) and
// GET /v3/sensors/{id}/measurements (each result a `value` with its `parameter` and `period`;
// the result does not name the sensor, so the file name has to).

/** A saved page: what it holds, and its results. */
export interface OpenAqPage {
  readonly kind: 'locations' | 'measurements';
  readonly results: readonly unknown[];
}

/** A sensor of a location: what it measures, in which units. */
export interface OpenAqSensor {
  readonly id: number;
  /** OpenAQ's parameter name, e.g. `pm25`. */
  readonly parameter: string;
  /** As OpenAQ writes them, e.g. `µg/m³`; `null` when absent. */
  readonly units: string | null;
}

/** A location of a locations page, ready for the place registry. */
export interface OpenAqLocation {
  readonly id: number;
  readonly latitude: number;
  readonly longitude: number;
  /** The installation for an id (the location's own or a split's). */
  readonly describe: (installationId: number) => StoredInstallation;
  /** Its sensors: sensor id, parameter name and units (`null` when the location does not say). */
  readonly sensors: readonly OpenAqSensor[];
}

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Parses a saved response and tells which kind it is, from its first result.
 *
 * @returns the page, or why it is not a v3 locations or measurements page
 * @example
 * openAqPage('{"meta":{},"results":[{"value":0.3,"parameter":{…},"period":{…}}]}').kind; // 'measurements'
 */
export function openAqPage(json: string): OpenAqPage | string {
  let data: unknown;
  try {
    data = JSON.parse(json.charCodeAt(0) === 0xfeff ? json.slice(1) : json);
  } catch (error) {
    return `not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
  const results = isObject(data) ? data.results : undefined;
  if (!Array.isArray(results)) return 'not an OpenAQ v3 response: no "results" array';
  const first: unknown = results[0];
  if (results.length === 0) return 'has no results';
  if (isObject(first) && 'coordinates' in first && 'sensors' in first) {
    return { kind: 'locations', results };
  }
  if (isObject(first) && 'value' in first && 'period' in first) {
    return { kind: 'measurements', results };
  }
  return 'not a v3 locations or sensors/{id}/measurements response: its first result has neither coordinates and sensors nor value and period';
}

/**
 * Reads one result of a locations page. The installation takes the location's id, name,
 * locality and country; its sponsor is the data provider. Mobile locations have no fixed place
 * and are refused.
 *
 * @example
 * openAqLocation({ id: 2178, name: 'Del Norte', coordinates: { latitude: 35.1353, longitude: -106.5847 }, sensors: […], … });
 * // { id: 2178, latitude: 35.1353, longitude: -106.5847, sensors: [{ id: 3918, parameter: 'so2', units: 'ppm' }, …], describe }
 */
export function openAqLocation(result: unknown): OpenAqLocation | string {
  if (!isObject(result)) return `a location must be an object, got ${describeValue(result)}`;
  const { id, coordinates, sensors } = result;
  const reasons: string[] = [];
  if (!isId(id) || id >= SPLIT_ID_STRIDE) {
    reasons.push(
      `id must be a positive integer below ${SPLIT_ID_STRIDE}, got ${describeValue(id)}`,
    );
  }
  if (result.isMobile === true) reasons.push('a mobile location has no fixed place');
  const latitude = isObject(coordinates) ? coordinates.latitude : undefined;
  const longitude = isObject(coordinates) ? coordinates.longitude : undefined;
  if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) {
    reasons.push(
      `coordinates.latitude must be a number in [-90, 90], got ${describeValue(latitude)}`,
    );
  }
  if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) {
    reasons.push(
      `coordinates.longitude must be a number in [-180, 180], got ${describeValue(longitude)}`,
    );
  }
  const sensorList: OpenAqSensor[] = [];
  if (!Array.isArray(sensors))
    reasons.push(`sensors must be an array, got ${describeValue(sensors)}`);
  else {
    sensors.forEach((sensor: unknown, index) => {
      const about = isObject(sensor) && isObject(sensor.parameter) ? sensor.parameter : {};
      const parameter = about.name;
      if (isObject(sensor) && isId(sensor.id) && typeof parameter === 'string') {
        sensorList.push({ id: sensor.id, parameter, units: text(about.units) });
      } else reasons.push(`sensors[${index}] must have an id and a parameter name`);
    });
  }
  if (reasons.length > 0) return reasons.join('; ');
  const country = isObject(result.country) ? text(result.country.name) : null;
  const provider = isObject(result.provider) ? result.provider : {};
  return {
    id: id as number,
    latitude: latitude as number,
    longitude: longitude as number,
    sensors: sensorList,
    describe: (installationId) => ({
      id: installationId,
      location: { latitude: latitude as number, longitude: longitude as number },
      address: { country, city: text(result.locality), displayAddress1: text(result.name) },
      elevation: 0,
      vendor: false,
      sponsor: {
        id: Number.isSafeInteger(provider.id) ? (provider.id as number) : 0,
        name: text(provider.name) ?? 'OpenAQ',
        link: 'https://openaq.org',
      },
    }),
  };
}

/** One OpenAQ value in airq's terms, not yet tied to an installation. */
export interface OpenAqReading {
  readonly name: MeasurementTypeName;
  /** Epoch ms of OpenAQ's time-ending stamp: the end of the averaging period. */
  readonly atMs: number;
  readonly value: number;
}

/** The fields of one OpenAQ value, wherever its answer keeps them. */
export interface OpenAqReadingFields {
  /** The ISO 8601 stamp that ends the averaging period, as OpenAQ gives it. */
  readonly utc: unknown;
  /** Where the answer keeps `utc`, for the message: `period.datetimeTo.utc`, `datetime.utc`. */
  readonly utcField: string;
  readonly value: unknown;
  /** OpenAQ's parameter name (`pm25`) and units (`µg/m³`). */
  readonly parameter: string;
  readonly units: string;
}

/**
 * Reads one OpenAQ value, from a measurements page or a location's latest values alike.
 * OpenAQ's datetimes are time-ending (the hour from 02:00 to 03:00 is stamped 03:00,
 * https://docs.openaq.org/using-the-api/dates-datetimes), and the stamp is kept as the
 * sample's time, so an hour read from either answer lands on the same instant. The parameter
 * and units map as {@link openAqValue} says.
 *
 * @param problems - what the caller found wrong with the same result; reported after the time
 * and the value, and no conversion is tried when there are any
 * @returns the reading, or every reason it cannot be imported, joined by `; `
 * @example
 * openAqReading({ utc: '2024-01-01T01:00:00Z', utcField: 'datetime.utc', value: 0.3, parameter: 'co', units: 'ppm' });
 * // { name: 'CO', atMs: 1704070800000, value: 343.680981595 }
 */
export function openAqReading(
  fields: OpenAqReadingFields,
  problems: readonly string[] = [],
): OpenAqReading | string {
  const { utc, utcField, value } = fields;
  const reasons: string[] = [];
  const atMs = typeof utc === 'string' ? parseTimestamp(utc) : undefined;
  if (atMs === undefined) {
    reasons.push(`${utcField} must be an ISO 8601 date-time, got ${describeValue(utc)}`);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    reasons.push(`value must be a finite number, got ${describeValue(value)}`);
  }
  reasons.push(...problems);
  if (reasons.length > 0 || atMs === undefined) return reasons.join('; ');
  const converted = openAqValue(fields.parameter, fields.units, value as number);
  if (typeof converted === 'string') return converted;
  return { name: converted.name, atMs, value: converted.value };
}

/**
 * Reads one result of a sensors/{id}/measurements page as a sample of `installationId`: the
 * time is the end of the averaging period (`period.datetimeTo.utc`), read by
 * {@link openAqReading}. The parameter must be the sensor's own.
 *
 * @example
 * openAqSample({ value: 0.3, parameter: { name: 'co', units: 'ppm' }, period: { datetimeTo: { utc: '2024-01-01T01:00:00Z' } } }, 2178, 'co');
 * // { installationId: 2178, name: 'CO', atMs: 1704070800000, value: 343.680981595 }
 */
export function openAqSample(
  result: unknown,
  installationId: number,
  sensorParameter: string,
): Sample | string {
  if (!isObject(result)) return `a measurement must be an object, got ${describeValue(result)}`;
  const parameter = isObject(result.parameter) ? result.parameter : {};
  const period = isObject(result.period) ? result.period : {};
  const { name, units } = parameter;
  const problems: string[] = [];
  if (typeof name !== 'string' || typeof units !== 'string') {
    problems.push(`parameter must have a name and units, got ${describeValue(result.parameter)}`);
  } else if (name !== sensorParameter) {
    problems.push(
      `parameter ${describeValue(name)} is not the sensor's (${describeValue(sensorParameter)})`,
    );
  }
  const reading = openAqReading(
    {
      utc: isObject(period.datetimeTo) ? period.datetimeTo.utc : undefined,
      utcField: 'period.datetimeTo.utc',
      value: result.value,
      // Read only when both are strings: otherwise a problem was pushed above.
      parameter: typeof name === 'string' ? name : '',
      units: typeof units === 'string' ? units : '',
    },
    problems,
  );
  return typeof reading === 'string' ? reading : { installationId, ...reading };
}

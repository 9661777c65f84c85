import { describeValue } from '../arguments/describe-value.js';
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

/** A location of a locations page, ready for the place registry. */
export interface OpenAqLocation {
  readonly id: number;
  readonly latitude: number;
  readonly longitude: number;
  /** The installation for an id (the location's own or a split's). */
  readonly describe: (installationId: number) => StoredInstallation;
  /** Its sensors: sensor id and parameter name. */
  readonly sensors: readonly { readonly id: number; readonly parameter: string }[];
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
 * // { id: 2178, latitude: 35.1353, longitude: -106.5847, sensors: [{ id: 3917, parameter: 'co' }, …], describe }
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
  const sensorList: { id: number; parameter: string }[] = [];
  if (!Array.isArray(sensors))
    reasons.push(`sensors must be an array, got ${describeValue(sensors)}`);
  else {
    sensors.forEach((sensor: unknown, index) => {
      const parameter =
        isObject(sensor) && isObject(sensor.parameter) ? sensor.parameter.name : null;
      if (isObject(sensor) && isId(sensor.id) && typeof parameter === 'string') {
        sensorList.push({ id: sensor.id, parameter });
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

/**
 * Reads one result of a sensors/{id}/measurements page as a sample of `installationId`: the
 * time is the end of the averaging period (`period.datetimeTo.utc`), the parameter and units
 * map as {@link openAqValue} says. The parameter must be the sensor's own.
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
  const to = isObject(period.datetimeTo) ? period.datetimeTo.utc : undefined;
  const reasons: string[] = [];
  const atMs = typeof to === 'string' ? parseTimestamp(to) : undefined;
  if (atMs === undefined) {
    reasons.push(`period.datetimeTo.utc must be an ISO 8601 date-time, got ${describeValue(to)}`);
  }
  const { value } = result;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    reasons.push(`value must be a finite number, got ${describeValue(value)}`);
  }
  if (typeof parameter.name !== 'string' || typeof parameter.units !== 'string') {
    reasons.push(`parameter must have a name and units, got ${describeValue(result.parameter)}`);
  } else if (parameter.name !== sensorParameter) {
    reasons.push(
      `parameter ${describeValue(parameter.name)} is not the sensor's (${describeValue(sensorParameter)})`,
    );
  }
  if (reasons.length > 0 || atMs === undefined) return reasons.join('; ');
  const converted = openAqValue(
    parameter.name as string,
    parameter.units as string,
    value as number,
  );
  if (typeof converted === 'string') return converted;
  return { installationId, name: converted.name, atMs, value: converted.value };
}

import { PURPLEAIR_PM25_PLANS } from '../import/purpleair-columns.js';
import type { NetworkBox } from '../payload/network-box.js';

// What a poll of PurpleAir's API v1 asks for: GET /v1/sensors (https://api.purpleair.com/#api-sensors-get-sensors-data)
// with a box, the fields airq reads and, after the first answer, `modified_since`. PurpleAir
// charges every answer `base + (sum of the fields' costs) × rows` points
// (https://community.purpleair.com/t/api-pricing/4523), so the field list is the smallest one
// that describes an installation as the importer does and feeds its PM2.5 correction.

/**
 * PurpleAir's production API, the base URL `--follow-url purpleair=…` replaces.
 *
 * @example
 * `${PURPLEAIR_BASE_URL}/v1/sensors`; // 'https://api.purpleair.com/v1/sensors'
 */
export const PURPLEAIR_BASE_URL = 'https://api.purpleair.com';

/**
 * The default interval between polls, in ms: 10 minutes. PurpleAir asks for at most one call
 * a minute ("API Use Guidelines", community.purpleair.com/t/1589), and its sensors report a
 * 2-minute average: a poll takes each sensor's latest one, so 10 minutes keeps one report in
 * five. The cost, from PurpleAir's pricing formula (base ≤ 5 points a request; its published
 * example charges 2 points for a PM2.5 field per row; the per-field table is behind the
 * developer dashboard's login, so every field is counted at 2 points here, an upper estimate):
 * an outdoor poll asks for the 9 fields of {@link purpleAirFollowFields}, ≤ 18 points a row,
 * so a poll of N sensors costs ≤ 5 + 18·N points and a day of 144 polls ≤ 720 + 2,592·N
 * (N = 40: ≤ 104,400 points a day, about 1 USD at 100,000 points per USD; the million points
 * of a new key last about 9 days). `modified_since` leaves out sensors that did not report
 * since the last answer, and a box across the antimeridian costs a second base. `--follow-indoor`
 * adds the 2 CF=1 channel fields to every row (≤ 22 points a row).
 *
 * @example
 * PURPLEAIR_DEFAULT_EVERY_MS / 60_000; // 10
 */
export const PURPLEAIR_DEFAULT_EVERY_MS = 10 * 60 * 1000;

/** A field airq asks PurpleAir for, and why it pays for it. */
export interface PurpleAirFollowField {
  readonly field: string;
  readonly why: string;
}

/**
 * The fields every poll asks for besides the PM2.5 channels (which come from the
 * `PURPLEAIR_PM25_PLANS` of the importer: `pm2.5_atm` A/B for outdoor sensors, and `pm2.5_cf_1`
 * A/B for indoor ones when they are read). `sensor_index` is not listed: PurpleAir always
 * sends it first. Temperature, pressure, PM10 and PM1 are left out: no correction reads them,
 * and each would cost points on every row.
 *
 * @example
 * PURPLEAIR_FOLLOW_FIELDS.map((entry) => entry.field);
 * // ['name', 'latitude', 'longitude', 'altitude', 'location_type', 'last_seen', 'humidity']
 */
export const PURPLEAIR_FOLLOW_FIELDS: readonly PurpleAirFollowField[] = Object.freeze([
  Object.freeze({ field: 'name', why: "the installation's first address line, as imported" }),
  Object.freeze({ field: 'latitude', why: "the installation's location" }),
  Object.freeze({ field: 'longitude', why: "the installation's location" }),
  Object.freeze({ field: 'altitude', why: "the installation's elevation (feet, stored in m)" }),
  Object.freeze({
    field: 'location_type',
    why: "outside or inside: chooses the sensor's correction (and skips an inside sensor that a server sends although the request asked for outside ones)",
  }),
  Object.freeze({ field: 'last_seen', why: 'when the values were measured (Unix seconds)' }),
  Object.freeze({ field: 'humidity', why: 'the relative humidity every PM2.5 correction reads' }),
]);

/**
 * The `fields` a poll asks for, in this order: {@link PURPLEAIR_FOLLOW_FIELDS}, then the PM2.5
 * channels of the outdoor plan, then (with `indoor`) those of the indoor plan.
 *
 * @param indoor - whether indoor sensors are read too (`--follow-indoor`)
 * @example
 * purpleAirFollowFields(false).slice(-2); // ['pm2.5_atm_a', 'pm2.5_atm_b']
 * purpleAirFollowFields(true).length; // 11
 */
export function purpleAirFollowFields(indoor: boolean): readonly string[] {
  const plans = indoor ? PURPLEAIR_PM25_PLANS : PURPLEAIR_PM25_PLANS.slice(0, 1);
  return [
    ...PURPLEAIR_FOLLOW_FIELDS.map((entry) => entry.field),
    ...plans.flatMap((plan) => plan.channels),
  ];
}

/**
 * The GET /v1/sensors URLs of one poll: one for a box, two for a box across the antimeridian
 * (`minLng > maxLng`: from `minLng` to 180, and from −180 to `maxLng`), since PurpleAir's
 * `nwlng`/`selng` describe a box from west to east. `location_type=0` (outside sensors only)
 * unless `indoor`; `modified_since` (Unix seconds) when the source has had an answer.
 *
 * @param baseUrl - without a trailing slash, e.g. {@link PURPLEAIR_BASE_URL}
 * @example
 * purpleAirSensorsUrls('https://api.purpleair.com', { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 }, false, undefined);
 * // ['https://api.purpleair.com/v1/sensors?fields=name%2Clatitude%2C…&location_type=0&nwlng=19.79&nwlat=50.13&selng=20.22&selat=49.97']
 */
export function purpleAirSensorsUrls(
  baseUrl: string,
  box: NetworkBox,
  indoor: boolean,
  modifiedSinceS: number | undefined,
): string[] {
  const spans: [number, number][] =
    box.minLng > box.maxLng
      ? [
          [box.minLng, 180],
          [-180, box.maxLng],
        ]
      : [[box.minLng, box.maxLng]];
  return spans.map(([west, east]) => {
    const query = new URLSearchParams({ fields: purpleAirFollowFields(indoor).join(',') });
    if (!indoor) query.set('location_type', '0');
    query.set('nwlng', String(west));
    query.set('nwlat', String(box.maxLat));
    query.set('selng', String(east));
    query.set('selat', String(box.minLat));
    if (modifiedSinceS !== undefined) query.set('modified_since', String(modifiedSinceS));
    return `${baseUrl}/v1/sensors?${query}`;
  });
}

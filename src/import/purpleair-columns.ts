import { describeValue } from '../arguments/describe-value.js';
import type { CorrectionOptions } from '../corrections/correction-options.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';

// The history CSV of PurpleAir's API v1 (GET /v1/sensors/{sensor_index}/history/csv): a header
// line naming `time_stamp`, `sensor_index` and the fields asked for with `fields=`, in whatever
// order the request listed them, then one comma-separated line per averaging period (not
// sorted by time). A value the sensor did not report is written `null`. Units, from PurpleAir's
// field descriptions: humidity in % (inside the housing), temperature in °F (inside the
// housing), pressure in millibars (= hPa), particulate matter in µg/m³, per laser counter
// (`_a`, `_b`) or as PurpleAir's own A/B average (no suffix).

/** PurpleAir's `location_type`: 0 for a sensor outside, 1 for one inside. */
export type PurpleAirLocationType = 0 | 1;

/** How the PM2.5 of a sensor is imported: which channels make it, and which correction fits. */
export interface PurpleAirPm25Plan {
  /** The `location_types` name of the sensor's location type. */
  readonly where: 'outside' | 'inside';
  /** Written into the installation record; the store applies it to every PM25 average. */
  readonly correction: CorrectionOptions;
  /** The A and B columns whose mean is stored as PM25, in µg/m³. */
  readonly channels: readonly [string, string];
}

/**
 * The PM2.5 plan per location type, indexed by `location_type`:
 * - 0, outside: `AIRNOW_2021` (the AirNow Fire and Smoke Map correction) on the `pm2.5_atm`
 *   A/B mean, the field EPA's own code feeds it;
 * - 1, inside: `EPA_2022` (Barkjohn et al. 2022) on the `pm2.5_cf_1` A/B mean, the equation
 *   PurpleAir applies to indoor sensors.
 *
 * @example
 * PURPLEAIR_PM25_PLANS[1].correction; // { method: 'EPA_2022' }
 */
export const PURPLEAIR_PM25_PLANS: readonly [PurpleAirPm25Plan, PurpleAirPm25Plan] = Object.freeze([
  Object.freeze({
    where: 'outside',
    correction: Object.freeze({ method: 'AIRNOW_2021' }),
    channels: Object.freeze(['pm2.5_atm_a', 'pm2.5_atm_b'] as const),
  }),
  Object.freeze({
    where: 'inside',
    correction: Object.freeze({ method: 'EPA_2022' }),
    channels: Object.freeze(['pm2.5_cf_1_a', 'pm2.5_cf_1_b'] as const),
  }),
] as const);

/**
 * Channel pairs stored raw as the mean of A and B, in µg/m³: no correction is published for
 * them, and the line's PM2.5 check already vouches for the same two laser counters.
 *
 * @example
 * PURPLEAIR_RAW_PAIRS.map((pair) => pair.name); // ['PM10', 'PM1']
 */
export const PURPLEAIR_RAW_PAIRS: readonly {
  readonly name: MeasurementTypeName;
  readonly channels: readonly [string, string];
}[] = Object.freeze([
  Object.freeze({
    name: 'PM10',
    channels: Object.freeze(['pm10.0_atm_a', 'pm10.0_atm_b'] as const),
  }),
  Object.freeze({ name: 'PM1', channels: Object.freeze(['pm1.0_atm_a', 'pm1.0_atm_b'] as const) }),
]);

/**
 * History fields of PurpleAir's field list that airq leaves out: per-channel environment
 * readings (the A/B averages are imported), PurpleAir's own A/B averages of particulate matter
 * (they cannot be checked channel against channel), the ALT and cf_1 variants it does not
 * store, VOC, visibility, particle counts and the device's health fields.
 */
const IGNORED_FIELDS: readonly string[] = Object.freeze([
  'humidity_a',
  'humidity_b',
  'temperature_a',
  'temperature_b',
  'pressure_a',
  'pressure_b',
  'pm1.0_atm',
  'pm1.0_cf_1',
  'pm1.0_cf_1_a',
  'pm1.0_cf_1_b',
  'pm2.5_alt',
  'pm2.5_alt_a',
  'pm2.5_alt_b',
  'pm2.5_atm',
  'pm2.5_cf_1',
  'pm10.0_atm',
  'pm10.0_cf_1',
  'pm10.0_cf_1_a',
  'pm10.0_cf_1_b',
  'voc',
  'voc_a',
  'voc_b',
  'scattering_coefficient',
  'scattering_coefficient_a',
  'scattering_coefficient_b',
  'deciviews',
  'deciviews_a',
  'deciviews_b',
  'visual_range',
  'visual_range_a',
  'visual_range_b',
  '0.3_um_count',
  '0.3_um_count_a',
  '0.3_um_count_b',
  '0.5_um_count',
  '0.5_um_count_a',
  '0.5_um_count_b',
  '1.0_um_count',
  '1.0_um_count_a',
  '1.0_um_count_b',
  '2.5_um_count',
  '2.5_um_count_a',
  '2.5_um_count_b',
  '5.0_um_count',
  '5.0_um_count_a',
  '5.0_um_count_b',
  '10.0_um_count',
  '10.0_um_count_a',
  '10.0_um_count_b',
  'analog_input',
  'hardware',
  'firmware_version',
  'rssi',
  'uptime',
  'pa_latency',
  'memory',
]);

const KEY_COLUMNS = Object.freeze(['time_stamp', 'sensor_index'] as const);

// The columns read for some sensor: the key columns, the environment and the channel pairs.
const READ_COLUMNS: readonly string[] = Object.freeze([
  'time_stamp',
  'sensor_index',
  'humidity',
  'temperature',
  'pressure',
  'pm2.5_atm_a',
  'pm2.5_atm_b',
  'pm2.5_cf_1_a',
  'pm2.5_cf_1_b',
  'pm10.0_atm_a',
  'pm10.0_atm_b',
  'pm1.0_atm_a',
  'pm1.0_atm_b',
]);

/** Where the columns of one history file are, read from its header. */
export interface PurpleAirColumns {
  /** Fields per line. */
  readonly width: number;
  /** The position of every column, by its name. */
  readonly positions: ReadonlyMap<string, number>;
  /** Header names that are not PurpleAir history fields; their values are not imported. */
  readonly unknown: readonly string[];
}

/**
 * Reads the header line of a history CSV: `time_stamp` and `sensor_index` must be there, the
 * other columns may come in any order and any subset.
 *
 * @returns the column positions, or a message saying what is wrong with the header
 * @example
 * purpleAirColumns('time_stamp,sensor_index,humidity,pm2.5_atm_a,pm2.5_atm_b').positions.get('humidity'); // 2
 * purpleAirColumns('{"error":"PaymentRequiredError"}'); // 'not a PurpleAir history CSV: …'
 */
export function purpleAirColumns(header: string): PurpleAirColumns | string {
  const text = header.charCodeAt(0) === 0xfeff ? header.slice(1) : header;
  const names = text.split(',').map((name) => name.trim());
  const missing = KEY_COLUMNS.filter((key) => !names.includes(key));
  if (missing.length > 0) {
    const hint = /^\s*[{[]/.test(text) ? ' (it looks like JSON; name a sensor list *.json)' : '';
    return `not a PurpleAir history CSV: the header must name ${KEY_COLUMNS.join(' and ')}; missing ${missing.join(', ')} in ${describeValue(text.slice(0, 200))}${hint}`;
  }
  const positions = new Map<string, number>();
  const unknown: string[] = [];
  names.forEach((name, index) => {
    if (!positions.has(name)) positions.set(name, index);
    if (!READ_COLUMNS.includes(name) && !IGNORED_FIELDS.includes(name)) unknown.push(name);
  });
  return { width: names.length, positions, unknown };
}

/**
 * The columns a sensor with this plan needs and the file lacks: both PM2.5 channels of its
 * correction's input and `humidity`, which every correction reads.
 *
 * @example
 * purpleAirMissingColumns(purpleAirColumns('time_stamp,sensor_index,pm2.5_cf_1_a,pm2.5_cf_1_b'), PURPLEAIR_PM25_PLANS[0]);
 * // ['humidity', 'pm2.5_atm_a', 'pm2.5_atm_b']
 */
export function purpleAirMissingColumns(
  columns: PurpleAirColumns,
  plan: PurpleAirPm25Plan,
): string[] {
  return ['humidity', ...plan.channels].filter((name) => !columns.positions.has(name));
}

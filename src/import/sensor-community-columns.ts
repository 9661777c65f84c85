import type { MeasurementTypeName } from '../meta/measurement-types.js';

// The columns of the Sensor.Community archive CSV (archive.sensor.community/<day>/
// <day>_<type>_sensor_<id>.csv): semicolon-separated, one file per sensor and day, a header
// line, then one row per reading. Every sensor type shares the first six columns; the rest
// depend on the type, e.g. SDS011 `P1;durP1;ratioP1;P2;durP2;ratioP2`, DHT22
// `temperature;humidity`, BME280 `pressure;altitude;pressure_sealevel;temperature;humidity`,
// SPS30 `P1;P4;P2;P0;N05;N1;N25;N4;N10;TS`.

/** The columns every archive file has, in this order. */
export const SENSOR_COMMUNITY_KEY_COLUMNS = Object.freeze([
  'sensor_id',
  'sensor_type',
  'location',
  'lat',
  'lon',
  'timestamp',
] as const);

/** How one archive column becomes an airq measurement. */
export interface SensorCommunityMeasurement {
  readonly name: MeasurementTypeName;
  /** The archive value is divided by this to get airq's unit. */
  readonly divisor: number;
}

/**
 * The archive columns airq imports. P1 is PM10 and P2 PM2.5 (P0 PM1), in µg/m³; temperature is
 * in °C and humidity in %; pressure is the station pressure in Pa, which airq keeps in hPa.
 */
export const SENSOR_COMMUNITY_MEASUREMENTS: Readonly<Record<string, SensorCommunityMeasurement>> =
  Object.freeze({
    P0: Object.freeze({ name: 'PM1', divisor: 1 }),
    P1: Object.freeze({ name: 'PM10', divisor: 1 }),
    P2: Object.freeze({ name: 'PM25', divisor: 1 }),
    temperature: Object.freeze({ name: 'TEMPERATURE', divisor: 1 }),
    humidity: Object.freeze({ name: 'HUMIDITY', divisor: 1 }),
    pressure: Object.freeze({ name: 'PRESSURE', divisor: 100 }),
  });

/**
 * Archive columns that airq knows and leaves out on purpose: the SDS011's sampling duration and
 * ratio fields (empty in the archive), PM4, particle counts and typical particle size (airq has
 * no such types), altitude and sea-level pressure (derived by the firmware, mostly empty), and
 * the noise levels of DNMS sensors.
 */
export const SENSOR_COMMUNITY_IGNORED_COLUMNS = Object.freeze([
  'durP1',
  'ratioP1',
  'durP2',
  'ratioP2',
  'P4',
  'N05',
  'N1',
  'N25',
  'N4',
  'N10',
  'TS',
  'altitude',
  'pressure_sealevel',
  'noise_LAeq',
  'noise_LA_min',
  'noise_LA_max',
]);

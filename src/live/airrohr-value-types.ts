import type { MeasurementTypeName } from '../meta/measurement-types.js';

// The value types of the airRohr (Sensor.Community) firmware that airq reads, as the project's
// airRohr reference (§2) binds them, from the firmware source (opendata-stuttgart/
// sensors-software, airrohr-firmware, NRZ-2024-135). A device can carry several sensors that
// measure the same thing (an SDS011 and a PMS, a BME280 beside a DHT22); the order of `sources`
// says which one airq believes, so one push yields at most one value per measurement.

/** How one airq measurement is read from an airRohr push. */
export interface AirRohrMeasurement {
  readonly name: MeasurementTypeName;
  /** The `value_type`s that carry it, best first: the first readable one wins. */
  readonly sources: readonly string[];
  /** The pushed value is divided by this to get airq's unit (100 for Pa → hPa). */
  readonly divisor: number;
}

function row(name: MeasurementTypeName, divisor: number, sources: string[]): AirRohrMeasurement {
  return Object.freeze({ name, sources: Object.freeze(sources), divisor });
}

/**
 * Every airq measurement an airRohr push can yield, with its sources in order of preference and
 * its conversion. Any `value_type` not listed here (`signal`, `samples`, particle counts,
 * `SPS30_P4`, noise, CO₂, GPS …) is ignored.
 *
 * @example
 * AIRROHR_MEASUREMENTS.find((m) => m.name === 'PRESSURE');
 * // { name: 'PRESSURE', sources: ['BME280_pressure', 'BMP280_pressure', 'BMP_pressure', 'pressure'], divisor: 100 }
 */
export const AIRROHR_MEASUREMENTS: readonly AirRohrMeasurement[] = Object.freeze([
  row('PM10', 1, ['SDS_P1', 'PMS_P1', 'SPS30_P1', 'HPM_P1', 'NPM_P1', 'P1']),
  row('PM25', 1, ['SDS_P2', 'PMS_P2', 'SPS30_P2', 'HPM_P2', 'NPM_P2', 'P2']),
  row('PM1', 1, ['PMS_P0', 'SPS30_P0', 'NPM_P0', 'P0']),
  row('TEMPERATURE', 1, [
    'BME280_temperature',
    'SHT3X_temperature',
    'HTU21D_temperature',
    'temperature',
    'BMP280_temperature',
    'BMP_temperature',
    'SCD30_temperature',
    'DS18B20_temperature',
  ]),
  row('HUMIDITY', 1, [
    'BME280_humidity',
    'SHT3X_humidity',
    'HTU21D_humidity',
    'humidity',
    'SCD30_humidity',
  ]),
  row('PRESSURE', 100, ['BME280_pressure', 'BMP280_pressure', 'BMP_pressure', 'pressure']),
]);

/** Where a `value_type` sits in {@link AIRROHR_MEASUREMENTS}. */
export interface AirRohrSource {
  readonly measurement: AirRohrMeasurement;
  /** Position of the measurement in {@link AIRROHR_MEASUREMENTS}. */
  readonly ordinal: number;
  /** Position in `measurement.sources`: 0 is the most trusted. */
  readonly rank: number;
  /** How a reason names a value of this type, e.g. `SDS_P1 as PM10`. */
  readonly label: string;
}

// Built once from the table: a push of ten values looked each one up by scanning 33 names and
// built its label anew, about a microsecond a push that a map and stored labels save.
const SOURCE_BY_VALUE_TYPE: ReadonlyMap<string, AirRohrSource> = new Map(
  AIRROHR_MEASUREMENTS.flatMap((measurement, ordinal) =>
    measurement.sources.map((valueType, rank) => {
      const label = `${valueType} as ${measurement.name}`;
      return [valueType, Object.freeze({ measurement, ordinal, rank, label })] as const;
    }),
  ),
);

/**
 * Looks a `value_type` up in {@link AIRROHR_MEASUREMENTS} (exact spelling).
 *
 * @returns the measurement, its position and the rank, or `undefined` for a value type airq ignores
 * @example
 * airRohrSource('PMS_P2'); // { measurement: { name: 'PM25', … }, ordinal: 1, rank: 1, label: 'PMS_P2 as PM25' }
 * airRohrSource('signal'); // undefined
 */
export function airRohrSource(valueType: string): AirRohrSource | undefined {
  return SOURCE_BY_VALUE_TYPE.get(valueType);
}

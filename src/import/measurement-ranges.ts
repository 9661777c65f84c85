import { MEASUREMENT_TYPES, type MeasurementTypeName } from '../meta/measurement-types.js';

/**
 * The values an importer accepts per measurement type, inclusive, in airq's units (µg/m³,
 * °C, %, hPa, km/h, degrees). Wide on purpose: they catch sensor sentinels and unit mix-ups
 * (pressure in Pa, a negative concentration, humidity above 100 %), not unusual air. Low-cost
 * particle counters saturate near 1000 µg/m³; the bound leaves room above that. CO near a
 * busy road stays far below 100 mg/m³.
 */
export const PLAUSIBLE_RANGES: Readonly<Record<MeasurementTypeName, readonly [number, number]>> =
  Object.freeze({
    PM1: Object.freeze([0, 2000] as const),
    PM25: Object.freeze([0, 2000] as const),
    PM10: Object.freeze([0, 2000] as const),
    PRESSURE: Object.freeze([300, 1100] as const),
    HUMIDITY: Object.freeze([0, 100] as const),
    TEMPERATURE: Object.freeze([-90, 65] as const),
    WIND_SPEED: Object.freeze([0, 400] as const),
    WIND_BEARING: Object.freeze([0, 360] as const),
    NO2: Object.freeze([0, 100_000] as const),
    O3: Object.freeze([0, 100_000] as const),
    SO2: Object.freeze([0, 100_000] as const),
    CO: Object.freeze([0, 100_000] as const),
    H2S: Object.freeze([0, 100_000] as const),
    NO: Object.freeze([0, 100_000] as const),
  });

/**
 * Why a converted value cannot be imported, or `undefined` when it can.
 *
 * @param name - the measurement type
 * @param value - the value in airq's unit of that type
 * @param what - how the message names the value (the source's column or parameter)
 * @example
 * rangeProblem('HUMIDITY', 104.2, 'humidity'); // 'humidity 104.2 is outside [0, 100] %'
 * rangeProblem('PM25', 12.5, 'P2'); // undefined
 */
export function rangeProblem(
  name: MeasurementTypeName,
  value: number,
  what: string,
): string | undefined {
  const [low, high] = PLAUSIBLE_RANGES[name];
  if (value >= low && value <= high) return undefined;
  return `${what} ${value} is outside [${low}, ${high}] ${MEASUREMENT_TYPES[name].unit}`;
}

/**
 * A converted value with the float noise of the conversion removed (12 significant digits), so
 * 96913.02 Pa becomes 969.1302 hPa rather than 969.1302000000001. Twelve digits are far more
 * than any sensor resolves.
 *
 * @example
 * convertedValue(96913.02 / 100); // 969.1302
 */
export function convertedValue(value: number): number {
  return Number(value.toPrecision(12));
}

import { checkObject } from '../arguments/argument-checks.js';
import { roundHalfUp2 } from '../indexes/rounding.js';
import type { Value } from '../model/api-types.js';
import { measurementTypeOrdinal } from './measurement-types.js';

// Unknown names sort by UTF-16 code units: the same order in every locale and process.
function byCanonicalOrder(a: string, b: string): number {
  const positionA = measurementTypeOrdinal(a) ?? Number.POSITIVE_INFINITY;
  const positionB = measurementTypeOrdinal(b) ?? Number.POSITIVE_INFINITY;
  if (positionA !== positionB) return positionA < positionB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The `values` array of a payload window: every finite average, rounded half-up to 2 decimals,
 * in canonical order (PM1, PM25, PM10, PRESSURE, HUMIDITY, TEMPERATURE, WIND_SPEED,
 * WIND_BEARING, NO2, O3, SO2, CO, H2S, NO), then names airq does not know in alphabetical
 * order. Non-finite entries are dropped; negative values are kept as measured.
 *
 * @param averages - window averages by measurement name, in their units
 * @returns a new array of new objects
 * @throws TypeError when `averages` is not an object
 * @example
 * payloadValues({ TEMPERATURE: 3.456, PM10: 35.534, PM25: Number.NaN, XYZ: 1 });
 * // [{ name: 'PM10', value: 35.53 }, { name: 'TEMPERATURE', value: 3.46 }, { name: 'XYZ', value: 1 }]
 */
export function payloadValues(averages: Readonly<Partial<Record<string, number>>>): Value[] {
  checkObject('payloadValues', 'averages', averages, 'an object of numbers');
  const names = Object.keys(averages).filter((name) => {
    const value = averages[name];
    return typeof value === 'number' && Number.isFinite(value);
  });
  names.sort(byCanonicalOrder);
  // Filtered above: every remaining name maps to a finite number.
  return names.map((name) => ({ name, value: roundHalfUp2(averages[name]!) }));
}

import { type ConvertibleGas, ppbToUgm3, ppmToUgm3 } from '../indexes/unit-conversion.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { convertedValue, rangeProblem } from './measurement-ranges.js';

/** OpenAQ v3 parameter names and the airq measurement type each one becomes. */
export const OPENAQ_PARAMETERS: Readonly<Record<string, MeasurementTypeName>> = Object.freeze({
  pm1: 'PM1',
  pm25: 'PM25',
  pm10: 'PM10',
  no2: 'NO2',
  o3: 'O3',
  so2: 'SO2',
  co: 'CO',
  no: 'NO',
  temperature: 'TEMPERATURE',
  relativehumidity: 'HUMIDITY',
  pressure: 'PRESSURE',
  wind_speed: 'WIND_SPEED',
  wind_direction: 'WIND_BEARING',
});

type Conversion = (value: number, name: MeasurementTypeName) => number | undefined;

const same: Conversion = (value) => value;
const MASS: Readonly<Record<string, Conversion>> = Object.freeze({
  'µg/m3': same,
  'mg/m3': (value) => value * 1000,
});
// By volume at 25 °C and 1 atm, only for the gases with a molar mass in the reference.
const BY_VOLUME: Readonly<Record<string, Conversion>> = Object.freeze({
  ppb: (value, name) => (isConvertible(name) ? ppbToUgm3(name, value) : undefined),
  ppm: (value, name) => (isConvertible(name) ? ppmToUgm3(name, value) : undefined),
});

/** Accepted units per airq type, written as {@link normalisedUnits} spells them. */
const UNITS: Readonly<Record<MeasurementTypeName, Readonly<Record<string, Conversion>>>> =
  Object.freeze({
    PM1: MASS,
    PM25: MASS,
    PM10: MASS,
    NO2: { ...MASS, ...BY_VOLUME },
    O3: { ...MASS, ...BY_VOLUME },
    SO2: { ...MASS, ...BY_VOLUME },
    CO: { ...MASS, ...BY_VOLUME },
    NO: MASS,
    H2S: MASS,
    TEMPERATURE: { c: same, f: (value) => ((value - 32) * 5) / 9 },
    HUMIDITY: { '%': same, rh: same },
    PRESSURE: { hpa: same, mb: same, mbar: same, pa: (value) => value / 100, kpa: (v) => v * 10 },
    WIND_SPEED: { 'm/s': (value) => value * 3.6, 'km/h': same },
    WIND_BEARING: { deg: same, degrees: same },
  });

function isConvertible(name: MeasurementTypeName): name is ConvertibleGas {
  return name === 'NO2' || name === 'O3' || name === 'SO2' || name === 'CO';
}

/**
 * A unit as OpenAQ writes it, reduced to one spelling: lower case, no spaces, `°` dropped, the
 * micro sign and the Greek mu both `µ`, `ug` read as `µg`, a superscript ³ as 3.
 *
 * @example
 * normalisedUnits('μg/m³'); // 'µg/m3'
 * normalisedUnits('°C'); // 'c'
 */
export function normalisedUnits(units: string): string {
  const unit = units
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/°/g, '')
    .replace(/[μ]/g, 'µ')
    .replace(/³/g, '3');
  return unit.startsWith('ug/') ? `µ${unit.slice(1)}` : unit;
}

/**
 * One OpenAQ value in airq's terms: the measurement type of `parameter` and the value in that
 * type's unit (gases in ppm or ppb become µg/m³ at 25 °C, 24.45 L/mol), or why it cannot be
 * imported (a parameter airq has no type for, a unit it cannot convert, a value out of range).
 *
 * @example
 * openAqValue('co', 'ppm', 0.3); // { name: 'CO', value: 343.680981595 }
 * openAqValue('bc', 'µg/m³', 1.2); // 'parameter "bc" has no airq measurement type'
 */
export function openAqValue(
  parameter: string,
  units: string,
  value: number,
): { readonly name: MeasurementTypeName; readonly value: number } | string {
  const name = Object.hasOwn(OPENAQ_PARAMETERS, parameter)
    ? OPENAQ_PARAMETERS[parameter]
    : undefined;
  if (name === undefined)
    return `parameter ${JSON.stringify(parameter)} has no airq measurement type`;
  const unit = normalisedUnits(units);
  const conversion = Object.hasOwn(UNITS[name], unit) ? UNITS[name][unit] : undefined;
  const converted = conversion?.(value, name);
  if (converted === undefined) {
    return `${parameter} in ${JSON.stringify(units)} cannot be converted to ${name}`;
  }
  const result = convertedValue(converted);
  const problem = rangeProblem(name, result, parameter);
  return problem ?? { name, value: result };
}

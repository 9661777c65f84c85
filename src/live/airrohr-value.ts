import { convertedValue, rangeProblem } from '../import/measurement-ranges.js';
import { parseDecimal } from '../store/samples-csv.js';
import type { AirRohrSource } from './airrohr-value-types.js';

// A number, then optionally white space and a unit that does not start like a number (so
// "12 34" or "5 -3" stay unreadable rather than losing their second half).
const NUMBER_AND_UNIT = /^(\S+)(?:\s+[^\s\d.+-]\S*)?$/;

/** A pushed value read into airq's unit, or why it was not. */
export type AirRohrValue =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads one pushed `value` for a measurement: a decimal string (the firmware sends two decimals,
 * `"18.83"`), optionally followed by white space and a unit (`"-59 dBm"` on old firmware), or a
 * finite JSON number (some clones send numbers). The value is divided by the measurement's
 * divisor (PRESSURE: Pa → hPa, float noise removed) and must then lie within the store's
 * plausible range, which also drops the firmware's failure values (−128 °C, −1 %, −1 µg/m³).
 *
 * @param raw - the element's `value`, as parsed from JSON
 * @param source - where the element's `value_type` sits in `AIRROHR_MEASUREMENTS`
 * @example
 * const pressure = airRohrSource('BME280_pressure')!; // PRESSURE, divisor 100
 * readAirRohrValue('101001.28', pressure); // { ok: true, value: 1010.0128 }
 * readAirRohrValue('nan', pressure); // { ok: false, reason: 'not a decimal number' }
 */
export function readAirRohrValue(raw: unknown, source: AirRohrSource): AirRohrValue {
  let pushed: number;
  if (typeof raw === 'number') pushed = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return { ok: false, reason: 'empty value' };
    // The firmware's plain decimal needs no pattern; a unit after it does.
    pushed = parseDecimal(text);
    if (Number.isNaN(pushed)) {
      const match = NUMBER_AND_UNIT.exec(text);
      if (match !== null) pushed = parseDecimal(match[1]!);
    }
  } else pushed = Number.NaN;
  if (!Number.isFinite(pushed)) return { ok: false, reason: 'not a decimal number' };
  const { measurement } = source;
  const value = measurement.divisor === 1 ? pushed : convertedValue(pushed / measurement.divisor);
  const problem = rangeProblem(measurement.name, value, source.label);
  return problem === undefined ? { ok: true, value } : { ok: false, reason: problem };
}

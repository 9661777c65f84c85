import { combineChannels } from '../corrections/combine-channels.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { convertedValue, PLAUSIBLE_RANGES, rangeProblem } from './measurement-ranges.js';
import { PURPLEAIR_RAW_PAIRS, type PurpleAirPm25Plan } from './purpleair-columns.js';

// The values of one PurpleAir record, whatever carried it: a line of a history CSV (the
// importer) or a row of a GET /v1/sensors answer (the followed source). Both read PurpleAir's
// fields by name and convert them here, so a sensor's values are the same either way.

/** One value of a PurpleAir record, in airq's unit of its type. */
export interface PurpleAirValue {
  readonly name: MeasurementTypeName;
  readonly value: number;
}

/**
 * Reads one field of a record as a number: `undefined` when the sensor did not report it
 * (`null`, empty or absent); a field that is there but not a number pushes its reason and
 * gives `undefined` too.
 */
export type PurpleAirFieldReader = (name: string) => number | undefined;

// Records may be 2-minute, 10-minute or hourly means: the hourly thresholds are the ones for
// sub-hourly data too, and a daily history only meets a slightly looser limit.
const HOURLY = Object.freeze({ period: 'HOUR' as const });

/**
 * Converts the fields of one record. PM25 is the mean of the two channels of the sensor's plan,
 * when they pass the A/B agreement check of `combineChannels` (hourly thresholds); PM10 and PM1
 * are the means of `pm10.0_atm` and `pm1.0_atm` A/B; HUMIDITY is `humidity` in %; TEMPERATURE
 * is `temperature` converted from °F to °C; PRESSURE is `pressure` in hPa. Fields the record
 * lacks are left out; every problem is pushed onto `reasons` (the record is refused whole when
 * there is one).
 *
 * @param number - reads a field by its PurpleAir name
 * @param plan - the sensor's PM2.5 plan; `undefined` reads the other fields only (to name
 *   every problem of a record already refused)
 * @param reasons - where problems are pushed
 * @returns the values that passed, in the order HUMIDITY, TEMPERATURE, PRESSURE, PM25, PM10, PM1
 * @example
 * const fields = { humidity: 25.4, temperature: 66.4, 'pm2.5_atm_a': 2.798, 'pm2.5_atm_b': 2.498 };
 * purpleAirValues((name) => fields[name], PURPLEAIR_PM25_PLANS[0], []);
 * // [{ name: 'HUMIDITY', value: 25.4 }, { name: 'TEMPERATURE', value: 19.1111111111 }, { name: 'PM25', value: 2.648 }]
 */
export function purpleAirValues(
  number: PurpleAirFieldReader,
  plan: PurpleAirPm25Plan | undefined,
  reasons: string[],
): PurpleAirValue[] {
  const values: PurpleAirValue[] = [];
  const keep = (name: MeasurementTypeName, value: number, what: string): void => {
    const problem = rangeProblem(name, value, what);
    if (problem === undefined) values.push({ name, value });
    else reasons.push(problem);
  };
  const humidity = number('humidity');
  if (humidity !== undefined) keep('HUMIDITY', humidity, 'humidity');
  const fahrenheit = number('temperature');
  if (fahrenheit !== undefined) {
    const celsius = convertedValue(((fahrenheit - 32) * 5) / 9);
    const [low, high] = PLAUSIBLE_RANGES.TEMPERATURE;
    if (celsius >= low && celsius <= high) {
      values.push({ name: 'TEMPERATURE', value: celsius });
    } else {
      reasons.push(`temperature ${fahrenheit} °F is ${celsius} °C, outside [${low}, ${high}] °C`);
    }
  }
  const pressure = number('pressure');
  if (pressure !== undefined) keep('PRESSURE', pressure, 'pressure');

  if (plan !== undefined) pm25(plan, number, reasons, values);
  for (const pair of PURPLEAIR_RAW_PAIRS) {
    const [nameA, nameB] = pair.channels;
    const before = reasons.length;
    const a = number(nameA);
    const b = number(nameB);
    if (reasons.length > before || (a === undefined && b === undefined)) continue;
    if (a === undefined || b === undefined) {
      const [empty, other] = a === undefined ? [nameA, nameB] : [nameB, nameA];
      reasons.push(`${empty} is empty while ${other} is not: ${pair.name} is the mean of both`);
      continue;
    }
    const problems = [rangeProblem(pair.name, a, nameA), rangeProblem(pair.name, b, nameB)];
    const found = problems.filter((problem) => problem !== undefined);
    if (found.length > 0) reasons.push(...found);
    else values.push({ name: pair.name, value: convertedValue((a + b) / 2) });
  }
  return values;
}

/** PM25 of the record from the plan's channels: both present, in range, and in agreement. */
function pm25(
  plan: PurpleAirPm25Plan,
  number: PurpleAirFieldReader,
  reasons: string[],
  values: PurpleAirValue[],
): void {
  const [nameA, nameB] = plan.channels;
  const before = reasons.length;
  const a = number(nameA);
  const b = number(nameB);
  if (reasons.length > before) return; // not a number: already said
  if (a === undefined || b === undefined) {
    const empty =
      a === undefined && b === undefined
        ? `${nameA} and ${nameB} are`
        : `${a === undefined ? nameA : nameB} is`;
    reasons.push(
      `${empty} empty: PM2.5 is imported only when both channels can be checked against each other`,
    );
    return;
  }
  const problems = [rangeProblem('PM25', a, nameA), rangeProblem('PM25', b, nameB)];
  const found = problems.filter((problem) => problem !== undefined);
  if (found.length > 0) {
    reasons.push(...found);
    return;
  }
  const combined = combineChannels({ a: [a], b: [b] }, HOURLY);
  if (combined.valid[0] === 1) {
    values.push({ name: 'PM25', value: convertedValue(combined.values[0]!) });
    return;
  }
  const difference = Math.abs(a - b);
  const percent = Math.round((difference / ((a + b) / 2)) * 100);
  reasons.push(
    `${nameA} ${a} and ${nameB} ${b} disagree: they are ${convertedValue(difference)} µg/m³ and ${percent} % of their mean apart, more than both 5 µg/m³ and 70 % (the A/B channel check)`,
  );
}

import { describeValue } from '../arguments/describe-value.js';
import { combineChannels } from '../corrections/combine-channels.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { parseDecimal } from '../store/samples-csv.js';
import { parseTimestamp } from '../time/instant.js';
import { convertedValue, PLAUSIBLE_RANGES, rangeProblem } from './measurement-ranges.js';
import { SPLIT_ID_STRIDE } from './place-registry.js';
import {
  PURPLEAIR_RAW_PAIRS,
  type PurpleAirColumns,
  type PurpleAirPm25Plan,
} from './purpleair-columns.js';

/** One value of a history line, in airq's unit of its type. */
export interface PurpleAirValue {
  readonly name: MeasurementTypeName;
  readonly value: number;
}

/**
 * What one history line gives: its sensor, time and values; or why it is refused; or the
 * sensor it names, when `planOf` has no plan for it (the caller knows why).
 */
export type PurpleAirRow =
  | {
      readonly sensorIndex: number;
      readonly atMs: number;
      readonly values: readonly PurpleAirValue[];
    }
  | { readonly reason: string }
  | { readonly withoutPlan: number };

// History lines may be 2-minute, 10-minute or hourly means: the hourly thresholds are the ones
// for sub-hourly data too, and a daily history only meets a slightly looser limit.
const HOURLY = Object.freeze({ period: 'HOUR' as const });
const DIGITS = /^\d+$/;

/**
 * Converts one data line of a history CSV. `time_stamp` is Unix seconds or an ISO 8601
 * date-time (UTC without an offset); `null` and empty fields are values the sensor did not
 * report. PM25 is the mean of the two channels of the sensor's plan, when they pass the A/B
 * agreement check of `combineChannels` (hourly thresholds); PM10 and PM1 are the means of
 * `pm10.0_atm` and `pm1.0_atm` A/B; HUMIDITY is `humidity` in %; TEMPERATURE is `temperature`
 * converted from °F to °C; PRESSURE is `pressure` in hPa. Every problem of the line is named in
 * `reason`, separated by `; `.
 *
 * @param planOf - the PM2.5 plan of a sensor; `undefined` stops the line there
 * @example
 * purpleAirRow(columns, '2024-10-02T09:00:00-05:00,205273,25.4,66.4,977.73,74.816,2.798,2.498', planOf);
 * // { sensorIndex: 205273, atMs: 1727877600000, values: [{ name: 'HUMIDITY', value: 25.4 },
 * //   { name: 'TEMPERATURE', value: 19.1111111111 }, { name: 'PRESSURE', value: 977.73 }, { name: 'PM25', value: 2.648 }] }
 */
export function purpleAirRow(
  columns: PurpleAirColumns,
  line: string,
  planOf: (sensorIndex: number) => PurpleAirPm25Plan | undefined,
): PurpleAirRow {
  const fields = line.split(',');
  if (fields.length !== columns.width) {
    return {
      reason: `expected ${columns.width} comma-separated fields as in the header, got ${fields.length}`,
    };
  }
  const field = (name: string): string => {
    const position = columns.positions.get(name);
    return position === undefined ? '' : fields[position]!.trim(); // position < width
  };
  const reasons: string[] = [];
  const indexText = field('sensor_index');
  const sensorIndex = DIGITS.test(indexText) ? Number(indexText) : Number.NaN;
  if (!(sensorIndex > 0 && sensorIndex < SPLIT_ID_STRIDE)) {
    reasons.push(
      `sensor_index must be a positive integer below ${SPLIT_ID_STRIDE}, got ${describeValue(indexText)}`,
    );
  }
  const atMs = timeStampMs(field('time_stamp'));
  if (atMs === undefined) {
    reasons.push(
      `time_stamp must be Unix seconds or an ISO 8601 date-time, got ${describeValue(field('time_stamp'))}`,
    );
  }
  const plan = reasons.length === 0 ? planOf(sensorIndex) : undefined;
  if (reasons.length === 0 && plan === undefined) return { withoutPlan: sensorIndex };

  const values: PurpleAirValue[] = [];
  const number = (name: string): number | undefined => {
    const text = field(name);
    if (text === '' || text === 'null') return undefined;
    const value = parseDecimal(text);
    if (!Number.isNaN(value)) return value;
    reasons.push(`${name} must be a decimal number, got ${describeValue(text)}`);
    return undefined;
  };
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
  if (reasons.length > 0 || atMs === undefined) return { reason: reasons.join('; ') };
  return { sensorIndex, atMs, values };
}

/** PM25 of the line from the plan's channels: both present, in range, and in agreement. */
function pm25(
  plan: PurpleAirPm25Plan,
  number: (name: string) => number | undefined,
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

/** Epoch milliseconds of a `time_stamp`: whole Unix seconds, or an ISO 8601 date-time. */
function timeStampMs(text: string): number | undefined {
  if (DIGITS.test(text)) return Number(text) * 1000;
  return text === '' ? undefined : parseTimestamp(text);
}

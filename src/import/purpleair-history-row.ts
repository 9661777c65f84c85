import { describeValue } from '../arguments/describe-value.js';
import { parseDecimal } from '../store/samples-csv.js';
import { parseTimestamp } from '../time/instant.js';
import { SPLIT_ID_STRIDE } from './place-registry.js';
import type { PurpleAirColumns, PurpleAirPm25Plan } from './purpleair-columns.js';
import { type PurpleAirValue, purpleAirValues } from './purpleair-values.js';

export type { PurpleAirValue } from './purpleair-values.js';

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

const DIGITS = /^\d+$/;

/**
 * Converts one data line of a history CSV. `time_stamp` is Unix seconds or an ISO 8601
 * date-time (UTC without an offset); `null` and empty fields are values the sensor did not
 * report. The values are those of `purpleAirValues`: PM25 is the mean of the two channels of the sensor's plan, when they pass the A/B
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

  const number = (name: string): number | undefined => {
    const text = field(name);
    if (text === '' || text === 'null') return undefined;
    const value = parseDecimal(text);
    if (!Number.isNaN(value)) return value;
    reasons.push(`${name} must be a decimal number, got ${describeValue(text)}`);
    return undefined;
  };
  const values = purpleAirValues(number, plan, reasons);
  if (reasons.length > 0 || atMs === undefined) return { reason: reasons.join('; ') };
  return { sensorIndex, atMs, values };
}

/** Epoch milliseconds of a `time_stamp`: whole Unix seconds, or an ISO 8601 date-time. */
function timeStampMs(text: string): number | undefined {
  if (DIGITS.test(text)) return Number(text) * 1000;
  return text === '' ? undefined : parseTimestamp(text);
}

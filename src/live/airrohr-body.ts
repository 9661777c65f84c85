import { describeValue } from '../arguments/describe-value.js';
import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { isSensorDevice } from '../store/installation-validation.js';
import { type AirRohrValue, readAirRohrValue } from './airrohr-value.js';
import { AIRROHR_MEASUREMENTS, type AirRohrSource, airRohrSource } from './airrohr-value-types.js';

/** One airq value read from a push: the measurement, its value in airq's unit, its value type. */
export interface AirRohrReading {
  readonly name: MeasurementTypeName;
  readonly value: number;
  /** The `value_type` it came from, e.g. `SDS_P1`. */
  readonly source: string;
}

/** A value of a known value type that gave no reading, as pushed, with the reason. */
export interface AirRohrSkipped {
  readonly valueType: string;
  readonly value: unknown;
  readonly reason: string;
}

/**
 * What {@link readAirRohrPush} made of a push: the device and its readings (`ok: true`, even
 * with no readings at all), or why the body is not an airRohr push (`ok: false`, an HTTP 400).
 */
export type AirRohrPush =
  | {
      readonly ok: true;
      /** `esp8266-<decimal chip id>` or `esp32-<lower-case hex chip id>` (`isSensorDevice`). */
      readonly device: string;
      /** At most one per measurement, in the order of `AIRROHR_MEASUREMENTS`. */
      readonly readings: readonly AirRohrReading[];
      /** Value types that gave no reading although nothing was wrong with them, each once. */
      readonly ignored: readonly string[];
      /** Values of known value types that could not be used, in body order. */
      readonly skipped: readonly AirRohrSkipped[];
    }
  | { readonly ok: false; readonly message: string };

// The firmware's chip id as `esp8266id` gives it: decimal digits (a device is then checked by
// the one rule of device names, `isSensorDevice`).
const CHIP_ID = /^\d{1,10}$/;

// An element of `sensordatavalues` once checked; other fields are left alone.
interface Element {
  readonly value_type: string;
  readonly value: unknown;
}

/**
 * Reads the JSON body of an airRohr (Sensor.Community firmware) "custom API" push:
 * `{"esp8266id": "…", "sensordatavalues": [{"value_type": "SDS_P1", "value": "18.83"}, …]}`.
 *
 * - Device: the `X-Sensor` header when it is `esp8266-<digits>` or `esp32-<digits>`, else
 *   `esp8266-<esp8266id>` when the body's `esp8266id` is digits (a string, or a whole JSON
 *   number), else the push is refused.
 * - Each element must be an object with a string `value_type`; other fields are left alone.
 * - Each airq measurement gets at most one reading: among the readable values of its sources,
 *   the source earliest in `AIRROHR_MEASUREMENTS` wins, and for a value type sent twice, its
 *   first readable value. A value is readable as `readAirRohrValue` says (a decimal string with
 *   an optional unit, or a JSON number, within the store's range after conversion).
 * - `ignored` lists, once each in body order, the value types outside the table and the
 *   sources that had a readable value but lost to a better source of the same measurement.
 * - `skipped` lists, in body order, every unreadable value of a table value type (`"nan"`,
 *   `""`, out of range …) and every later readable value of the winning value type itself.
 *
 * The push carries no time: the caller stamps the readings with its own clock.
 *
 * @param body - the parsed JSON body
 * @param sensorHeader - the request's `X-Sensor` header, if any
 * @example
 * readAirRohrPush({ esp8266id: '9372054', sensordatavalues: [
 *   { value_type: 'SDS_P1', value: '18.83' }, { value_type: 'BME280_pressure', value: '101001.28' },
 *   { value_type: 'BME280_humidity', value: 'nan' }, { value_type: 'signal', value: '-46' }] }, undefined);
 * // { ok: true, device: 'esp8266-9372054',
 * //   readings: [{ name: 'PM10', value: 18.83, source: 'SDS_P1' },
 * //              { name: 'PRESSURE', value: 1010.0128, source: 'BME280_pressure' }],
 * //   ignored: ['signal'],
 * //   skipped: [{ valueType: 'BME280_humidity', value: 'nan', reason: 'not a decimal number' }] }
 */
export function readAirRohrPush(body: unknown, sensorHeader: string | undefined): AirRohrPush {
  if (!isRecord(body)) {
    return refused(`the body must be a JSON object, got ${describeKind(body)}`);
  }
  const list = body.sensordatavalues;
  if (!Array.isArray(list)) {
    return refused(`sensordatavalues must be an array, got ${describeKind(list)}`);
  }
  for (let i = 0; i < list.length; i++) {
    const element: unknown = list[i];
    if (!isRecord(element) || typeof element.value_type !== 'string') {
      return refused(
        `sensordatavalues[${i}] must be an object with a string value_type, got ${describeValue(element)}`,
      );
    }
  }
  const device = deviceOf(sensorHeader, body.esp8266id);
  if (device === undefined) {
    return refused(
      `no device: X-Sensor must be esp8266-<decimal chip id> or esp32-<hex chip id>, or esp8266id a decimal chip id; got X-Sensor ${describeValue(sensorHeader)} and esp8266id ${describeValue(body.esp8266id)}`,
    );
  }
  const { readings, ignored, skipped } = readValues(list as readonly Element[]);
  return { ok: true as const, device, readings, ignored, skipped };
}

type PushValues = Pick<Extract<AirRohrPush, { ok: true }>, 'readings' | 'ignored' | 'skipped'>;

// Two passes over the elements, with arrays indexed by element and by measurement rather than
// maps and closures: a push is served tens of thousands of times a second. Nothing is frozen:
// the result only lives until the route has answered (the freezes were 0.4 of its 1.4 µs).
function readValues(elements: readonly Element[]): PushValues {
  const count = elements.length;
  const sources: (AirRohrSource | undefined)[] = new Array(count);
  const results: AirRohrValue[] = new Array(count);
  // Per measurement (by ordinal), the index of the winning element: lowest rank, then first in
  // the body; -1 while none is readable.
  const winners = new Array<number>(AIRROHR_MEASUREMENTS.length).fill(-1);
  for (let i = 0; i < count; i++) {
    const { value_type: valueType, value } = elements[i]!;
    const source = airRohrSource(valueType);
    sources[i] = source;
    if (source === undefined) continue;
    const result = readAirRohrValue(value, source);
    results[i] = result;
    if (!result.ok) continue;
    const best = winners[source.ordinal]!;
    if (best < 0 || source.rank < sources[best]!.rank) winners[source.ordinal] = i;
  }
  const ignored = new Set<string>();
  const skipped: AirRohrSkipped[] = [];
  for (let i = 0; i < count; i++) {
    const { value_type: valueType, value } = elements[i]!;
    const source = sources[i];
    if (source === undefined) {
      ignored.add(valueType);
      continue;
    }
    const result = results[i]!;
    if (!result.ok) {
      skipped.push({ valueType, value, reason: result.reason });
      continue;
    }
    const winner = winners[source.ordinal]!;
    if (winner === i) continue;
    if (elements[winner]!.value_type !== valueType) ignored.add(valueType);
    else {
      const reason = `an earlier ${valueType} value was read`;
      skipped.push({ valueType, value, reason });
    }
  }
  const readings: AirRohrReading[] = [];
  for (let ordinal = 0; ordinal < winners.length; ordinal++) {
    const winner = winners[ordinal]!;
    if (winner < 0) continue;
    const result = results[winner]!;
    if (!result.ok) continue;
    const { name } = AIRROHR_MEASUREMENTS[ordinal]!;
    readings.push({ name, value: result.value, source: elements[winner]!.value_type });
  }
  return { readings, ignored: [...ignored], skipped };
}

function deviceOf(header: string | undefined, chipId: unknown): string | undefined {
  if (typeof header === 'string' && isSensorDevice(header.trim())) return header.trim();
  const id = typeof chipId === 'number' && Number.isSafeInteger(chipId) ? String(chipId) : chipId;
  if (typeof id === 'string' && CHIP_ID.test(id.trim())) return `esp8266-${id.trim()}`;
  return undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refused(message: string): AirRohrPush {
  return { ok: false as const, message };
}

// The kind of a value that should have been an object or an array; the body may be large.
function describeKind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

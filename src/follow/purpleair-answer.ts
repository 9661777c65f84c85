import { MAX_PURPLEAIR_LIST_BYTES } from '../import/import-purpleair.js';
import { purpleAirAnswerEntries } from '../import/purpleair-sensors-json.js';
import { PollFailure } from './followed-batch.js';
import { checkAnswerStatus, readJsonAnswer, readTextAnswer } from './source-answer.js';

// One answer of GET /v1/sensors, read whole: a refused one becomes a PollFailure whose message
// carries PurpleAir's own error name and description; an accepted one must be the sensor list
// that was asked for, with the `data_time_stamp` the next poll's `modified_since` comes from.

const SOURCE = 'PurpleAir';

/** The longest error body read for its message, in bytes; the rest of a longer one is not. */
const MAX_ERROR_BYTES = 64 * 1024;

/** A sensor list answer of PurpleAir, read whole. */
export interface PurpleAirAnswer {
  /** The sensors, as objects keyed by field name. */
  readonly entries: readonly unknown[];
  /** Unix seconds up to which the answer's data is current (its `data_time_stamp`). */
  readonly dataTimeStampS: number;
}

/**
 * Reads one answer of GET /v1/sensors. A status outside 2xx is a {@link PollFailure} naming the
 * status and PurpleAir's error body (`{"error": "PaymentRequiredError", "description": …}`),
 * with the wait of its `Retry-After`; a body that is cut short, not JSON, an error answer, or a
 * list without one of `fields` (or without `data_time_stamp`) is one too. The key never
 * appears in a message, even where a body quotes it.
 *
 * @param fields - the fields the request asked for; each must be in the answer's `fields`
 * @param key - the API key the request sent, removed from any message
 * @param nowMs - the data clock, epoch ms (for a `Retry-After` date)
 * @example
 * const { entries, dataTimeStampS } = await readPurpleAirAnswer(answer, ['latitude', 'longitude'], key, nowMs);
 */
export async function readPurpleAirAnswer(
  answer: Response,
  fields: readonly string[],
  key: string,
  nowMs: number,
): Promise<PurpleAirAnswer> {
  try {
    if (answer.status < 200 || answer.status > 299) await refuse(answer, nowMs);
    const data = await readJsonAnswer(SOURCE, answer, MAX_PURPLEAIR_LIST_BYTES);
    const record =
      typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const given = record.fields;
    if (typeof record.error !== 'string' && Array.isArray(given)) {
      const missing = ['sensor_index', ...fields].filter((field) => !given.includes(field));
      if (missing.length > 0) {
        throw new PollFailure(`${SOURCE}: the answer lacks the fields ${missing.join(', ')}`);
      }
    }
    const entries = purpleAirAnswerEntries(data);
    if (typeof entries === 'string') throw new PollFailure(`${SOURCE}: the answer ${entries}`);
    const stamp = record.data_time_stamp;
    if (!(Number.isSafeInteger(stamp) && (stamp as number) > 0)) {
      throw new PollFailure(`${SOURCE}: the answer has no data_time_stamp in Unix seconds`);
    }
    return { entries, dataTimeStampS: stamp as number };
  } catch (error) {
    if (!(error instanceof PollFailure)) throw error;
    if (key === '' || !error.message.includes(key)) throw error;
    throw new PollFailure(error.message.split(key).join('[key]'), error.retryAfterMs);
  }
}

/**
 * Throws the PollFailure of a refused answer: `checkAnswerStatus`'s message and wait, with the
 * error name and description of PurpleAir's body when it has them.
 */
async function refuse(answer: Response, nowMs: number): Promise<never> {
  const detail = await errorDetail(answer);
  try {
    await checkAnswerStatus(SOURCE, answer, nowMs);
  } catch (error) {
    if (!(error instanceof PollFailure) || detail === '') throw error;
    throw new PollFailure(`${error.message}: ${detail}`, error.retryAfterMs);
  }
  throw new PollFailure(`${SOURCE} answered ${answer.status}`); // checkAnswerStatus threw above
}

/** `error (description)` of PurpleAir's error body, or '' when the body is not one. */
async function errorDetail(answer: Response): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(await readTextAnswer(SOURCE, answer, MAX_ERROR_BYTES));
  } catch {
    return '';
  }
  if (typeof body !== 'object' || body === null) return '';
  const { error, description } = body as Record<string, unknown>;
  if (typeof error !== 'string') return '';
  return typeof description === 'string' ? `${error} (${description})` : error;
}

import { argumentError } from '../arguments/describe-value.js';
import { sourceOptions } from './follow-source-options.js';
import {
  type FollowedBatch,
  type FollowedSource,
  type FollowOptions,
  PollFailure,
} from './followed-batch.js';
import { type PurpleAirAnswer, readPurpleAirAnswer } from './purpleair-answer.js';
import { purpleAirBatch } from './purpleair-batch.js';
import {
  PURPLEAIR_DEFAULT_EVERY_MS,
  purpleAirFollowFields,
  purpleAirSensorsUrls,
} from './purpleair-request.js';

// PurpleAir followed live: each poll asks GET /v1/sensors for the box (two requests across the
// antimeridian), one after the other, and reads every answer whole before any of it is used.
// The source remembers the `data_time_stamp` of its last complete poll and sends it as
// `modified_since`, so a poll pays only for the sensors that reported since.

const NAME = 'purpleAirSource';

/** A PurpleAir API key as sent in a header: visible ASCII, no spaces. */
const KEY_TEXT = /^[\x21-\x7e]+$/;

/**
 * The followed source of PurpleAir's API v1 (`--follow purpleair`): the outside sensors in the
 * box (inside ones too with `indoor`), each an installation as `airq import --from purpleair`
 * makes it (its correction set by `location_type`), with HUMIDITY and the A/B-checked PM25 of
 * its latest report at `last_seen`. The key goes in the `X-API-Key` header, never in a URL or a
 * message. `modified_since` is the `data_time_stamp` of the last poll that resolved (the
 * earlier one of two answers across the antimeridian); a failed poll leaves it as it was.
 * Refused answers (402 out of points, 429, 5xx, …), cut or malformed bodies reject the poll
 * with a {@link PollFailure} carrying PurpleAir's error name and any `Retry-After`.
 * `defaultEveryMs` is 10 minutes; see {@link PURPLEAIR_DEFAULT_EVERY_MS} for its cost.
 *
 * @param options - the box, `indoor`, the base URL (`PURPLEAIR_BASE_URL` in production) and the
 *   key (`AIRQ_PURPLEAIR_KEY`, required)
 * @throws TypeError naming `purpleAirSource` and the option when the options are malformed or
 *   the key is missing (the key itself is never shown); RangeError for a box out of range
 * @example
 * const source = purpleAirSource({ box: { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 },
 *   indoor: false, baseUrl: PURPLEAIR_BASE_URL, key: process.env.AIRQ_PURPLEAIR_KEY });
 * const batch = await source.poll(fetch, AbortSignal.timeout(20_000), Date.now());
 */
export function purpleAirSource(options: FollowOptions): FollowedSource {
  const { box, indoor, baseUrl, key } = sourceOptions(NAME, options);
  if (typeof key !== 'string' || !KEY_TEXT.test(key)) {
    const expectation =
      'must be a PurpleAir API read key (set AIRQ_PURPLEAIR_KEY), visible ASCII without spaces';
    const shown = key === undefined || key === '' ? key : `(a ${typeof key}, not shown)`;
    throw argumentError(TypeError, NAME, 'options.key', expectation, shown);
  }
  const fields = purpleAirFollowFields(indoor);
  const headers = Object.freeze({ 'X-API-Key': key, Accept: 'application/json' });
  let modifiedSinceS: number | undefined;

  return {
    name: 'purpleair',
    defaultEveryMs: PURPLEAIR_DEFAULT_EVERY_MS,
    async poll(fetch, signal, nowMs): Promise<FollowedBatch> {
      const answers: PurpleAirAnswer[] = [];
      for (const url of purpleAirSensorsUrls(baseUrl, box, indoor, modifiedSinceS)) {
        let answer: Response;
        try {
          answer = await fetch(url, { headers, signal });
        } catch (error) {
          const why = signal.aborted
            ? 'the poll was stopped (its deadline passed or the server stops)'
            : error instanceof Error
              ? error.message
              : String(error);
          throw new PollFailure(`PurpleAir could not be asked: ${why.split(key).join('[key]')}`);
        }
        answers.push(await readPurpleAirAnswer(answer, fields, key, nowMs));
      }
      const batch = purpleAirBatch(
        answers.flatMap((answer) => answer.entries),
        { box, indoor },
      );
      modifiedSinceS = Math.min(...answers.map((answer) => answer.dataTimeStampS));
      return batch;
    },
  };
}

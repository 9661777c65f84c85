import { argumentError } from '../arguments/describe-value.js';
import { sourceOptions } from './follow-source-options.js';
import type {
  FollowedBatch,
  FollowedSample,
  FollowedSource,
  FollowOptions,
} from './followed-batch.js';
import { openAqLatestSamples } from './openaq-latest.js';
import {
  listOpenAqLocations,
  type OpenAqLatestRead,
  type OpenAqListing,
} from './openaq-locations.js';
import { type OpenAqRequests, openAqRequests } from './openaq-requests.js';

// OpenAQ v3 followed live. A poll asks for the locations in the box (GET /v3/locations?bbox=…,
// only when the list it keeps is an hour old) and then for each active location's latest
// values (GET /v3/locations/{id}/latest), a few at a time. Any failed request drops the poll
// whole; the list is kept only from a poll that resolved.

const NAME = 'openAqSource';

/** OpenAQ's API, for `--follow-url openaq=…` to replace. */
export const OPENAQ_BASE_URL = 'https://api.openaq.org';

/**
 * The interval between polls: 10 minutes. OpenAQ's data are mostly hourly (stamped at the end
 * of the hour), so a new hour shows within 10 minutes of its publication.
 *
 * The cost, for a box with N active locations (L of them listed, one page per 1,000): a poll
 * makes N requests, plus ceil(L / 1000) (2 across the antimeridian) once an hour for the list,
 * so 6N + ceil(L / 1000) an hour. The key allows 60 a minute and 2,000 an hour
 * (https://docs.openaq.org/using-the-api/rate-limits). A poll's requests fall within a minute,
 * so a poll reads at most {@link OPENAQ_LATEST_PER_POLL} locations, taking the next ones in
 * turn: a box of N active locations has each read every ceil(N / 40) polls (N = 100: every 30
 * minutes, still twice an hour for hourly data), and an hour costs at most 6 × 40 + the list's
 * pages, about 12% of the hourly allowance; a city with 20 active locations costs 121 (6%),
 * leaving room for retries and for other uses of the same key.
 */
export const OPENAQ_DEFAULT_EVERY_MS = 10 * 60_000;

/** How long the list of locations is kept before a poll reads it again: an hour. */
export const OPENAQ_LOCATIONS_EVERY_MS = 60 * 60_000;

/**
 * Locations whose latest values one poll reads, at most: 40, so that a poll and a refresh of
 * the list (up to 10 pages, twice across the antimeridian) stay within the key's 60 requests a
 * minute. A box with more takes the rest at the next polls, in turn.
 */
export const OPENAQ_LATEST_PER_POLL = 40;

/**
 * Latest-value requests of a poll in flight at once: a poll of 40 locations must end within its
 * 20 s deadline even when each request takes a second.
 */
export const OPENAQ_CONCURRENT_REQUESTS = 4;

/** An OpenAQ API key as sent in a header: visible ASCII, no spaces. */
const KEY_TEXT = /^[\x21-\x7e]+$/;

/**
 * The followed source of OpenAQ's API v3 (`--follow openaq`): every fixed location in the box,
 * an installation as `airq import --from openaq` describes it, with the latest value of each of
 * its sensors that airq reads, at OpenAQ's time-ending stamp. The key goes in the `X-API-Key`
 * header, never in a URL or a message. OpenAQ has no indoor flag, so `indoor` changes nothing.
 * Refused answers (401, 429, 5xx, …), cut or malformed bodies, and a key whose rate-limit
 * headers say that the poll cannot be finished reject the poll with a {@link PollFailure}
 * (with Retry-After, or the rate-limit reset). `defaultEveryMs` is 10 minutes; see
 * {@link OPENAQ_DEFAULT_EVERY_MS} for its cost.
 *
 * @param options - the box, the base URL ({@link OPENAQ_BASE_URL} in production) and the key
 *   (`AIRQ_OPENAQ_KEY`, required)
 * @throws TypeError naming `openAqSource` and the option when the options are malformed or the
 *   key is missing (the key itself is never shown); RangeError for a box out of range
 * @example
 * const source = openAqSource({ box: { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 },
 *   indoor: false, baseUrl: OPENAQ_BASE_URL, key: process.env.AIRQ_OPENAQ_KEY });
 * const batch = await source.poll(fetch, AbortSignal.timeout(20_000), Date.now());
 */
export function openAqSource(options: FollowOptions): FollowedSource {
  const { box, baseUrl, key } = sourceOptions(NAME, options);
  if (typeof key !== 'string' || !KEY_TEXT.test(key)) {
    const expectation =
      'must be an OpenAQ API key (set AIRQ_OPENAQ_KEY), visible ASCII without spaces';
    const shown = key === undefined || key === '' ? key : `(a ${typeof key}, not shown)`;
    throw argumentError(TypeError, NAME, 'options.key', expectation, shown);
  }
  let listing: OpenAqListing | undefined;
  // The first of the listing's reads that the next poll asks for (see OPENAQ_LATEST_PER_POLL);
  // moved on only by a poll that resolved, so a dropped poll's locations are asked for again.
  let nextRead = 0;

  return {
    name: 'openaq',
    defaultEveryMs: OPENAQ_DEFAULT_EVERY_MS,
    async poll(fetch, signal, nowMs): Promise<FollowedBatch> {
      const stop = new AbortController();
      const requests = openAqRequests(
        fetch,
        AbortSignal.any([signal, stop.signal]),
        nowMs,
        baseUrl,
        key,
      );
      const stale =
        listing === undefined ||
        nowMs < listing.atMs ||
        nowMs - listing.atMs >= OPENAQ_LOCATIONS_EVERY_MS;
      const current = stale ? await listOpenAqLocations(requests, box, nowMs) : listing!;
      const skipped = { ...current.skipped };
      const { reads } = current;
      const first = reads.length === 0 ? 0 : nextRead % reads.length;
      const turn = [...reads, ...reads].slice(
        first,
        first + Math.min(reads.length, OPENAQ_LATEST_PER_POLL),
      );
      const samples = await readLatest(requests, turn, skipped, stop);
      listing = current;
      nextRead = reads.length === 0 ? 0 : (first + turn.length) % reads.length;
      return { places: current.places, samples, skipped };
    },
  };
}

/**
 * Every location's latest answer, {@link OPENAQ_CONCURRENT_REQUESTS} at a time, the samples in
 * the order of `reads`; the first failure aborts the requests still in flight and rejects.
 */
async function readLatest(
  requests: OpenAqRequests,
  reads: readonly OpenAqLatestRead[],
  skipped: Record<string, number>,
  stop: AbortController,
): Promise<FollowedSample[]> {
  const samples: FollowedSample[][] = [];
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < reads.length && !stop.signal.aborted) {
      const index = next++;
      const read = reads[index]!; // index < reads.length
      // Every request not answered yet, in flight or to come, is still needed.
      const path = `/v3/locations/${read.locationId}/latest`;
      const body = await requests.getJson(path, reads.length - answered);
      answered++;
      samples[index] = openAqLatestSamples(body, read, skipped);
    }
  };
  const workers = Math.min(OPENAQ_CONCURRENT_REQUESTS, reads.length);
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    stop.abort();
    throw error;
  }
  return samples.flat();
}

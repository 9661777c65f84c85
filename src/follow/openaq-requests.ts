import { MAX_OPENAQ_FILE_BYTES } from '../import/import-openaq.js';
import { PollFailure } from './followed-batch.js';
import { checkAnswerStatus, readJsonAnswer } from './source-answer.js';

// Every request of an OpenAQ poll goes through here: the key in its header, the answer's status
// checked (a 429's wait taken from Retry-After, or else from the rate-limit reset), the body
// read whole, and OpenAQ's rate-limit headers kept so that a poll stops as soon as it cannot be
// finished within what the key has left (https://docs.openaq.org/using-the-api/rate-limits:
// 60 requests a minute and 2,000 an hour per key; `x-ratelimit-remaining` and
// `x-ratelimit-reset`, the seconds until the window resets, on every answer).

/** What OpenAQ's rate-limit headers said on an answer; `undefined` where a header was absent. */
export interface OpenAqRateLimit {
  /** `x-ratelimit-limit`: the requests allowed in the current window. */
  readonly limit: number | undefined;
  /** `x-ratelimit-remaining`: the requests left in it. */
  readonly remaining: number | undefined;
  /** `x-ratelimit-reset`, in ms from the answer: when the window starts again. */
  readonly resetMs: number | undefined;
}

// Above this, x-ratelimit-reset is read as an epoch time in seconds, not a delay: OpenAQ's page
// calls it a timestamp while its clients and examples read seconds until the reset (58, 60).
const EPOCH_SECONDS_FROM = 1e9;

function headerCount(headers: Headers, name: string): number | undefined {
  const text = headers.get(name)?.trim() ?? '';
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * Reads OpenAQ's rate-limit headers (`x-ratelimit-limit`, `-remaining`, `-reset`).
 *
 * @param nowMs - the data clock, epoch ms (for a reset given as an epoch time)
 * @example
 * openAqRateLimit(new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '42' }), 0);
 * // { limit: undefined, remaining: 0, resetMs: 42_000 }
 */
export function openAqRateLimit(headers: Headers, nowMs: number): OpenAqRateLimit {
  const reset = headerCount(headers, 'x-ratelimit-reset');
  return {
    limit: headerCount(headers, 'x-ratelimit-limit'),
    remaining: headerCount(headers, 'x-ratelimit-remaining'),
    resetMs:
      reset === undefined
        ? undefined
        : reset >= EPOCH_SECONDS_FROM
          ? Math.max(0, reset * 1000 - nowMs)
          : reset * 1000,
  };
}

/**
 * Throws a {@link PollFailure} when `stillNeeded` requests cannot be made within what the key
 * has left: the poll is dropped now, before more of the key's allowance is spent on it, and
 * retried when the window resets. A box that needs more than a whole window says so.
 *
 * @param stillNeeded - the requests of this poll not answered yet
 * @example
 * checkOpenAqBudget({ limit: 60, remaining: 0, resetMs: 42_000 }, 3);
 * // PollFailure: OpenAQ: 3 requests of this poll still to make and 0 left … (retryAfterMs 42_000)
 */
export function checkOpenAqBudget(rate: OpenAqRateLimit, stillNeeded: number): void {
  const { limit, remaining, resetMs } = rate;
  if (remaining === undefined || stillNeeded <= remaining) return;
  const reset = resetMs === undefined ? '' : ` (the window resets in ${resetMs / 1000} s)`;
  if (limit !== undefined && stillNeeded > limit) {
    throw new PollFailure(
      `OpenAQ: this poll still needs ${stillNeeded} requests, more than the ${limit} the key is allowed in a window${reset}; follow a smaller box`,
      resetMs,
    );
  }
  throw new PollFailure(
    `OpenAQ: ${stillNeeded} requests of this poll still to make and ${remaining} left to the key${reset}`,
    resetMs,
  );
}

/** The requests of one poll, all with the same key, signal and clock. */
export interface OpenAqRequests {
  /**
   * GETs `path` (with its query) from the base URL and reads the JSON answer whole; rejects
   * with a {@link PollFailure} on any failure, or when the key has fewer requests left than
   * `stillNeeded` (this one included).
   */
  getJson(path: string, stillNeeded: number): Promise<unknown>;
}

/**
 * The request function of one OpenAQ poll. The key travels only in the `X-API-Key` header and
 * is never part of a message.
 *
 * @param baseUrl - e.g. `https://api.openaq.org`, without a trailing slash
 * @example
 * const requests = openAqRequests(fetch, signal, Date.now(), 'https://api.openaq.org', key);
 * const page = await requests.getJson('/v3/locations/2178/latest', 1);
 */
export function openAqRequests(
  fetch: typeof globalThis.fetch,
  signal: AbortSignal,
  nowMs: number,
  baseUrl: string,
  key: string,
): OpenAqRequests {
  let rate: OpenAqRateLimit | undefined; // from the answer that arrived last
  return {
    async getJson(path, stillNeeded) {
      if (rate !== undefined) checkOpenAqBudget(rate, stillNeeded);
      let answer: Response;
      try {
        const headers = { 'X-API-Key': key, accept: 'application/json' };
        answer = await fetch(`${baseUrl}${path}`, { headers, signal });
      } catch (error) {
        const why = signal.aborted
          ? 'the poll was stopped: its deadline passed, the server stops, or another of its requests failed'
          : failureText(error).split(key).join('[key]');
        throw new PollFailure(`OpenAQ: GET ${path} failed (${why})`);
      }
      const limits = openAqRateLimit(answer.headers, nowMs);
      rate = limits;
      try {
        await checkAnswerStatus('OpenAQ', answer, nowMs);
      } catch (error) {
        // A 429 without Retry-After still says when to come back: the window's reset.
        if (
          answer.status === 429 &&
          error instanceof PollFailure &&
          error.retryAfterMs === undefined
        ) {
          throw new PollFailure(error.message, limits.resetMs);
        }
        throw error;
      }
      return readJsonAnswer('OpenAQ', answer, MAX_OPENAQ_FILE_BYTES);
    },
  };
}

function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** The results of an OpenAQ answer, and what its `meta` says about paging. */
export interface OpenAqResults {
  readonly results: readonly unknown[];
  /** `meta.limit`, when it is a positive integer. */
  readonly limit: number | undefined;
  /** `meta.found`, when it is a count (OpenAQ also sends strings such as `">1000"`). */
  readonly found: number | undefined;
}

/**
 * The `results` of an OpenAQ answer, with `meta.limit` and `meta.found`; an answer without a
 * `results` array is a {@link PollFailure} (the poll is dropped whole).
 *
 * @param what - the kind of answer, for the message: `locations`, `latest`
 * @example
 * openAqResults({ meta: { page: 1, limit: 1000, found: '>1000' }, results: [] }, 'locations');
 * // { results: [], limit: 1000, found: undefined }
 */
export function openAqResults(body: unknown, what: string): OpenAqResults {
  const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const results = isObject(body) ? body.results : undefined;
  if (!isObject(body) || !Array.isArray(results)) {
    throw new PollFailure(`OpenAQ: a ${what} answer has no "results" array`);
  }
  const meta = isObject(body.meta) ? body.meta : {};
  const count = (value: unknown, least: number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= least ? value : undefined;
  return { results, limit: count(meta.limit, 1), found: count(meta.found, 0) };
}

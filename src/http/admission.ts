import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError } from './api-error.js';
import { presentedKey } from './api-keys.js';
import { type ResolvedApiOptions, readClock, safeLog } from './api-options.js';
import type { CoreRequest } from './core-request.js';
import { type MaybePromise, recover, whenReady } from './maybe-promise.js';
import {
  type ClientLimits,
  type RateLimitDecision,
  rateLimitHeaders,
  takeRequest,
} from './rate-limiter.js';
import { loggableUrl } from './request-url.js';

/** The rate headers of an admitted request: none when it was admitted uncounted. */
export type AdmittedHeaders = Readonly<Record<string, string>>;

/** The rate headers of a request admitted uncounted, or not counted at all (a keyless route). */
export const NO_RATE_HEADERS: AdmittedHeaders = Object.freeze({});

/**
 * Authenticates a request and counts it. Returns the rate headers every keyed answer carries,
 * at once when the key ring and the counter store answer at once (the in-process defaults).
 * Throws (or rejects with) 401 for no or an unknown key, 429 over a limit (headers attached),
 * or, failing closed, `DependencyUnavailableError` (503) when the counters cannot be reached.
 *
 * @example
 * admit(options, { method: 'GET', path: '/v2/meta/indexes', query: '', headers: { apikey: 'demo' } }, []);
 * // { 'X-RateLimit-Limit-day': '100', 'X-RateLimit-Remaining-day': '99', … }
 */
export function admit(
  options: ResolvedApiOptions,
  request: CoreRequest,
  apikeyParams: readonly string[],
): MaybePromise<AdmittedHeaders> {
  const key = presentedKey(request.headers.apikey, apikeyParams);
  if (key.status === 'missing') {
    throw new ApiError(
      'API_KEY_MISSING',
      'No API key: send it in the apikey header or the apikey query parameter',
    );
  }
  const client = key.status === 'present' ? options.keyRing.identify(key.key) : undefined;
  return whenReady(client, (identified) => {
    if (identified === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
    return whenReady(countRequest(options, identified, request), rateHeadersOf);
  });
}

/**
 * Counts a request of an identified client. With `countersFailOpen`, an unavailable counter
 * store admits it uncounted (no decision, so no rate headers) and logs that it did.
 */
function countRequest(
  options: ResolvedApiOptions,
  client: ClientLimits,
  request: CoreRequest,
): MaybePromise<RateLimitDecision | undefined> {
  const nowMs = readClock(options.limitsClock, 'limitsClock');
  return recover<RateLimitDecision | undefined>(
    () => takeRequest(options.counterStore, client, nowMs),
    (thrown) => {
      if (!options.countersFailOpen || !(thrown instanceof DependencyUnavailableError)) {
        throw thrown;
      }
      const url = loggableUrl(request.path, request.query);
      safeLog(options.logger, 'error', 'request admitted uncounted (counters fail open)', {
        method: request.method,
        url,
        error: thrown,
      });
      return undefined;
    },
  );
}

// A refusal throws, its rate headers attached.
function rateHeadersOf(decision: RateLimitDecision | undefined): AdmittedHeaders {
  if (decision === undefined) return NO_RATE_HEADERS;
  const headers = rateLimitHeaders(decision);
  if (decision.allowed) return headers;
  const details = { limit: decision.blockedBy, retryAfterSeconds: decision.retryAfterSeconds };
  throw new ApiError(
    'RATE_LIMIT_EXCEEDED',
    `Rate limit per ${decision.blockedBy} exceeded`,
    details,
    headers,
  );
}

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

/**
 * Authenticates a request and counts it. Returns the count's decision, whose rate headers every
 * keyed answer carries, or `undefined` when the request was admitted uncounted; at once when
 * the key ring and the counter store answer at once (the in-process defaults).
 * Throws (or rejects with) 401 for no or an unknown key, 429 over a limit (headers attached),
 * or, failing closed, `DependencyUnavailableError` (503) when the counters cannot be reached.
 *
 * @example
 * admit(options, { method: 'GET', path: '/v2/meta/indexes', query: '', headers: { apikey: 'demo' } }, []);
 * // { allowed: true, day: { limit: 100, remaining: 99, … }, minute: { … } }
 */
export function admit(
  options: ResolvedApiOptions,
  request: CoreRequest,
  apikeyParams: readonly string[],
): MaybePromise<RateLimitDecision | undefined> {
  const key = presentedKey(request.headers.apikey, apikeyParams);
  if (key.status === 'missing') {
    throw new ApiError(
      'API_KEY_MISSING',
      'No API key: send it in the apikey header or the apikey query parameter',
    );
  }
  const client =
    key.status === 'present'
      ? options.connectionKeys.identify(key.key, request.connection)
      : undefined;
  return whenReady(client, (identified) => {
    if (identified === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
    return whenReady(countRequest(options, identified, request), refuseOverLimit);
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
function refuseOverLimit(decision: RateLimitDecision | undefined): RateLimitDecision | undefined {
  if (decision === undefined || decision.allowed) return decision;
  const details = { limit: decision.blockedBy, retryAfterSeconds: decision.retryAfterSeconds };
  throw new ApiError(
    'RATE_LIMIT_EXCEEDED',
    `Rate limit per ${decision.blockedBy} exceeded`,
    details,
    rateLimitHeaders(decision),
  );
}

import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError } from './api-error.js';
import { presentedKey } from './api-keys.js';
import { type ResolvedApiOptions, readClock, safeLog } from './api-options.js';
import type { CoreRequest } from './core-request.js';
import { type RateLimitDecision, rateLimitHeaders, takeRequest } from './rate-limiter.js';
import { loggableUrl } from './request-url.js';

/** What admitting a request found out. */
export interface Admission {
  /** The count's decision; `undefined` when the request was admitted uncounted (fail open). */
  readonly decision: RateLimitDecision | undefined;
  /** The limits clock's reading at the count, epoch ms; `undefined` when not counted. */
  readonly countedAtMs: number | undefined;
}

/**
 * Authenticates a request by its `apikey` header or, failing that, the values of its `apikey`
 * query parameter, then counts it. Every keyed answer carries the decision's rate headers.
 *
 * @throws ApiError 401 for no or an unknown key, 429 over a limit (rate headers attached);
 *   `DependencyUnavailableError` (503) when the counters cannot be reached, unless
 *   `countersFailOpen`, which admits the request uncounted and logs it
 * @example
 * await admit(resolveApiOptions({ service, keys: ['demo'] }), request, []);
 * // { decision: { allowed: true, day: { limit: 100, remaining: 99, … }, … }, countedAtMs: … }
 */
export async function admit(
  options: ResolvedApiOptions,
  request: CoreRequest,
  apikeyParams: readonly string[],
): Promise<Admission> {
  const key = presentedKey(request.headers.apikey, apikeyParams);
  if (key.status === 'missing') {
    throw new ApiError(
      'API_KEY_MISSING',
      'No API key: send it in the apikey header or the apikey query parameter',
    );
  }
  const client = key.status === 'present' ? await options.keyRing.identify(key.key) : undefined;
  if (client === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
  const countedAtMs = readClock(options.limitsClock, 'limitsClock');
  let decision: RateLimitDecision;
  try {
    decision = await takeRequest(options.counterStore, client, countedAtMs);
  } catch (thrown) {
    if (!options.countersFailOpen || !(thrown instanceof DependencyUnavailableError)) throw thrown;
    safeLog(options.logger, 'error', 'request admitted uncounted (counters fail open)', {
      method: request.method,
      url: loggableUrl(request.path, request.query),
      error: thrown,
    });
    return { decision: undefined, countedAtMs: undefined };
  }
  if (!decision.allowed) {
    const details = { limit: decision.blockedBy, retryAfterSeconds: decision.retryAfterSeconds };
    throw new ApiError(
      'RATE_LIMIT_EXCEEDED',
      `Rate limit per ${decision.blockedBy} exceeded`,
      details,
      rateLimitHeaders(decision),
    );
  }
  return { decision, countedAtMs };
}

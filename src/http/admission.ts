import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError } from './api-error.js';
import { presentedKey } from './api-keys.js';
import { type ResolvedApiOptions, readClock, safeLog } from './api-options.js';
import type { Exchange } from './exchange.js';
import { type MaybePromise, recover, whenReady } from './maybe-promise.js';
import {
  type ClientLimits,
  LimitWindowsMemo,
  type RateLimitDecision,
  rateLimitHeaders,
  takeRequest,
} from './rate-limiter.js';
import { loggableUrl } from './request-url.js';

/**
 * Authenticates requests and counts them: one per adapter. Its steps are functions made once,
 * with the request's {@link Exchange} as their argument, so that admitting a request makes no
 * closure (see `whenReady`).
 *
 * @example
 * const admission = new Admission(resolveApiOptions({ service, keys: ['demo'] }));
 * admission.admit(exchange, []); // { allowed: true, day: { limit: 100, remaining: 99, … }, minute: { … } }
 */
export class Admission {
  readonly #options: ResolvedApiOptions;
  readonly #windows = new LimitWindowsMemo();

  constructor(options: ResolvedApiOptions) {
    this.#options = options;
  }

  /**
   * Authenticates the exchange's request by its `apikey` header or, failing that, the values
   * of its `apikey` query parameter, then counts it. Returns the count's decision, whose rate
   * headers every keyed answer carries, or `undefined` when the request was admitted uncounted;
   * at once when the key ring and the counter store answer at once (the in-process defaults).
   * Throws (or rejects with) 401 for no or an unknown key, 429 over a limit (headers attached),
   * or, failing closed, `DependencyUnavailableError` (503) when the counters cannot be reached.
   * Sets the exchange's `client` and `countedAtMs`.
   */
  admit(
    exchange: Exchange,
    apikeyParams: readonly string[],
  ): MaybePromise<RateLimitDecision | undefined> {
    const { request } = exchange;
    const key = presentedKey(request.headers.apikey, apikeyParams);
    if (key.status === 'missing') {
      throw new ApiError(
        'API_KEY_MISSING',
        'No API key: send it in the apikey header or the apikey query parameter',
      );
    }
    const client =
      key.status === 'present'
        ? this.#options.connectionKeys.identify(key.key, request.connection)
        : undefined;
    return whenReady(client, this.#countIdentified, exchange);
  }

  readonly #countIdentified = (
    client: ClientLimits | undefined,
    exchange: Exchange,
  ): MaybePromise<RateLimitDecision | undefined> => {
    if (client === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
    exchange.client = client;
    return whenReady(recover(this.#count, this.#admitUncounted, exchange), refuseOverLimit);
  };

  readonly #count = (exchange: Exchange): MaybePromise<RateLimitDecision> => {
    const nowMs = readClock(this.#options.limitsClock, 'limitsClock');
    exchange.countedAtMs = nowMs;
    const client = exchange.client as ClientLimits;
    return takeRequest(this.#options.counterStore, client, nowMs, this.#windows.at(nowMs));
  };

  // With `countersFailOpen`, an unavailable counter store admits the request uncounted (no
  // decision, so no rate headers) and logs that it did.
  readonly #admitUncounted = (thrown: unknown, exchange: Exchange): undefined => {
    const options = this.#options;
    if (!options.countersFailOpen || !(thrown instanceof DependencyUnavailableError)) {
      throw thrown;
    }
    const { request } = exchange;
    const url = loggableUrl(request.path, request.query);
    safeLog(options.logger, 'error', 'request admitted uncounted (counters fail open)', {
      method: request.method,
      url,
      error: thrown,
    });
    return undefined;
  };
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

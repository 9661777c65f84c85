import type { CounterStore } from '../limits/counter-store.js';
import {
  type ClientLimits,
  type RateLimitDecision,
  rateLimitHeaders,
  takeRequest,
} from '../limits/rate-limiter.js';
import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError } from './api-error.js';
import type { ApiLogger, CoreRequest } from './core-request.js';
import { loggableUrl } from './request-url.js';

// The one place where a keyed request is counted, for reads and writes alike: the count, the
// 429 of a used limit, and what an unavailable counter store means (a 503, or with
// `countersFailOpen` the request admitted uncounted and an error line logged).

/** What counting needs of the adapter. */
export interface CountAccess {
  readonly counterStore: CounterStore;
  /** `true`: a request whose count the store cannot take is served uncounted. */
  readonly countersFailOpen: boolean;
  readonly logger: ApiLogger | undefined;
}

// The error line of a request admitted uncounted.
const ADMITTED_UNCOUNTED = 'request admitted uncounted (counters fail open)';

/**
 * Counts one request of `client` at `nowMs` (epoch ms). Resolves to the decision, or to
 * `undefined` when the counter store is unavailable and `countersFailOpen` admits the request
 * uncounted (logged as an `error` line naming the request, never its key).
 *
 * @throws ApiError 429 `RATE_LIMIT_EXCEEDED` when a limit is used up; the store's
 *   `DependencyUnavailableError` (a 503) unless failing open; anything else the store throws
 * @example
 * const access = { counterStore: new InMemoryCounterStore(), countersFailOpen: false, logger: undefined };
 * (await countRequest(access, { clientId: 'c1', dayLimit: 100, minuteLimit: 50 }, Date.now(), request))?.allowed; // true
 */
export async function countRequest(
  access: CountAccess,
  client: ClientLimits,
  nowMs: number,
  request: CoreRequest,
): Promise<RateLimitDecision | undefined> {
  let decision: RateLimitDecision;
  try {
    decision = await takeRequest(access.counterStore, client, nowMs);
  } catch (thrown) {
    if (!access.countersFailOpen || !(thrown instanceof DependencyUnavailableError)) throw thrown;
    const url = loggableUrl(request.path, request.query);
    safeLog(access.logger, 'error', ADMITTED_UNCOUNTED, {
      method: request.method,
      url,
      error: thrown,
    });
    return undefined;
  }
  if (!decision.allowed) throw rateLimitExceeded(decision);
  return decision;
}

/**
 * The 429 of a count that a limit blocked, with its rate headers and `Retry-After`: one
 * answer for reads and writes.
 *
 * @example
 * rateLimitExceeded(decision).details; // { limit: 'minute', retryAfterSeconds: 12 }
 */
export function rateLimitExceeded(decision: RateLimitDecision): ApiError {
  const { blockedBy: limit, retryAfterSeconds } = decision;
  const message = `Rate limit per ${limit} exceeded`;
  const details = { limit, retryAfterSeconds };
  return new ApiError('RATE_LIMIT_EXCEEDED', message, details, rateLimitHeaders(decision));
}

/**
 * Writes a log line without letting a broken logger turn an answered request into a failed
 * one: whatever the logger throws is dropped.
 *
 * @example
 * safeLog(undefined, 'info', 'request', { status: 200 }); // nothing: no logger
 */
export function safeLog(
  logger: ApiLogger | undefined,
  level: 'info' | 'error',
  message: string,
  fields: Readonly<Record<string, unknown>>,
): void {
  try {
    logger?.[level](message, fields);
  } catch {
    // Nothing sensible is left to report to.
  }
}

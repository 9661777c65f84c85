import type { Language } from '../model/api-types.js';
import { ALLOWED_ORIGIN, CORS_HEADERS, EXPOSED_RESPONSE_HEADERS } from './cors.js';
import { JSON_CONTENT_TYPE } from './json-body.js';
import { type RateLimitDecision, rateLimitHeaders } from './rate-limiter.js';

const VARY = 'Accept-Encoding, Accept-Language';

/**
 * The headers every JSON answer of the adapter starts with: CORS, the content type and `Vary`
 * (the body depends on both negotiated headers).
 *
 * @example
 * BASE_HEADERS.Vary; // 'Accept-Encoding, Accept-Language'
 */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': JSON_CONTENT_TYPE,
  Vary: VARY,
});

const NO_RATE_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The rate headers of a counted request, none for one admitted uncounted (`undefined`).
 *
 * @example
 * rateHeadersOf(undefined); // {}
 */
export function rateHeadersOf(
  decision: RateLimitDecision | undefined,
): Readonly<Record<string, string>> {
  return decision === undefined ? NO_RATE_HEADERS : rateLimitHeaders(decision);
}

/**
 * The headers of a successful answer (200 or 304): {@link BASE_HEADERS}, the rate headers of
 * the request's count, then `Content-Language`, `ETag` and `Cache-Control`. Built as one
 * object literal of a fixed shape: on a cached answer, spreading the base and the rate headers
 * into a new object cost more than the rest of the header work, and the `node:http` shell
 * walks a fixed-shape object faster too.
 *
 * @example
 * answerHeaders(undefined, 'en', 'W/"1-2"', 'private, no-cache')['Content-Language']; // 'en'
 */
export function answerHeaders(
  decision: RateLimitDecision | undefined,
  language: Language,
  etag: string,
  cacheControl: string,
): Record<string, string> {
  if (decision === undefined) {
    return {
      ...BASE_HEADERS,
      'Content-Language': language,
      ETag: etag,
      'Cache-Control': cacheControl,
    };
  }
  // The same names and order as BASE_HEADERS then rateLimitHeaders (a test pins that); an
  // allowed request has no Retry-After.
  return {
    'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
    'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
    'Content-Type': JSON_CONTENT_TYPE,
    Vary: VARY,
    'X-RateLimit-Limit-day': String(decision.day.limit),
    'X-RateLimit-Remaining-day': String(decision.day.remaining),
    'X-RateLimit-Limit-minute': String(decision.minute.limit),
    'X-RateLimit-Remaining-minute': String(decision.minute.remaining),
    'Content-Language': language,
    ETag: etag,
    'Cache-Control': cacheControl,
  };
}

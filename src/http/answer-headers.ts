import type { Language } from '../model/api-types.js';
import { CORS_HEADERS } from './cors.js';
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
 * the request's count, then `Content-Language`, `ETag` and `Cache-Control`. A new object each
 * time: the caller adds `Content-Encoding`.
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
  return {
    ...BASE_HEADERS,
    ...rateHeadersOf(decision),
    'Content-Language': language,
    ETag: etag,
    'Cache-Control': cacheControl,
  };
}

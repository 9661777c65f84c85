/** Methods the read routes answer; the `Allow` header of their 405. */
export const ALLOWED_METHODS = 'GET, OPTIONS';

/** Methods of any route (the write routes take `POST`); the `Allow` of a preflight. */
export const PREFLIGHT_METHODS = 'GET, POST, OPTIONS';

/** `Access-Control-Allow-Origin`: any page may read the answers (they need a key anyway). */
export const ALLOWED_ORIGIN = '*';

/** Request headers browser code may send. */
export const ALLOWED_REQUEST_HEADERS =
  'apikey, Accept-Language, Accept, Content-Type, If-None-Match, Authorization, Content-Encoding';

/** Response headers browser code may read (beyond the CORS-safelisted ones). */
export const EXPOSED_RESPONSE_HEADERS = [
  'X-RateLimit-Limit-day',
  'X-RateLimit-Remaining-day',
  'X-RateLimit-Limit-minute',
  'X-RateLimit-Remaining-minute',
  'Retry-After',
  'Content-Language',
  'Location',
  'ETag',
].join(', ');

/** How long (seconds) a browser may cache a preflight answer: one day. */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

/**
 * Headers on every response: any origin may call the API (it is authenticated by key, never by
 * cookies, so `*` is safe) and read the rate-limit headers.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': ALLOWED_ORIGIN,
  'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS,
});

/**
 * Extra headers of an `OPTIONS` answer. A CORS preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) and a plain `OPTIONS` get the same 204: no key needed, not
 * counted.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Methods': PREFLIGHT_METHODS,
  'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
  'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
  Allow: PREFLIGHT_METHODS,
});

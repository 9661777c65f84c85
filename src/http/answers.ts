import { type RateLimitDecision, rateLimitHeaders } from '../limits/rate-limiter.js';
import type { Language } from '../model/api-types.js';
import type { ResolvedApiOptions } from './api-options.js';
import { acceptsGzip } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { CORS_HEADERS } from './cors.js';
import { noneMatchHits, weakEntityTag } from './entity-tag.js';
import {
  encodeJson,
  JSON_CONTENT_TYPE,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  piecedResponse,
  prepareJson,
} from './json-body.js';
import { type MeasurementsEntry, MeasurementsResponses } from './measurements-responses.js';
import type { RouteResult } from './route.js';

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

// Every answer carries one key's rate headers, so no shared cache may keep it (`private`).
// Measurements: for their validity horizon. Meta lists: an hour (they change with a release).
// Installations: revalidated by ETag each time.
const META_CACHE_CONTROL = 'private, max-age=3600';
const REVALIDATE_CACHE_CONTROL = 'private, no-cache';

/** What the answer of an admitted request with a known route needs to know. */
export interface Answering {
  readonly request: CoreRequest;
  readonly decision: RateLimitDecision | undefined;
  readonly language: Language;
  readonly nowMs: number;
}

/** The 200 (or 304) answers of one adapter, with the bodies it keeps between requests. */
export interface Answers {
  /** The body `name` in `language`, computed by `compute` once and kept (meta, OpenAPI). */
  prepared(name: string, language: Language, compute: (l: Language) => unknown): PreparedJson;
  /** The kept Measurements answer of `cacheKey` if still exact at `at.nowMs`. */
  kept(cacheKey: string, at: Answering): Promise<CoreResponse> | undefined;
  /** The answer of a route's result; a Measurements one is kept under `cacheKey` if given. */
  of(result: RouteResult, at: Answering, cacheKey?: string): Promise<CoreResponse>;
}

/**
 * Builds the success answers of `createApi`: headers (CORS, type, `Vary`, rate headers,
 * `Content-Language`, `ETag`, `Cache-Control`), the 304 of a matching `If-None-Match`, and gzip
 * when the client asks for it. Prepared bodies are serialised and gzipped once; Measurements
 * bodies go through the response cache (measurements-responses.ts).
 *
 * @example
 * const answers = createAnswers(resolveApiOptions({ service, keys: ['demo'] }));
 * (await answers.of({ kind: 'json', value: [] }, at)).status; // 200
 */
export function createAnswers(options: ResolvedApiOptions): Answers {
  const { gzip } = options;
  const responses = new MeasurementsResponses(options.responseCacheBytes, gzip, options.deflateRaw);
  const preparedBodies = new Map<string, PreparedJson>();

  // A Measurements answer: the entry's kept bytes and the request's own bounds of `current`.
  async function measurements(entry: MeasurementsEntry, at: Answering): Promise<CoreResponse> {
    const { request, nowMs } = at;
    const cacheControl =
      entry.freshness === undefined
        ? REVALIDATE_CACHE_CONTROL
        : `private, max-age=${entry.freshness.secondsLeft(nowMs)}`;
    const headers = answerHeaders(at.decision, at.language, entry.etag, cacheControl);
    if (noneMatchHits(request.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers, body: null };
    }
    const gzipped = acceptsGzip(request.headers['accept-encoding']);
    if (gzipped) headers['Content-Encoding'] = 'gzip';
    return piecedResponse(200, headers, await responses.body(entry, nowMs, gzipped));
  }

  return {
    prepared(name, language, compute) {
      const key = `${name}|${language}`;
      let body = preparedBodies.get(key);
      if (body === undefined) {
        body = prepareJson(compute(language), gzip);
        preparedBodies.set(key, body);
      }
      return body;
    },
    kept(cacheKey, at) {
      const entry = responses.lookup(cacheKey, at.nowMs);
      return entry === undefined ? undefined : measurements(entry, at);
    },
    async of(result, at, cacheKey = '') {
      if (result.kind === 'measurements') {
        const { payload, freshness, elementJson } = result;
        const entry = await responses.entryOf(cacheKey, payload, freshness, at.nowMs, elementJson);
        return measurements(entry, at);
      }
      const { request, decision, language } = at;
      const isPrepared = result.kind === 'prepared';
      const identity = isPrepared ? result.body.identity : encodeJson(result.value, 'sent');
      const etag = isPrepared ? result.body.etag : weakEntityTag(identity);
      const headers = isPrepared
        ? answerHeaders(decision, result.language ?? language, etag, META_CACHE_CONTROL)
        : answerHeaders(decision, language, etag, REVALIDATE_CACHE_CONTROL);
      if (noneMatchHits(request.headers['if-none-match'], etag)) {
        return { status: 304, headers, body: null };
      }
      if (!acceptsGzip(request.headers['accept-encoding'])) {
        return { status: 200, headers, body: identity };
      }
      headers['Content-Encoding'] = 'gzip';
      const body = isPrepared
        ? await result.body.gzipped()
        : await gzip(identity, PER_RESPONSE_GZIP);
      return { status: 200, headers, body };
    },
  };
}

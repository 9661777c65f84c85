import { negotiateLanguage } from '../i18n/negotiate-language.js';
import type { Language } from '../model/api-types.js';
import { admit } from './admission.js';
import { answerHeaders, BASE_HEADERS, rateHeadersOf } from './answer-headers.js';
import { type ApiOptions, readClock, resolveApiOptions, safeLog } from './api-options.js';
import { checkedRoute } from './checked-route.js';
import { acceptsGzip } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { PREFLIGHT_HEADERS } from './cors.js';
import { noneMatchHits, weakEntityTag } from './entity-tag.js';
import { errorResponse } from './error-mapper.js';
import {
  encodeJson,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  piecedResponse,
  prepareJson,
} from './json-body.js';
import { type MeasurementsEntry, MeasurementsResponses } from './measurements-responses.js';
import { readQueryParams } from './query-params.js';
import type { RateLimitDecision } from './rate-limiter.js';
import { loggableUrl, rewriteQuery } from './request-url.js';
import type { RouteContext, RouteResult } from './route.js';
import { matchRoute } from './route-match.js';

/** The framework-free adapter: one request in, one response out. */
export interface Api {
  /** Answers a request. Never rejects: every failure becomes a JSON error response. */
  handle(request: CoreRequest): Promise<CoreResponse>;
}

// Every answer carries one key's rate headers, so no shared cache may keep it (`private`).
// Measurements: for their validity horizon. Meta lists: an hour (they change with a release).
// Installations: revalidated by ETag each time. Errors and preflights: never kept.
const META_CACHE_CONTROL = 'private, max-age=3600';
const REVALIDATE_CACHE_CONTROL = 'private, no-cache';
const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });

/** What the answer of an admitted request with a known route needs to know. */
interface Answering {
  readonly request: CoreRequest;
  readonly decision: RateLimitDecision | undefined;
  readonly language: Language;
  readonly nowMs: number;
}

/**
 * Builds the `/v2` adapter core over a `MeasurementsService`. Order of checks for a request:
 * `OPTIONS` → 204 (no key); key → 401; rate limit (counts every keyed request) → 429, or
 * 503 when the counter store is unavailable (unless `countersFailOpen`);
 * method → 405; `Accept` → 406; route → 404; parameters → 400; then the route (404/301/200).
 * `GET /v2/openapi.json` skips the key and the count. docs/http.md draws the whole path.
 *
 * @throws TypeError / RangeError for bad options (naming the option)
 * @example
 * const api = createApi({ service, keys: ['demo'] });
 * const response = await api.handle({ method: 'GET', path: '/v2/meta/indexes', query: '', headers: { apikey: 'demo' } });
 * response.status; // 200
 */
export function createApi(apiOptions: ApiOptions): Api {
  const options = resolveApiOptions(apiOptions);
  const responses = new MeasurementsResponses(
    options.responseCacheBytes,
    options.gzip,
    options.deflateRaw,
  );
  // The meta lists and the OpenAPI document, serialised once per name and language.
  const preparedBodies = new Map<string, PreparedJson>();
  // One reading serves the count and the answer when both clocks are the same function.
  const oneClock = options.clock === options.limitsClock;

  function prepared(name: string, language: Language, compute: (l: Language) => unknown) {
    const key = `${name}|${language}`;
    let body = preparedBodies.get(key);
    if (body === undefined) {
      body = prepareJson(compute(language), options.gzip);
      preparedBodies.set(key, body);
    }
    return body;
  }

  // A 200 of a route outside the response cache, or a 304 when the client has its tag.
  async function respond(result: RouteResult, at: Answering): Promise<CoreResponse> {
    const { request, decision, language } = at;
    if (result.kind === 'measurements') {
      // A route outside the response cache that answers a payload: serialised for this answer.
      return respondMeasurements(
        await responses.entryOf('', result.payload, undefined, at.nowMs),
        at,
      );
    }
    const isPrepared = result.kind === 'prepared';
    const identity = isPrepared ? result.body.identity : encodeJson(result.value);
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
      : await options.gzip(identity, PER_RESPONSE_GZIP);
    return { status: 200, headers, body };
  }

  // A Measurements answer: the entry's kept bytes and the request's own bounds of `current`.
  async function respondMeasurements(
    entry: MeasurementsEntry,
    at: Answering,
  ): Promise<CoreResponse> {
    const { request, nowMs } = at;
    const cacheControl =
      entry.freshness === undefined
        ? REVALIDATE_CACHE_CONTROL
        : `private, max-age=${entry.freshness.secondsLeft(nowMs)}`;
    const headers = answerHeaders(at.decision, at.language, entry.etag, cacheControl);
    if (noneMatchHits(request.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers, body: null };
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return piecedResponse(200, headers, await responses.body(entry, nowMs, gzip));
  }

  function contextOf(request: CoreRequest, at: Answering): RouteContext {
    return {
      service: options.service,
      nowMs: at.nowMs,
      language: at.language,
      prepared,
      relocate(path, replacedParams) {
        const rewritten = rewriteQuery(request.query, replacedParams);
        const base = options.publicBaseUrl ?? request.baseUrl ?? '';
        return `${base}${path}${rewritten === '' ? '' : `?${rewritten}`}`;
      },
    };
  }

  // Key and count, then method, route and parameters, then the answer; throws what fails.
  // `counted` gets the count's decision as soon as there is one: an error answer shows it too.
  async function serve(
    request: CoreRequest,
    counted: { decision?: RateLimitDecision },
  ): Promise<CoreResponse> {
    const query = readQueryParams(request.query);
    const match = matchRoute(request.path);
    let countedAtMs: number | undefined;
    // A keyless route (the OpenAPI document) skips the key and the counting, nothing else.
    if (match?.route.keyless !== true) {
      const admission = await admit(options, request, query.get('apikey') ?? []);
      if (admission.decision !== undefined) counted.decision = admission.decision;
      countedAtMs = admission.countedAtMs;
    }
    const { route, pathParams } = checkedRoute(request, match);
    for (const [name, value] of pathParams) query.set(name, [value]);
    const params = route.parse(query);
    const at: Answering = {
      request,
      decision: counted.decision,
      language: negotiateLanguage(request.headers['accept-language']),
      nowMs:
        oneClock && countedAtMs !== undefined ? countedAtMs : readClock(options.clock, 'clock'),
    };
    if (!route.cached) {
      const result = await route.run(params, contextOf(request, at));
      return respond(result, at);
    }
    const cacheKey = `${route.cacheKey(params)}|${at.language}`;
    const kept = responses.lookup(cacheKey, at.nowMs);
    if (kept !== undefined) return respondMeasurements(kept, at);
    const result = await route.run(params, contextOf(request, at));
    if (result.kind !== 'measurements') return respond(result, at);
    const entry = await responses.entryOf(cacheKey, result.payload, result.freshness, at.nowMs);
    return respondMeasurements(entry, at);
  }

  // Every answer of this adapter; rejects only when even the error answer cannot be made.
  async function answer(request: CoreRequest): Promise<CoreResponse> {
    if (request.method === 'OPTIONS') {
      const headers = { ...BASE_HEADERS, ...NO_STORE, ...PREFLIGHT_HEADERS };
      return { status: 204, headers, body: null };
    }
    const counted: { decision?: RateLimitDecision } = {};
    try {
      return await serve(request, counted);
    } catch (thrown) {
      return failed(thrown, request, counted.decision);
    }
  }

  // The JSON error answer of a failed request, gzipped when the client asked for it.
  async function failed(
    thrown: unknown,
    request: CoreRequest,
    decision: RateLimitDecision | undefined,
  ): Promise<CoreResponse> {
    const error = errorResponse(thrown, {
      ...BASE_HEADERS,
      ...rateHeadersOf(decision),
      ...NO_STORE,
    });
    if (error.unexpected) {
      const url = loggableUrl(request.path, request.query);
      safeLog(options.logger, 'error', 'request failed', {
        method: request.method,
        url,
        error: thrown,
      });
    }
    const { status, headers, body } = error;
    if (!acceptsGzip(request.headers['accept-encoding'])) return { status, headers, body };
    headers['Content-Encoding'] = 'gzip';
    return { status, headers, body: await options.gzip(body, PER_RESPONSE_GZIP) };
  }

  return {
    async handle(request) {
      let response: CoreResponse;
      try {
        response = await answer(request);
      } catch (thrown) {
        // Only a failing gzip of an error body gets here: a plain 500, uncompressed.
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'error', 'response failed', { url, error: thrown });
        const { status, headers, body } = errorResponse(undefined, {
          ...BASE_HEADERS,
          ...NO_STORE,
        });
        response = { status, headers, body };
      }
      if (options.logger !== undefined) {
        // The URL is redacted for the access log only when there is one to write.
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'info', 'request', {
          method: request.method,
          url,
          status: response.status,
        });
      }
      return response;
    },
  };
}

import { negotiateLanguage } from '../i18n/negotiate-language.js';
import type { Language } from '../model/api-types.js';
import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError } from './api-error.js';
import { presentedKey } from './api-keys.js';
import {
  type ApiOptions,
  type ResolvedApiOptions,
  readClock,
  resolveApiOptions,
  safeLog,
} from './api-options.js';
import { acceptsGzip, acceptsJson } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { ALLOWED_METHODS, CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.js';
import { noneMatchHits, weakEntityTag } from './entity-tag.js';
import { errorResponse } from './error-mapper.js';
import {
  encodeJson,
  JSON_CONTENT_TYPE,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  piecedResponse,
  prepareJson,
} from './json-body.js';
import { type MeasurementsEntry, MeasurementsResponses } from './measurements-responses.js';
import { readQueryParams } from './query-params.js';
import {
  type ClientLimits,
  type RateLimitDecision,
  rateLimitHeaders,
  takeRequest,
} from './rate-limiter.js';
import { loggableUrl, rewriteQuery } from './request-url.js';
import { matchRoute, type RouteContext, type RouteMatch, type RouteResult } from './routes.js';

/** The framework-free adapter: one request in, one response out. */
export interface Api {
  /** Answers a request. Never rejects: every failure becomes a JSON error response. */
  handle(request: CoreRequest): Promise<CoreResponse>;
}

const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': JSON_CONTENT_TYPE,
  Vary: 'Accept-Encoding, Accept-Language',
});

// Every answer carries rate headers for one key, so no shared cache may keep it (`private`).
// Measurements: as long as their validity horizon lasts. Meta lists: an hour (they change only
// with a new release). Installations: kept, but revalidated by ETag each time (they change
// whenever the store's installations do). Errors and preflights: not kept at all.
const META_CACHE_CONTROL = 'private, max-age=3600';
const REVALIDATE_CACHE_CONTROL = 'private, no-cache';
const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });

/**
 * Counts a request of an identified client. With `countersFailOpen`, an unavailable counter
 * store admits it uncounted (no decision, so no rate headers) and logs that it did.
 */
async function countRequest(
  options: ResolvedApiOptions,
  client: ClientLimits,
  request: CoreRequest,
): Promise<RateLimitDecision | undefined> {
  const nowMs = readClock(options.limitsClock, 'limitsClock');
  try {
    return await takeRequest(options.counterStore, client, nowMs);
  } catch (thrown) {
    if (!options.countersFailOpen || !(thrown instanceof DependencyUnavailableError)) throw thrown;
    const url = loggableUrl(request.path, request.query);
    safeLog(options.logger, 'error', 'request admitted uncounted (counters fail open)', {
      method: request.method,
      url,
      error: thrown,
    });
    return undefined;
  }
}

/**
 * Authenticates a request and counts it. Returns the rate headers every keyed answer carries;
 * throws 401 (no or unknown key), 429 (over a limit, headers attached) or, failing closed,
 * `DependencyUnavailableError` (503) when the counters cannot be reached.
 */
async function admit(
  options: ResolvedApiOptions,
  request: CoreRequest,
  apikeyParams: readonly string[],
) {
  const key = presentedKey(request.headers.apikey, apikeyParams);
  if (key.status === 'missing') {
    throw new ApiError(
      'API_KEY_MISSING',
      'No API key: send it in the apikey header or the apikey query parameter',
    );
  }
  const client = key.status === 'present' ? await options.keyRing.identify(key.key) : undefined;
  if (client === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
  const decision = await countRequest(options, client, request);
  if (decision === undefined) return {};
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    const details = { limit: decision.blockedBy, retryAfterSeconds: decision.retryAfterSeconds };
    throw new ApiError(
      'RATE_LIMIT_EXCEEDED',
      `Rate limit per ${decision.blockedBy} exceeded`,
      details,
      headers,
    );
  }
  return headers;
}

/** Method, `Accept` and path checks of an admitted request; returns its matched route. */
function route(request: CoreRequest, match: RouteMatch | undefined): RouteMatch {
  if (request.method !== 'GET') {
    const message = `Method ${request.method} is not allowed; use GET`;
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      message,
      { method: request.method },
      { Allow: ALLOWED_METHODS },
    );
  }
  if (!acceptsJson(request.headers.accept)) {
    throw new ApiError('NOT_ACCEPTABLE', 'Only application/json responses are available', {
      accept: request.headers.accept,
    });
  }
  if (match !== undefined) return match;
  if (/^\/v1(?:\/|$)/.test(request.path)) {
    throw new ApiError('API_VERSION_RETIRED', 'API v1 has been retired since 2019-02-28; use /v2', {
      retiredOn: '2019-02-28',
    });
  }
  throw new ApiError('NOT_FOUND', 'No such resource', { path: request.path });
}

/**
 * Builds the `/v2` adapter core over a `MeasurementsService`. Order of checks for a request:
 * `OPTIONS` → 204 (no key); key → 401; rate limit (counts every keyed request) → 429, or
 * 503 when the counter store is unavailable (unless `countersFailOpen`);
 * method → 405; `Accept` → 406; route → 404; parameters → 400; then the route (404/301/200).
 * `GET /v2/openapi.json` skips the key and the count.
 *
 * @throws TypeError / RangeError for bad options (naming the option)
 * @example
 * const api = createApi({ service, keys: ['demo'] });
 * const response = await api.handle({ method: 'GET', path: '/v2/meta/indexes', query: '', headers: { apikey: 'demo' } });
 * response.status; // 200
 */
export function createApi(apiOptions: ApiOptions): Api {
  const options = resolveApiOptions(apiOptions);
  const preparedBodies = new Map<string, PreparedJson>();
  const responses = new MeasurementsResponses(
    options.responseCacheBytes,
    options.gzip,
    options.deflateRaw,
  );

  function prepared(cacheKey: string, compute: () => unknown): PreparedJson {
    let body = preparedBodies.get(cacheKey);
    if (body === undefined) {
      body = prepareJson(compute(), options.gzip);
      preparedBodies.set(cacheKey, body);
    }
    return body;
  }

  function routeContext(request: CoreRequest, nowMs: number, language: Language): RouteContext {
    return {
      service: options.service,
      language,
      nowMs,
      prepared,
      relocate(path, replacedParams) {
        const rewritten = rewriteQuery(request.query, replacedParams);
        const base = options.publicBaseUrl ?? request.baseUrl ?? '';
        return `${base}${path}${rewritten === '' ? '' : `?${rewritten}`}`;
      },
    };
  }

  // A 200 of a route outside the response cache, or a 304 when the client has its tag.
  async function respond(
    headers: Record<string, string>,
    request: CoreRequest,
    result: RouteResult,
  ): Promise<CoreResponse> {
    let identity: Uint8Array;
    if (result.kind === 'prepared') {
      identity = result.body.identity;
      if (result.language !== undefined) headers['Content-Language'] = result.language;
      headers.ETag = result.body.etag;
      headers['Cache-Control'] = META_CACHE_CONTROL;
    } else {
      identity = encodeJson(result.kind === 'json' ? result.value : result.payload);
      headers.ETag = weakEntityTag(identity);
      headers['Cache-Control'] = REVALIDATE_CACHE_CONTROL;
    }
    if (noneMatchHits(request.headers['if-none-match'], headers.ETag)) {
      return { status: 304, headers, body: null };
    }
    if (!acceptsGzip(request.headers['accept-encoding'])) {
      return { status: 200, headers, body: identity };
    }
    headers['Content-Encoding'] = 'gzip';
    const body =
      result.kind === 'prepared'
        ? await result.body.gzipped()
        : await options.gzip(identity, PER_RESPONSE_GZIP);
    return { status: 200, headers, body };
  }

  // A Measurements answer: the entry's shared bytes and the request's own bounds of `current`.
  async function respondMeasurements(
    headers: Record<string, string>,
    request: CoreRequest,
    entry: MeasurementsEntry,
    nowMs: number,
  ): Promise<CoreResponse> {
    headers.ETag = entry.etag;
    headers['Cache-Control'] =
      entry.freshness === undefined
        ? REVALIDATE_CACHE_CONTROL
        : `private, max-age=${entry.freshness.secondsLeft(nowMs)}`;
    if (noneMatchHits(request.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers, body: null };
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    const chunks = await responses.body(entry, nowMs, gzip);
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return piecedResponse(200, headers, chunks);
  }

  async function answer(request: CoreRequest): Promise<CoreResponse> {
    if (request.method === 'OPTIONS') {
      const headers = { ...BASE_HEADERS, ...NO_STORE, ...PREFLIGHT_HEADERS };
      return { status: 204, headers, body: null };
    }
    let rateHeaders: Readonly<Record<string, string>> = {};
    try {
      const query = readQueryParams(request.query);
      const found = matchRoute(request.path);
      // A keyless route (the OpenAPI document) skips the key and the counting, nothing else.
      if (found?.route.keyless !== true)
        rateHeaders = await admit(options, request, query.get('apikey') ?? []);
      const match = route(request, found);
      const language = negotiateLanguage(request.headers['accept-language']);
      for (const [name, value] of match.pathParams) query.set(name, [value]);
      const params = match.route.parse(query);
      const nowMs = readClock(options.clock, 'clock');
      const headers = { ...BASE_HEADERS, ...rateHeaders, 'Content-Language': language };
      if (match.route.cached) {
        const key = `${match.route.cacheKey(params)}|${language}`;
        let entry = responses.lookup(key, nowMs);
        if (entry === undefined) {
          const result = await match.route.run(params, routeContext(request, nowMs, language));
          if (result.kind !== 'measurements') return await respond(headers, request, result);
          entry = await responses.entryOf(key, result.payload, nowMs);
        }
        return await respondMeasurements(headers, request, entry, nowMs);
      }
      const result = await match.route.run(params, routeContext(request, nowMs, language));
      return await respond(headers, request, result);
    } catch (thrown) {
      const error = errorResponse(thrown, { ...BASE_HEADERS, ...rateHeaders, ...NO_STORE });
      if (error.unexpected) {
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'error', 'request failed', {
          method: request.method,
          url,
          error: thrown,
        });
      }
      if (!acceptsGzip(request.headers['accept-encoding'])) return error;
      error.headers['Content-Encoding'] = 'gzip';
      return { ...error, body: await options.gzip(error.body, PER_RESPONSE_GZIP) };
    }
  }

  return {
    async handle(request) {
      let response: CoreResponse;
      try {
        response = await answer(request);
      } catch (thrown) {
        // Only a failing gzip of an error body gets here; answer a plain 500, uncompressed.
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'error', 'response failed', { url, error: thrown });
        const { status, headers, body } = errorResponse(undefined, {
          ...BASE_HEADERS,
          ...NO_STORE,
        });
        response = { status, headers, body };
      }
      // The URL is redacted for the access log only when there is one to write.
      if (options.logger !== undefined) {
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

import { negotiateLanguage } from '../i18n/negotiate-language.js';
import type { Language } from '../model/api-types.js';
import { type AdmittedHeaders, admit, NO_RATE_HEADERS } from './admission.js';
import { type ApiOptions, readClock, resolveApiOptions, safeLog } from './api-options.js';
import { checkedRoute } from './checked-route.js';
import { acceptsGzip } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors.js';
import { noneMatchHits, weakEntityTag } from './entity-tag.js';
import { errorResponse } from './error-mapper.js';
import { registerImmediateAnswer } from './immediate-answer.js';
import {
  encodeJson,
  JSON_CONTENT_TYPE,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  piecedResponse,
  prepareJson,
} from './json-body.js';
import { type MaybePromise, recover, whenReady } from './maybe-promise.js';
import { type MeasurementsEntry, MeasurementsResponses } from './measurements-responses.js';
import { readQueryParams } from './query-params.js';
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
  function respond(
    headers: Record<string, string>,
    request: CoreRequest,
    result: RouteResult,
  ): MaybePromise<CoreResponse> {
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
    const gzipped =
      result.kind === 'prepared'
        ? result.body.gzipped()
        : options.gzip(identity, PER_RESPONSE_GZIP);
    return whenReady(gzipped, (body) => ({ status: 200, headers, body }));
  }

  // A Measurements answer: the entry's shared bytes and the request's own bounds of `current`.
  function respondMeasurements(
    headers: Record<string, string>,
    request: CoreRequest,
    entry: MeasurementsEntry,
    nowMs: number,
  ): MaybePromise<CoreResponse> {
    headers.ETag = entry.etag;
    headers['Cache-Control'] =
      entry.freshness === undefined
        ? REVALIDATE_CACHE_CONTROL
        : `private, max-age=${entry.freshness.secondsLeft(nowMs)}`;
    if (noneMatchHits(request.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers, body: null };
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    return whenReady(responses.body(entry, nowMs, gzip), (chunks) => {
      if (gzip) headers['Content-Encoding'] = 'gzip';
      return piecedResponse(200, headers, chunks);
    });
  }

  // An admitted request (or one on a keyless route): method, route, parameters, then the answer.
  function serve(
    request: CoreRequest,
    found: RouteMatch | undefined,
    query: Map<string, string[]>,
    rateHeaders: AdmittedHeaders,
  ): MaybePromise<CoreResponse> {
    const match = checkedRoute(request, found);
    const language = negotiateLanguage(request.headers['accept-language']);
    for (const [name, value] of match.pathParams) query.set(name, [value]);
    const params = match.route.parse(query);
    const nowMs = readClock(options.clock, 'clock');
    const headers = { ...BASE_HEADERS, ...rateHeaders, 'Content-Language': language };
    const run = () => match.route.run(params, routeContext(request, nowMs, language));
    if (!match.route.cached) return whenReady(run(), (result) => respond(headers, request, result));
    const key = `${match.route.cacheKey(params)}|${language}`;
    const kept = responses.lookup(key, nowMs);
    if (kept !== undefined) return respondMeasurements(headers, request, kept, nowMs);
    return whenReady(run(), (result) => {
      if (result.kind !== 'measurements') return respond(headers, request, result);
      return whenReady(responses.entryOf(key, result.payload, nowMs), (entry) =>
        respondMeasurements(headers, request, entry, nowMs),
      );
    });
  }

  // The JSON error answer of a failed request, gzipped when the client asked for it.
  function failed(
    request: CoreRequest,
    thrown: unknown,
    rateHeaders: AdmittedHeaders,
  ): MaybePromise<CoreResponse> {
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
    return options.gzip(error.body, PER_RESPONSE_GZIP).then((body) => ({ ...error, body }));
  }

  function answer(request: CoreRequest): MaybePromise<CoreResponse> {
    if (request.method === 'OPTIONS') {
      const headers = { ...BASE_HEADERS, ...NO_STORE, ...PREFLIGHT_HEADERS };
      return { status: 204, headers, body: null };
    }
    let rateHeaders: AdmittedHeaders = NO_RATE_HEADERS;
    return recover(
      () => {
        const query = readQueryParams(request.query);
        const found = matchRoute(request.path);
        // A keyless route (the OpenAPI document) skips the key and the counting, nothing else.
        if (found?.route.keyless === true) return serve(request, found, query, rateHeaders);
        return whenReady(admit(options, request, query.get('apikey') ?? []), (admitted) => {
          rateHeaders = admitted;
          return serve(request, found, query, admitted);
        });
      },
      (thrown) => failed(request, thrown, rateHeaders),
    );
  }

  // Every answer of this adapter, logged; never throws nor rejects.
  function answerLogged(request: CoreRequest): MaybePromise<CoreResponse> {
    const response = recover(
      () => answer(request),
      (thrown) => {
        // Only a failing gzip of an error body gets here; answer a plain 500, uncompressed.
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'error', 'response failed', { url, error: thrown });
        const { status, headers, body } = errorResponse(undefined, {
          ...BASE_HEADERS,
          ...NO_STORE,
        });
        return { status, headers, body };
      },
    );
    if (options.logger === undefined) return response;
    return whenReady(response, (logged) => {
      // The URL is redacted for the access log only when there is one to write.
      const url = loggableUrl(request.path, request.query);
      safeLog(options.logger, 'info', 'request', {
        method: request.method,
        url,
        status: logged.status,
      });
      return logged;
    });
  }

  const api: Api = {
    async handle(request) {
      return answerLogged(request);
    },
  };
  registerImmediateAnswer(api, answerLogged);
  return api;
}

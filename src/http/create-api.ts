import { negotiateLanguage } from '../i18n/negotiate-language.js';
import type { Language } from '../model/api-types.js';
import { Admission } from './admission.js';
import { answerHeaders, BASE_HEADERS, rateHeadersOf } from './answer-headers.js';
import { type ApiOptions, readClock, resolveApiOptions, safeLog } from './api-options.js';
import { checkedRoute } from './checked-route.js';
import { acceptsGzip } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { PREFLIGHT_HEADERS } from './cors.js';
import { noneMatchHits, weakEntityTag } from './entity-tag.js';
import { errorResponse } from './error-mapper.js';
import { Exchange, type ExchangeScope, NO_VALUES } from './exchange.js';
import { registerImmediateAnswer } from './immediate-answer.js';
import {
  encodeJson,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  piecedResponse,
  prepareJson,
} from './json-body.js';
import { type MaybePromise, recover, whenReady } from './maybe-promise.js';
import { type MeasurementsEntry, MeasurementsResponses } from './measurements-responses.js';
import { ParsedTarget, ParsedTargets } from './parsed-targets.js';
import { readQueryParams } from './query-params.js';
import type { RateLimitDecision } from './rate-limiter.js';
import { loggableUrl } from './request-url.js';
import type { RouteResult } from './route.js';
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
  // By name, then by language: no key string is built per request.
  const preparedBodies = new Map<string, Map<Language, PreparedJson>>();
  const targets = new ParsedTargets();
  const admission = new Admission(options);
  // One reading serves the count and the answer when both clocks are the same function.
  const oneClock = options.clock === options.limitsClock;
  const responses = new MeasurementsResponses(
    options.responseCacheBytes,
    options.gzip,
    options.deflateRaw,
  );

  function prepared(
    name: string,
    language: Language,
    compute: (language: Language) => unknown,
  ): PreparedJson {
    let byLanguage = preparedBodies.get(name);
    if (byLanguage === undefined) {
      byLanguage = new Map();
      preparedBodies.set(name, byLanguage);
    }
    let body = byLanguage.get(language);
    if (body === undefined) {
      body = prepareJson(compute(language), options.gzip);
      byLanguage.set(language, body);
    }
    return body;
  }

  const scope: ExchangeScope = {
    service: options.service,
    publicBaseUrl: options.publicBaseUrl,
    prepared,
  };

  // A 200 of a route outside the response cache, or a 304 when the client has its tag.
  function respond(result: RouteResult, exchange: Exchange): MaybePromise<CoreResponse> {
    const { request, decision, language } = exchange;
    const isPrepared = result.kind === 'prepared';
    const identity = isPrepared
      ? result.body.identity
      : encodeJson(result.kind === 'json' ? result.value : result.payload);
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
    const gzipped = isPrepared ? result.body.gzipped() : options.gzip(identity, PER_RESPONSE_GZIP);
    return whenReady(gzipped, (body) => ({ status: 200, headers, body }));
  }

  // A Measurements answer: the entry's shared bytes and the request's own bounds of `current`.
  function respondMeasurements(
    entry: MeasurementsEntry,
    exchange: Exchange,
  ): MaybePromise<CoreResponse> {
    const { request, nowMs } = exchange;
    const cacheControl =
      entry.freshness === undefined
        ? REVALIDATE_CACHE_CONTROL
        : `private, max-age=${entry.freshness.secondsLeft(nowMs)}`;
    const headers = answerHeaders(exchange.decision, exchange.language, entry.etag, cacheControl);
    if (noneMatchHits(request.headers['if-none-match'], entry.etag)) {
      return { status: 304, headers, body: null };
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    return whenReady(responses.body(entry, nowMs, gzip), (chunks) => {
      if (gzip) headers['Content-Encoding'] = 'gzip';
      return piecedResponse(200, headers, chunks);
    });
  }

  // A computed result: kept in the response cache when it is a Measurements payload.
  function respondComputed(result: RouteResult, exchange: Exchange): MaybePromise<CoreResponse> {
    if (result.kind !== 'measurements') return respond(result, exchange);
    const entry = responses.entryOf(exchange.responseKey, result.payload, exchange.nowMs);
    return whenReady(entry, respondMeasurements, exchange);
  }

  // An admitted request whose route and parameters are known: the answer.
  function serveTarget(exchange: Exchange, target: ParsedTarget): MaybePromise<CoreResponse> {
    const language = negotiateLanguage(exchange.request.headers['accept-language']);
    exchange.language = language;
    exchange.nowMs =
      oneClock && exchange.countedAtMs !== undefined
        ? exchange.countedAtMs
        : readClock(options.clock, 'clock');
    const { route } = target.match;
    if (!route.cached) return whenReady(route.run(target.params, exchange), respond, exchange);
    exchange.responseKey = target.responseKey(language);
    const kept = responses.lookup(exchange.responseKey, exchange.nowMs);
    if (kept !== undefined) return respondMeasurements(kept, exchange);
    const computed = route.run(target.params, exchange);
    return whenReady(computed, respondComputed, exchange);
  }

  // An admitted request (or one on a keyless route): method, route, parameters, then the answer.
  function serve(exchange: Exchange): MaybePromise<CoreResponse> {
    const { request } = exchange;
    const match = checkedRoute(request, exchange.found);
    if (exchange.target !== undefined) return serveTarget(exchange, exchange.target);
    const query = exchange.query ?? new Map<string, string[]>();
    for (const [name, value] of match.pathParams) query.set(name, [value]);
    const target = new ParsedTarget(match, match.route.parse(query));
    targets.keep(request.path, request.query, query, target);
    return serveTarget(exchange, target);
  }

  function serveAdmitted(
    decision: RateLimitDecision | undefined,
    exchange: Exchange,
  ): MaybePromise<CoreResponse> {
    exchange.decision = decision;
    return serve(exchange);
  }

  // Key, count, then the rest; a target parsed before skips the query and the route match.
  function admitAndServe(exchange: Exchange): MaybePromise<CoreResponse> {
    const { request } = exchange;
    const target = targets.lookup(request.path, request.query);
    let apikeyParams: readonly string[] = NO_VALUES;
    if (target === undefined) {
      exchange.query = readQueryParams(request.query);
      exchange.found = matchRoute(request.path);
      apikeyParams = exchange.query.get('apikey') ?? NO_VALUES;
    } else {
      exchange.target = target;
      exchange.found = target.match;
    }
    // A keyless route (the OpenAPI document) skips the key and the counting, nothing else.
    if (exchange.found?.route.keyless === true) return serve(exchange);
    return whenReady(admission.admit(exchange, apikeyParams), serveAdmitted, exchange);
  }

  // The JSON error answer of a failed request, gzipped when the client asked for it.
  function failed(thrown: unknown, exchange: Exchange): MaybePromise<CoreResponse> {
    const { request } = exchange;
    const rateHeaders = rateHeadersOf(exchange.decision);
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
    return recover(admitAndServe, failed, new Exchange(request, scope));
  }

  // Only a failing gzip of an error body gets here; answer a plain 500, uncompressed.
  function lastResort(thrown: unknown, request: CoreRequest): CoreResponse {
    const url = loggableUrl(request.path, request.query);
    safeLog(options.logger, 'error', 'response failed', { url, error: thrown });
    const { status, headers, body } = errorResponse(undefined, { ...BASE_HEADERS, ...NO_STORE });
    return { status, headers, body };
  }

  // Every answer of this adapter, logged; never throws nor rejects.
  function answerLogged(request: CoreRequest): MaybePromise<CoreResponse> {
    const response = recover(answer, lastResort, request);
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

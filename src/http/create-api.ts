import { describeValue } from '../arguments/describe-value.js';
import { negotiateLanguage } from '../i18n/negotiate-language.js';
import type { RateLimitDecision } from '../limits/rate-limiter.js';
import { type Answering, BASE_HEADERS, createAnswers, rateHeadersOf } from './answers.js';
import { ApiError } from './api-error.js';
import { presentedKey } from './api-keys.js';
import { type ApiOptions, resolveApiOptions } from './api-options.js';
import { acceptsGzip } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { PREFLIGHT_HEADERS } from './cors.js';
import { errorResponse } from './error-mapper.js';
import { PER_RESPONSE_GZIP } from './json-body.js';
import { cacheKeysOf, type ParsedTarget, ParsedTargets } from './parsed-targets.js';
import { readQueryParams } from './query-params.js';
import { countRequest, safeLog } from './request-count.js';
import { loggableUrl, rewriteQuery } from './request-url.js';
import type { RouteContext } from './route.js';
import { checkedRoute, matchRoute, type RouteMatch } from './route-match.js';
import { createWriteServer } from './write-requests.js';
import { matchWriteRoute } from './write-routes.js';

/** The framework-free adapter: one request in, one response out. */
export interface Api {
  /** Answers a request. Never rejects: every failure becomes a JSON error response. */
  handle(request: CoreRequest): Promise<CoreResponse>;
}

// Errors and preflights are never kept by any cache.
const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });

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
  const answers = createAnswers(options);
  const serveWrite = createWriteServer(options, readClock);
  // One reading serves the count and the answer when both clocks are the same function.
  const oneClock = options.clock === options.limitsClock;
  const parsedTargets = new ParsedTargets();

  function contextOf(request: CoreRequest, at: Answering): RouteContext {
    return {
      service: options.service,
      nowMs: at.nowMs,
      language: at.language,
      prepared: answers.prepared,
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
    const kept = parsedTargets.get(request.path, request.query);
    const query = kept === undefined ? readQueryParams(request.query) : undefined;
    const match = kept?.match ?? matchRoute(request.path);
    let countedAtMs: number | undefined;
    // A keyless route (the OpenAPI document) skips the key and the counting, nothing else.
    if (match?.route.keyless !== true) {
      const apikeyParams = kept?.apikeyParams ?? query?.get('apikey') ?? [];
      countedAtMs = await admit(request, apikeyParams, counted);
    }
    const checked = checkedRoute(request, match);
    const parsed = kept ?? parseTarget(request, checked, query ?? readQueryParams(request.query));
    const { route } = checked;
    const { params } = parsed;
    const at: Answering = {
      request,
      decision: counted.decision,
      language: negotiateLanguage(request.headers['accept-language']),
      nowMs:
        oneClock && countedAtMs !== undefined ? countedAtMs : readClock(options.clock, 'clock'),
    };
    if (parsed.cacheKeys === undefined) {
      return answers.of(await route.run(params, contextOf(request, at)), at);
    }
    const cacheKey = parsed.cacheKeys[at.language];
    const answer = answers.kept(cacheKey, at);
    if (answer !== undefined) return answer;
    return answers.of(await route.run(params, contextOf(request, at)), at, cacheKey);
  }

  // Parameters of a target not parsed before (throws the 400), kept for its next request.
  function parseTarget(
    request: CoreRequest,
    match: RouteMatch,
    query: Map<string, string[]>,
  ): ParsedTarget {
    const apikeyParams = query.get('apikey') ?? [];
    for (const [name, value] of match.pathParams) query.set(name, [value]);
    const params = match.route.parse(query);
    const cacheKeys = match.route.cached ? cacheKeysOf(match.route.cacheKey(params)) : undefined;
    const parsed = { match, params, apikeyParams, cacheKeys };
    return parsedTargets.keep(request.path, request.query, parsed);
  }

  // The key (`apikey` header, else query parameter) → 401, then the count → 429 (or 503 when
  // the counters are unavailable, unless `countersFailOpen` admits the request uncounted).
  // Resolves to the counting instant, `undefined` when admitted uncounted.
  async function admit(
    request: CoreRequest,
    apikeyParams: readonly string[],
    counted: { decision?: RateLimitDecision },
  ): Promise<number | undefined> {
    const key = presentedKey(request.headers.apikey, apikeyParams);
    if (key.status === 'missing') {
      const message = 'No API key: send it in the apikey header or the apikey query parameter';
      throw new ApiError('API_KEY_MISSING', message);
    }
    const client = key.status === 'present' ? await options.keyRing.identify(key.key) : undefined;
    if (client === undefined) throw new ApiError('API_KEY_INVALID', 'The API key is not valid');
    const countedAtMs = readClock(options.limitsClock, 'limitsClock');
    const decision = await countRequest(options, client, countedAtMs, request);
    if (decision === undefined) return undefined;
    counted.decision = decision;
    return countedAtMs;
  }

  // The JSON error answer of a failed request, gzipped when the client asked for it.
  async function failed(
    thrown: unknown,
    request: CoreRequest,
    decision: RateLimitDecision | undefined,
  ): Promise<CoreResponse> {
    const headers = { ...BASE_HEADERS, ...rateHeadersOf(decision), ...NO_STORE };
    const error = errorResponse(thrown, headers);
    if (error.unexpected) {
      const { method } = request;
      const url = loggableUrl(request.path, request.query);
      safeLog(options.logger, 'error', 'request failed', { method, url, error: thrown });
    }
    const { status, body } = error;
    if (!acceptsGzip(request.headers['accept-encoding'])) {
      return { status, headers: error.headers, body };
    }
    error.headers['Content-Encoding'] = 'gzip';
    return { status, headers: error.headers, body: await options.gzip(body, PER_RESPONSE_GZIP) };
  }

  return {
    async handle(request) {
      let response: CoreResponse;
      const counted: { decision?: RateLimitDecision } = {};
      try {
        if (request.method === 'OPTIONS') {
          const headers = { ...BASE_HEADERS, ...NO_STORE, ...PREFLIGHT_HEADERS };
          return logged(request, { status: 204, headers, body: null });
        }
        const write = matchWriteRoute(request.path);
        response =
          write === undefined
            ? await serve(request, counted)
            : await serveWrite(write, request, counted);
      } catch (thrown) {
        try {
          response = await failed(thrown, request, counted.decision);
        } catch (failure) {
          // Only a failing gzip of an error body gets here: a plain 500, uncompressed.
          const url = loggableUrl(request.path, request.query);
          safeLog(options.logger, 'error', 'response failed', { url, error: failure });
          const headers = { ...BASE_HEADERS, ...NO_STORE };
          const { status, body } = errorResponse(undefined, headers);
          response = { status, headers, body };
        }
      }
      return logged(request, response);
    },
  };

  // The access log line of an answer, written only when there is a logger (the URL is redacted).
  function logged(request: CoreRequest, response: CoreResponse): CoreResponse {
    if (options.logger !== undefined) {
      const url = loggableUrl(request.path, request.query);
      const fields = { method: request.method, url, status: response.status };
      safeLog(options.logger, 'info', 'request', fields);
    }
    return response;
  }
}

// A broken clock answers 500 instead of producing NaN windows.
function readClock(clock: () => number, name: string): number {
  const nowMs = clock();
  if (typeof nowMs === 'number' && Number.isFinite(nowMs)) return nowMs;
  throw new TypeError(
    `createApi: ${name} returned ${describeValue(nowMs)}, not epoch milliseconds`,
  );
}

import { negotiateLanguage } from '../i18n/negotiate-language.js';
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
import { errorResponse } from './error-mapper.js';
import {
  gzipJson,
  JSON_CONTENT_TYPE,
  jsonResponse,
  PER_RESPONSE_GZIP,
  type PreparedJson,
  prepareJson,
} from './json-body.js';
import { readQueryParams } from './query-params.js';
import { rateLimitHeaders, takeRequest } from './rate-limiter.js';
import { loggableUrl, rewriteQuery } from './request-url.js';
import { matchRoute, type RouteContext, type RouteResult } from './routes.js';

/** The framework-free adapter: one request in, one response out. */
export interface Api {
  /** Answers a request. Never rejects: every failure becomes a JSON error response. */
  handle(request: CoreRequest): Promise<CoreResponse>;
}

const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': JSON_CONTENT_TYPE,
  Vary: 'Accept-Encoding, Accept-Language',
  // Payloads change by the minute and rate headers belong to one key: no shared caching.
  'Cache-Control': 'no-store',
});

/**
 * Authenticates a request and counts it. Returns the rate headers every keyed answer carries;
 * throws 401 (no or unknown key) or 429 (over a limit, headers attached).
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
  const decision = await takeRequest(
    options.counterStore,
    client,
    readClock(options.limitsClock, 'limitsClock'),
  );
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

/** Method, `Accept` and path checks of an admitted request; returns the matched route. */
function route(request: CoreRequest) {
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
  const match = matchRoute(request.path);
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
 * `OPTIONS` → 204 (no key); key → 401; rate limit (counts every keyed request) → 429;
 * method → 405; `Accept` → 406; route → 404; parameters → 400; then the route (404/301/200).
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

  function prepared(cacheKey: string, compute: () => unknown): PreparedJson {
    let body = preparedBodies.get(cacheKey);
    if (body === undefined) {
      body = prepareJson(compute(), options.gzip);
      preparedBodies.set(cacheKey, body);
    }
    return body;
  }

  async function respond(
    status: number,
    headers: Record<string, string>,
    request: CoreRequest,
    body: RouteResult | Uint8Array,
  ) {
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    let bytes: Uint8Array;
    if (body instanceof Uint8Array)
      bytes = gzip ? await options.gzip(body, PER_RESPONSE_GZIP) : body;
    else if (body.kind === 'prepared')
      bytes = gzip ? await body.body.gzipped() : body.body.identity;
    else if (!gzip) return jsonResponse(status, headers, body.value);
    else bytes = await gzipJson(body.value, options.gzip);
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return { status, headers, body: bytes };
  }

  async function answer(request: CoreRequest): Promise<CoreResponse> {
    if (request.method === 'OPTIONS')
      return { status: 204, headers: { ...BASE_HEADERS, ...PREFLIGHT_HEADERS }, body: null };
    let rateHeaders: Readonly<Record<string, string>> = {};
    try {
      const query = readQueryParams(request.query);
      rateHeaders = await admit(options, request, query.get('apikey') ?? []);
      const match = route(request);
      const language = negotiateLanguage(request.headers['accept-language']);
      const context: RouteContext = {
        service: options.service,
        language,
        nowMs: readClock(options.clock, 'clock'),
        prepared,
        relocate(path, replacedParams) {
          const rewritten = rewriteQuery(request.query, replacedParams);
          const base = options.publicBaseUrl ?? request.baseUrl ?? '';
          return `${base}${path}${rewritten === '' ? '' : `?${rewritten}`}`;
        },
      };
      for (const [name, value] of match.pathParams) query.set(name, [value]);
      const result = await match.route.run(query, context);
      return await respond(
        200,
        { ...BASE_HEADERS, ...rateHeaders, 'Content-Language': language },
        request,
        result,
      );
    } catch (thrown) {
      const error = errorResponse(thrown, { ...BASE_HEADERS, ...rateHeaders });
      if (error.unexpected) {
        const url = loggableUrl(request.path, request.query);
        safeLog(options.logger, 'error', 'request failed', {
          method: request.method,
          url,
          error: thrown,
        });
      }
      return respond(error.status, error.headers, request, error.body);
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
        const { status, headers, body } = errorResponse(undefined, BASE_HEADERS);
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

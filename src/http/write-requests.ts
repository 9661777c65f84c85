import type { RateLimitDecision } from '../limits/rate-limiter.js';
import { utf8Bytes } from '../payload/byte-slab.js';
import { formatTimestamp } from '../time/instant.js';
import { BASE_HEADERS, rateHeadersOf } from './answers.js';
import { ApiError } from './api-error.js';
import type { ResolvedApiOptions } from './api-options.js';
import { acceptsGzip, acceptsJson } from './content-negotiation.js';
import type { CoreRequest, CoreResponse } from './core-request.js';
import { PER_RESPONSE_GZIP } from './json-body.js';
import { readQueryParams } from './query-params.js';
import { admitWrite } from './write-access.js';
import type { WriteRoute } from './write-routes.js';

// A write without a query (every sensor's push) has no `apikey` parameter to look up.
const NO_PARAMS: readonly string[] = Object.freeze([]);

/** `Allow` of a write route: the 405 of a `GET` there names these. */
export const WRITE_METHODS = 'POST, OPTIONS';

// A write's answer tells what happened to one request's samples: no cache may keep it.
const WRITE_ANSWER_HEADERS = Object.freeze({
  'Content-Language': 'en',
  'Cache-Control': 'no-store',
});

// The headers of a plain answer to a write key without limits (a sensor's usual push), built
// once rather than spread together for every push.
const UNCOUNTED_WRITE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...BASE_HEADERS,
  ...WRITE_ANSWER_HEADERS,
});

/**
 * Serves one request to a write route, in this order: method (405 but for `POST`), the write
 * key (401/403, 429 for a key with limits), `Accept` (406), then the route reads the body
 * (415/413/400) and stores (200/422, or 403 for an unknown device; 503 when the writer cannot
 * make the write durable). `counted` gets the count's decision, so an error answer shows it.
 * Rejects with what fails; `createApi` turns it into the error answer.
 *
 * @example
 * const serveWrite = createWriteServer(resolveApiOptions({ service, keys: ['r'], writeKeys: ['w'], writer }), readClock);
 * (await serveWrite(WRITE_ROUTES[0], request, {})).status; // 200
 */
export function createWriteServer(
  options: ResolvedApiOptions,
  readClock: (clock: () => number, name: string) => number,
) {
  // The text of the last instant formatted: a sensor fleet's pushes arrive many to the
  // millisecond, and `toISOString` took 0.45 µs of each (in process, Node 20).
  let lastMs = Number.NaN;
  let lastTimestamp = '';
  const timestampOf = (nowMs: number): string => {
    if (nowMs !== lastMs) {
      lastTimestamp = formatTimestamp(nowMs);
      lastMs = nowMs;
    }
    return lastTimestamp;
  };
  return async function serveWrite(
    route: WriteRoute,
    request: CoreRequest,
    counted: { decision?: RateLimitDecision },
  ): Promise<CoreResponse> {
    const { method, headers } = request;
    if (method !== 'POST') {
      const message = `Method ${method} is not allowed; use POST`;
      throw new ApiError('METHOD_NOT_ALLOWED', message, { method }, { Allow: WRITE_METHODS });
    }
    const apikeyParams =
      request.query === ''
        ? NO_PARAMS
        : (readQueryParams(request.query).get('apikey') ?? NO_PARAMS);
    const countedAtMs = readClock(options.limitsClock, 'limitsClock');
    const decision = await admitWrite(
      options,
      request,
      route.credential,
      apikeyParams,
      countedAtMs,
    );
    if (decision !== undefined) counted.decision = decision;
    if (!acceptsJson(headers.accept)) {
      const message = 'Only application/json responses are available';
      throw new ApiError('NOT_ACCEPTABLE', message, { accept: headers.accept });
    }
    const nowMs = readClock(options.clock, 'clock');
    const { writer, maxBodyBytes } = options;
    const timestamp = timestampOf(nowMs);
    // admitWrite let the request through, so the adapter has write keys, and with them a writer.
    const result = await route.run(request, { writer: writer!, nowMs, timestamp, maxBodyBytes });
    const identity = utf8Bytes(result.json, 'sent');
    const gzipped = acceptsGzip(headers['accept-encoding']);
    if (decision === undefined && !gzipped) {
      return { status: result.status, headers: UNCOUNTED_WRITE_HEADERS, body: identity };
    }
    const answerHeaders: Record<string, string> = {
      ...BASE_HEADERS,
      ...rateHeadersOf(decision),
      ...WRITE_ANSWER_HEADERS,
    };
    if (!gzipped) return { status: result.status, headers: answerHeaders, body: identity };
    answerHeaders['Content-Encoding'] = 'gzip';
    const body = await options.gzip(identity, PER_RESPONSE_GZIP);
    return { status: result.status, headers: answerHeaders, body };
  };
}

import { DependencyUnavailableError } from '../model/dependency-unavailable.js';
import { ApiError, type ErrorBody } from './api-error.js';
import { encodeJson, JSON_CONTENT_TYPE } from './json-body.js';

// The one module that writes error answers: the core, the node:http listener's last resort and
// the clientError responder all get their status, headers and JSON bytes from here, so every
// error body has the spec's shape and the same 500 says the same thing wherever it is sent.

/** What the error mapper makes of a thrown value. */
export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** `true` when the thrown value was not an {@link ApiError}: a bug or a failing dependency. */
  readonly unexpected: boolean;
}

/** An error answer ready to send: the UTF-8 JSON of the body and a fresh headers object. */
export interface ErrorResponse extends Omit<MappedError, 'body' | 'headers'> {
  /** A fresh object per answer: a caller may add to it (`Content-Encoding`). */
  readonly headers: Record<string, string>;
  readonly body: Uint8Array;
}

const INTERNAL_ERROR_BODY: ErrorBody = Object.freeze({
  errorCode: 'INTERNAL_SERVER_ERROR',
  message: 'The server failed to answer this request.',
  details: Object.freeze({}),
});

// `Retry-After` of a dependency that is down or past its deadline (the measurement store, the
// rate-limit counters): seconds long enough for a restarted server to be reconnected.
const UNAVAILABLE_HEADERS = Object.freeze({ 'Retry-After': '5' });

// The cause (host names, driver messages) stays in the log; the body names only the dependency.
function unavailableBody(dependency: DependencyUnavailableError['dependency']): ErrorBody {
  const what = dependency === 'counters' ? 'rate-limit counters' : 'measurement store';
  return {
    errorCode: 'SERVICE_UNAVAILABLE',
    message: `The ${what} did not answer in time; retry later.`,
    details: { dependency: dependency === 'counters' ? 'counters' : 'store' },
  };
}

/**
 * The single place that turns anything thrown while answering a request into the spec's error
 * body. An {@link ApiError} keeps its status, code, details and headers; a
 * {@link DependencyUnavailableError} (a store or counter store down or past its deadline)
 * becomes a 503 `SERVICE_UNAVAILABLE` with `Retry-After: 5`; anything else (a bug, a thrown
 * string) becomes a 500. No stack trace or internal message reaches a client.
 *
 * @example
 * mapError(new ApiError('NOT_FOUND', 'No such route')).status; // 404
 * mapError(new DependencyUnavailableError('counters', 'no answer within 2000 ms')).headers; // { 'Retry-After': '5' }
 * mapError(new Error('db down')).body.errorCode; // 'INTERNAL_SERVER_ERROR'
 */
export function mapError(thrown: unknown): MappedError {
  if (thrown instanceof ApiError) {
    const { status, headers } = thrown;
    return { status, body: thrown.toBody(), headers, unexpected: false };
  }
  if (thrown instanceof DependencyUnavailableError) {
    const body = unavailableBody(thrown.dependency);
    return { status: 503, body, headers: UNAVAILABLE_HEADERS, unexpected: true };
  }
  return { status: 500, body: INTERNAL_ERROR_BODY, headers: {}, unexpected: true };
}

/**
 * The error answer of the adapter core. Headers, in this order: `baseHeaders` (the core's
 * CORS, type, `Vary` and rate headers), the error's own (`Location`, `Allow`, `Retry-After`),
 * then `Content-Language: en`, since error messages are never translated. No `Content-Length`:
 * the body may still be gzipped, and each shell frames it.
 *
 * @example
 * const answer = errorResponse(new ApiError('NOT_FOUND', 'No such resource'), { Vary: 'Accept-Encoding' });
 * answer.headers; // { Vary: 'Accept-Encoding', 'Content-Language': 'en' }
 * new TextDecoder().decode(answer.body); // '{"errorCode":"NOT_FOUND","message":"No such resource","details":{}}'
 */
export function errorResponse(
  thrown: unknown,
  baseHeaders: Readonly<Record<string, string>>,
): ErrorResponse {
  const { status, body, headers, unexpected } = mapError(thrown);
  const all = { ...baseHeaders, ...headers, 'Content-Language': 'en' };
  return { status, headers: all, body: encodeJson(body, 'sent'), unexpected };
}

/**
 * The error answer of a shell that writes the bytes itself (the `node:http` listener's last
 * resort, the `clientError` responder): `Content-Type` and `Content-Length` first, then the
 * error's own headers, then `shellHeaders` (CORS, `Connection: close`, ...).
 *
 * @example
 * const answer = framedErrorResponse(new ApiError('REQUEST_TIMEOUT', 'Too slow'), { Connection: 'close' });
 * answer.status; // 408
 * answer.headers; // { 'Content-Type': 'application/json;charset=UTF-8', 'Content-Length': '65', Connection: 'close' }
 */
export function framedErrorResponse(
  thrown: unknown,
  shellHeaders: Readonly<Record<string, string>>,
): ErrorResponse {
  const { status, body: errorBody, headers, unexpected } = mapError(thrown);
  const body = encodeJson(errorBody, 'sent');
  const length = String(body.byteLength);
  const framed = { 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': length, ...headers };
  return { status, headers: { ...framed, ...shellHeaders }, body, unexpected };
}

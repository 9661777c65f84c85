import { ApiError, type ErrorBody } from './api-error.js';

/** What the error mapper makes of a thrown value. */
export interface MappedError {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** `true` when the thrown value was not an {@link ApiError}: a bug or a failing dependency. */
  readonly unexpected: boolean;
}

const INTERNAL_ERROR_BODY: ErrorBody = Object.freeze({
  errorCode: 'INTERNAL_SERVER_ERROR',
  message: 'The server failed to answer this request; it has been logged.',
  details: Object.freeze({}),
});

/**
 * The single place that turns anything thrown while answering a request into the spec's error
 * body. An {@link ApiError} keeps its status, code, details and headers; anything else (a
 * failing store, a bug, a thrown string) becomes a 500 whose body says nothing about the cause,
 * so no stack trace or internal message reaches a client.
 *
 * @example
 * mapError(new ApiError('NOT_FOUND', 'No such route')).status; // 404
 * mapError(new Error('db down')).body.errorCode; // 'INTERNAL_SERVER_ERROR'
 */
export function mapError(thrown: unknown): MappedError {
  if (thrown instanceof ApiError) {
    return {
      status: thrown.status,
      body: thrown.toBody(),
      headers: thrown.headers,
      unexpected: false,
    };
  }
  return { status: 500, body: INTERNAL_ERROR_BODY, headers: {}, unexpected: true };
}

/**
 * Every error code the adapter answers with, and its HTTP status. The spec names only
 * `API_REQUEST_INVALID` and `INSTALLATION_REPLACED`; the others are ours and documented in
 * docs/http.md.
 */
export const ERROR_STATUS = Object.freeze({
  INSTALLATION_REPLACED: 301,
  API_REQUEST_INVALID: 400,
  MALFORMED_REQUEST: 400,
  API_KEY_MISSING: 401,
  API_KEY_INVALID: 401,
  WRITES_DISABLED: 403,
  WRITE_KEY_REQUIRED: 403,
  DEVICE_UNKNOWN: 403,
  NOT_FOUND: 404,
  API_VERSION_RETIRED: 404,
  INSTALLATION_NOT_FOUND: 404,
  NO_INSTALLATION_IN_RANGE: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SAMPLES_REJECTED: 422,
  RATE_LIMIT_EXCEEDED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const);

/** One of the adapter's error codes. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** One rejected query or path parameter of a 400 answer. */
export interface Violation {
  readonly parameter: string;
  readonly message: string;
  /** What was sent: the raw text, `null` when absent, every value when repeated. */
  readonly rejectedValue: string | readonly string[] | null;
}

/** The spec's error body. `details` is always an object. */
export interface ErrorBody {
  readonly errorCode: ErrorCode;
  readonly message: string;
  readonly details: Readonly<Record<string, unknown>>;
}

/**
 * The one error type of the adapter: thrown anywhere in the request pipeline and turned into a
 * response by the error mapper. Its status follows from the code, so the two cannot disagree.
 *
 * @example
 * const e = new ApiError('NOT_FOUND', 'No route for /v3');
 * e.status; // 404
 */
export class ApiError extends Error {
  readonly errorCode: ErrorCode;
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>>;
  /** Extra response headers (for example `Location`, `Allow`, `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    errorCode: ErrorCode,
    message: string,
    details: Readonly<Record<string, unknown>> = {},
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = errorCode;
    this.status = ERROR_STATUS[errorCode];
    this.details = details;
    this.headers = headers;
  }

  /** The JSON body of this error. */
  toBody(): ErrorBody {
    return { errorCode: this.errorCode, message: this.message, details: this.details };
  }
}

/**
 * The 400 error carrying every violation of one request.
 *
 * @example
 * invalidRequest([{ parameter: 'lat', message: 'must be in [-90, 90]', rejectedValue: '200' }]).status; // 400
 */
export function invalidRequest(violations: readonly Violation[]): ApiError {
  const names = violations.map((violation) => violation.parameter).join(', ');
  return new ApiError('API_REQUEST_INVALID', `Invalid request parameters: ${names}`, {
    violations,
  });
}

import { deepFreeze } from '../../model/deep-freeze.js';
import { type JsonSchema, object, ref } from './json-schema.js';

// The error side of the contract: the spec's error body, the headers that go with it and one
// response object per error status. `ERROR_STATUSES` is also how a reader (or the response
// test) finds the answer of a path the document cannot list, such as an unknown one.

const header = (description: string, schema: JsonSchema): JsonSchema => ({ description, schema });
const text = (pattern: string): JsonSchema => ({ type: 'string', pattern });
const RATE_COUNT: JsonSchema = { type: 'integer', minimum: 0 };
const SECONDS: JsonSchema = { type: 'integer', minimum: 1 };

// Every response header the document names, as an OpenAPI header object without `required`.
const HEADERS: Readonly<Record<string, JsonSchema>> = {
  'X-RateLimit-Limit-day': header('Requests per key per UTC day.', RATE_COUNT),
  'X-RateLimit-Remaining-day': header('Requests left today; never below 0.', RATE_COUNT),
  'X-RateLimit-Limit-minute': header('Requests per key per minute.', RATE_COUNT),
  'X-RateLimit-Remaining-minute': header('Requests left this minute; never below 0.', RATE_COUNT),
  'Retry-After': header('Whole seconds until the blocking window resets, at least 1.', SECONDS),
  Location: header(
    'Where the replacement is: the same request with the successor id, absolute when the request said where it was addressed.',
    { type: 'string', format: 'uri-reference' },
  ),
  Allow: header('The methods the adapter answers.', { type: 'string', const: 'GET, OPTIONS' }),
  'Content-Language': header(
    'The negotiated language of translated texts; `en` for errors and untranslated bodies.',
    { type: 'string', enum: ['en', 'pl'] },
  ),
  'Content-Encoding': header('`gzip` when `Accept-Encoding` allows it, errors included.', {
    type: 'string',
    const: 'gzip',
  }),
  'Cache-Control': header('Errors and preflights: no cache may keep them.', {
    type: 'string',
    const: 'no-store',
  }),
  ETag: header(
    'Weak tag of the body (CRC-32 and length in hex); send it back in `If-None-Match` for a 304.',
    text('^W/"[0-9a-f]{8}-[0-9a-f]+"$'),
  ),
};

/**
 * `Cache-Control` of a 200 or 304: private (the answer carries one key's rate headers), kept for
 * the hour on the meta lists and the contract, until the data's validity horizon on
 * Measurements answers, revalidated (`no-cache`) on everything else.
 */
export const CACHEABLE_CACHE_CONTROL: JsonSchema = deepFreeze(
  header(
    '`private, max-age=<seconds>` while the answer is known to hold, else `private, no-cache`.',
    text('^private, (no-cache|max-age=\\d+)$'),
  ),
);

/** The rate headers, sent on every answer to a request with a valid key (429 included). */
export const RATE_HEADER_NAMES: readonly string[] = deepFreeze(
  ['Limit-day', 'Remaining-day', 'Limit-minute', 'Remaining-minute'].map((n) => `X-RateLimit-${n}`),
);

/**
 * `headers` of a response object: `required` names are always sent, `optional` may be. Each
 * header object is written out, since a `$ref` could not carry its `required`.
 *
 * @example
 * responseHeaders(['Allow']).Allow.required; // true
 */
export function responseHeaders(
  required: readonly string[],
  optional: readonly string[] = [],
): Record<string, JsonSchema> {
  const headers: Record<string, JsonSchema> = {};
  for (const name of [...required, ...optional]) {
    const described = HEADERS[name];
    if (described === undefined) throw new RangeError(`responseHeaders: no header ${name}`);
    headers[name] = { ...described, required: required.includes(name) };
  }
  return headers;
}

const VIOLATION_MESSAGE = { type: 'string', examples: ['must be a decimal number in [-90, 90]'] };
const STRING = { type: 'string' };

/** `components.schemas` of the error bodies. */
export const ERROR_SCHEMAS: Readonly<Record<string, JsonSchema>> = deepFreeze({
  ErrorBody: object(
    {
      errorCode: STRING,
      message: { type: 'string', description: 'For people; English.' },
      details: { type: 'object' },
    },
    'The body of every error answer; `details` is always an object.',
  ),
  Violation: object({
    parameter: STRING,
    message: VIOLATION_MESSAGE,
    rejectedValue: {
      description: 'The text sent, `null` when missing, every value when repeated.',
      anyOf: [STRING, { type: 'null' }, { type: 'array', items: STRING }],
    },
  }),
});

/** How one error status is described. */
interface ErrorStatus {
  /** Key of the response in `components.responses`. */
  readonly name: string;
  readonly description: string;
  readonly codes: readonly string[];
  readonly details?: JsonSchema;
  /** Headers of its own, always sent. */
  readonly headers?: readonly string[];
  /** Whether the rate headers are there: not before the key is known; default `always`. */
  readonly rated?: 'never' | 'maybe';
}

/** Every error status of the routes, by status code. */
export const ERROR_STATUSES: Readonly<Record<number, ErrorStatus>> = deepFreeze({
  301: {
    name: 'Replaced',
    description: 'The installation was replaced; `Location` holds the request for its successor.',
    codes: ['INSTALLATION_REPLACED'],
    details: object({ successorId: { type: 'integer', minimum: 1 } }),
    headers: ['Location'],
  },
  400: {
    name: 'InvalidRequest',
    description: 'Invalid parameters; `violations` lists every one.',
    codes: ['API_REQUEST_INVALID'],
    details: object({ violations: { type: 'array', minItems: 1, items: ref('Violation') } }),
  },
  401: {
    name: 'Unauthorized',
    description: 'No API key, or one that is not valid.',
    codes: ['API_KEY_MISSING', 'API_KEY_INVALID'],
    rated: 'never',
  },
  404: {
    name: 'NotFound',
    description:
      'No such installation (or removed without a successor), nothing within `maxDistanceKM`, an unknown path, or `/v1`.',
    codes: [
      'INSTALLATION_NOT_FOUND',
      'NO_INSTALLATION_IN_RANGE',
      'NOT_FOUND',
      'API_VERSION_RETIRED',
    ],
  },
  405: {
    name: 'MethodNotAllowed',
    description: 'Any method but GET and OPTIONS, HEAD included.',
    codes: ['METHOD_NOT_ALLOWED'],
    headers: ['Allow'],
  },
  406: {
    name: 'NotAcceptable',
    description: 'An `Accept` header that rules out `application/json`.',
    codes: ['NOT_ACCEPTABLE'],
  },
  429: {
    name: 'TooManyRequests',
    description: 'Over the day or the minute limit of the key. The request was counted too.',
    codes: ['RATE_LIMIT_EXCEEDED'],
    details: object({
      limit: { type: 'string', enum: ['day', 'minute'] },
      retryAfterSeconds: SECONDS,
    }),
    headers: ['Retry-After'],
  },
  500: {
    name: 'InternalError',
    description: 'Anything unexpected; the body says nothing about the cause.',
    codes: ['INTERNAL_SERVER_ERROR'],
    rated: 'maybe',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A store or rate-limit counter in another process did not answer within its deadline.',
    codes: ['SERVICE_UNAVAILABLE'],
    headers: ['Retry-After'],
    rated: 'maybe',
  },
});

/**
 * The response object of an error status. `keyed: false` is the variant of a keyless route,
 * which never carries rate headers.
 *
 * @example
 * errorResponse(404, true).description; // 'No such installation (or removed …'
 */
export function errorResponse(status: number, keyed: boolean): JsonSchema {
  const described = ERROR_STATUSES[status];
  if (described === undefined) throw new RangeError(`errorResponse: no error status ${status}`);
  const { codes, details } = described;
  const rated = keyed ? (described.rated ?? 'always') : 'never';
  const errorCode = codes.length === 1 ? { const: codes[0] } : { enum: codes };
  return {
    description: described.description,
    headers: responseHeaders(
      [
        'Content-Language',
        ...(described.headers ?? []),
        ...(rated === 'always' ? RATE_HEADER_NAMES : []),
      ],
      ['Content-Encoding', 'Cache-Control', ...(rated === 'maybe' ? RATE_HEADER_NAMES : [])],
    ),
    content: {
      'application/json': {
        schema: {
          allOf: [ref('ErrorBody'), { properties: { errorCode, ...(details && { details }) } }],
        },
      },
    },
  };
}

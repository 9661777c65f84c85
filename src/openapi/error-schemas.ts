import { deepFreeze } from '../model/deep-freeze.js';
import { describedObject, type JsonSchema, object, ref } from './json-schema.js';

// The error side of the contract: the spec's error body, the headers that go with it and one
// response object per error status. `ERROR_STATUSES` is also how a reader (or the response
// test) finds the answer of a path the document cannot list, such as an unknown one.

const COUNT = { type: 'integer', minimum: 0 };
const SECONDS = { type: 'integer', minimum: 1 };
const STRING = { type: 'string' };

// Every response header the document names, as an OpenAPI header object without `required`.
// biome-ignore format: a header a row, its words below its schema
const HEADERS: Readonly<Record<string, JsonSchema>> = {
  'X-RateLimit-Limit-day': { description: 'Requests per key per UTC day.', schema: COUNT },
  'X-RateLimit-Remaining-day': { description: 'Requests left today; never below 0.', schema: COUNT },
  'X-RateLimit-Limit-minute': { description: 'Requests per key per minute.', schema: COUNT },
  'X-RateLimit-Remaining-minute': { description: 'Requests left this minute; never below 0.', schema: COUNT },
  'Retry-After': { description: 'Whole seconds until the blocking window resets, at least 1.', schema: SECONDS },
  Location: { schema: { type: 'string', format: 'uri-reference' },
    description: 'Where the replacement is: the same request with the successor id, absolute when the request said where it was addressed.' },
  Allow: { description: 'The methods the path answers (a preflight names every method of the adapter).',
    schema: { type: 'string', enum: ['GET, OPTIONS', 'POST, OPTIONS', 'GET, POST, OPTIONS'] } },
  'WWW-Authenticate': { description: 'The write key goes in HTTP Basic authentication, as its password.',
    schema: { type: 'string', const: 'Basic realm="airq", charset="UTF-8"' } },
  'Content-Language': { schema: { type: 'string', enum: ['en', 'pl'] },
    description: 'The negotiated language of translated texts; `en` for errors and untranslated bodies.' },
  'Content-Encoding': { schema: { type: 'string', const: 'gzip' },
    description: '`gzip` when `Accept-Encoding` allows it, errors included.' },
  'Cache-Control': { description: 'Errors and preflights: no cache may keep them.', schema: { type: 'string', const: 'no-store' } },
  // The `Cache-Control` of a 200 or 304: private (the answer carries one key's rate headers),
  // kept for the hour on the meta lists and the contract, until the data's validity horizon on
  // Measurements answers, revalidated (`no-cache`) on everything else.
  'Cache-Control (200)': { schema: { type: 'string', pattern: '^private, (no-cache|max-age=\\d+)$' },
    description: '`private, max-age=<seconds>` while the answer is known to hold, else `private, no-cache`.' },
  ETag: { schema: { type: 'string', pattern: '^W/"[0-9a-f]{8}-[0-9a-f]+"$' },
    description: 'Weak tag of the body (CRC-32 and length in hex); send it back in `If-None-Match` for a 304.' },
};

/**
 * `headers` of a response object, in the order given: a name ending in `?` may be sent, any
 * other always is. `Cache-Control (200)` is the `Cache-Control` of a 200 or 304. Each header
 * object is written out, since a `$ref` could not carry its `required`.
 *
 * @example
 * responseHeaders(['Allow', 'Cache-Control?']).Allow.required; // true
 */
export function responseHeaders(names: readonly string[]): Record<string, JsonSchema> {
  const headers: Record<string, JsonSchema> = {};
  for (const name of names) {
    const key = name.replace(/\?$/, '');
    const described = HEADERS[key];
    if (described === undefined) throw new RangeError(`responseHeaders: no header ${name}`);
    const { description, schema } = described;
    headers[key.replace(/ \(.*\)$/, '')] = { description, schema, required: key === name };
  }
  return headers;
}

/**
 * The rate headers, sent on every answer to a request with a valid key (429 included), each
 * name followed by `suffix`.
 *
 * @example
 * rateHeaders('?')[0]; // 'X-RateLimit-Limit-day?'
 */
export const rateHeaders = (suffix: '' | '?' = ''): string[] =>
  ['Limit-day', 'Remaining-day', 'Limit-minute', 'Remaining-minute'].map(
    (name) => `X-RateLimit-${name}${suffix}`,
  );

/** `components.schemas` of the error bodies. */
export const ERROR_SCHEMAS: Readonly<Record<string, JsonSchema>> = deepFreeze({
  ErrorBody: describedObject('The body of every error answer; `details` is always an object.', {
    errorCode: STRING,
    message: { type: 'string', description: 'For people; English.' },
    details: { type: 'object' },
  }),
  Violation: object({
    parameter: STRING,
    message: { type: 'string', examples: ['must be a decimal number in [-90, 90]'] },
    rejectedValue: {
      description: 'The text sent, `null` when missing, every value when repeated.',
      anyOf: [STRING, { type: 'null' }, { type: 'array', items: STRING }],
    },
  }),
});

/** How one error status is described. */
export interface ErrorStatus {
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
// biome-ignore format: a status a row, its words below
export const ERROR_STATUSES: Readonly<Record<number, ErrorStatus>> = deepFreeze({
  301: { name: 'Replaced', codes: ['INSTALLATION_REPLACED'], headers: ['Location'],
    details: object({ successorId: { type: 'integer', minimum: 1 } }),
    description: 'The installation was replaced; `Location` holds the request for its successor.' },
  400: { name: 'InvalidRequest', codes: ['API_REQUEST_INVALID'],
    details: object({ violations: { type: 'array', minItems: 1, items: ref('Violation') } }),
    description: 'Invalid parameters; `violations` lists every one.' },
  401: { name: 'Unauthorized', codes: ['API_KEY_MISSING', 'API_KEY_INVALID'], rated: 'never',
    description: 'No API key, or one that is not valid.' },
  404: { name: 'NotFound', codes: ['INSTALLATION_NOT_FOUND', 'NO_INSTALLATION_IN_RANGE', 'NOT_FOUND', 'API_VERSION_RETIRED'],
    description: 'No such installation (or removed without a successor), nothing within `maxDistanceKM`, an unknown path, or `/v1`.' },
  405: { name: 'MethodNotAllowed', codes: ['METHOD_NOT_ALLOWED'], headers: ['Allow'],
    description: 'Any method but GET and OPTIONS, HEAD included.' },
  406: { name: 'NotAcceptable', codes: ['NOT_ACCEPTABLE'],
    description: 'An `Accept` header that rules out `application/json`.' },
  429: { name: 'TooManyRequests', codes: ['RATE_LIMIT_EXCEEDED'], headers: ['Retry-After'],
    details: object({ limit: { type: 'string', enum: ['day', 'minute'] }, retryAfterSeconds: SECONDS }),
    description: 'Over the day or the minute limit of the key. The request was counted too.' },
  500: { name: 'InternalError', codes: ['INTERNAL_SERVER_ERROR'], rated: 'maybe',
    description: 'Anything unexpected; the body says nothing about the cause.' },
  503: { name: 'ServiceUnavailable', codes: ['SERVICE_UNAVAILABLE'], headers: ['Retry-After'], rated: 'maybe',
    description: 'A store or rate-limit counter in another process did not answer within its deadline.' },
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
  return describedErrorResponse(described, keyed);
}

/**
 * The response object of an error described in place (the write routes' own 400, 401 and
 * 403), as {@link errorResponse} writes those of `ERROR_STATUSES`.
 *
 * @example
 * describedErrorResponse({ name: 'Forbidden', codes: ['WRITES_DISABLED'], description: 'No writes.' }, true);
 */
export function describedErrorResponse(described: ErrorStatus, keyed: boolean): JsonSchema {
  const { codes, details, headers = [] } = described;
  const rated = keyed ? (described.rated ?? 'always') : 'never';
  const names = ['Content-Language', ...headers, ...(rated === 'always' ? rateHeaders('') : [])];
  names.push('Content-Encoding?', 'Cache-Control?', ...(rated === 'maybe' ? rateHeaders('?') : []));
  const errorCode = codes.length === 1 ? { const: codes[0] } : { enum: codes };
  const body = { properties: { errorCode, ...(details === undefined ? {} : { details }) } };
  return {
    description: described.description,
    headers: responseHeaders(names),
    content: { 'application/json': { schema: { allOf: [ref('ErrorBody'), body] } } },
  };
}

import { deepFreeze } from '../model/deep-freeze.js';
import {
  describedErrorResponse,
  type ErrorStatus,
  rateHeaders,
  responseHeaders,
} from './error-schemas.js';
import { type JsonSchema, list, object } from './json-schema.js';

// The write side of the contract: `POST /v2/airq/samples` and `POST /v2/airq/airrohr`, both
// airq extensions. Their bodies, answers and errors are data here; the statuses every route
// shares (405, 406, 429, 500, 503) point at the shared components.

const COUNT = { type: 'integer', minimum: 0 };
const TEXT = { type: 'string' };
const ROW = object({ row: COUNT, reason: TEXT });

const SAMPLE_INPUT = object({
  installationId: { type: 'integer', minimum: 1 },
  name: { type: 'string', examples: ['PM25'] },
  timestamp: {
    type: 'string',
    description: 'ISO 8601; without an offset it is UTC.',
    examples: ['2026-11-21T09:05:00Z'],
  },
  value: { type: 'number', description: 'In the unit of the measurement type.' },
});

const AIRROHR_BODY = object(
  {
    esp8266id: {
      type: 'string',
      description: 'Chip id; the device when there is no `X-Sensor` header.',
    },
    software_version: TEXT,
    sensordatavalues: list(object({ value_type: TEXT, value: { type: ['string', 'number'] } })),
  },
  ['sensordatavalues'],
);

const AIRROHR_OK = object({
  device: { type: 'string', pattern: '^(esp8266|esp32)-\\d+$' },
  installationId: { type: 'integer', minimum: 1 },
  timestamp: {
    type: 'string',
    description: 'The data clock at receipt: every stored value is at it.',
  },
  stored: list(object({ name: TEXT, value: { type: 'number' }, source: TEXT })),
  ignored: list(
    TEXT,
    'Value types airq does not store, and sources a value of the same measurement came before.',
  ),
  skipped: list(
    object({ valueType: TEXT, value: {}, reason: TEXT }),
    'Values that could not be read.',
  ),
});

const WRITE_HEADERS = [
  'Content-Language',
  'Cache-Control',
  'Content-Encoding?',
  ...rateHeaders('?'),
];

function answer(description: string, schema: JsonSchema): JsonSchema {
  return {
    description,
    headers: responseHeaders(WRITE_HEADERS),
    content: { 'application/json': { schema } },
  };
}

// biome-ignore format: a status a row, its words below
const MALFORMED: ErrorStatus = { name: 'MalformedBody', codes: ['MALFORMED_REQUEST'], rated: 'maybe',
  description: 'A body that cannot be read at all (not JSON, not an array, a wrong CSV header, bad gzip, not UTF-8): nothing was stored.' };
// biome-ignore format: a status a row, its words below
const TOO_LARGE: ErrorStatus = { name: 'PayloadTooLarge', codes: ['PAYLOAD_TOO_LARGE'], rated: 'maybe',
  description: 'Larger than the adapter\'s `maxBodyBytes` (`--max-body`, 1 MiB by default), as sent or once decompressed.' };
// biome-ignore format: a status a row, its words below
const MEDIA: ErrorStatus = { name: 'UnsupportedMediaType', codes: ['UNSUPPORTED_MEDIA_TYPE'], rated: 'maybe',
  description: 'Another `Content-Type`, or a `Content-Encoding` other than gzip.' };

function unauthorized(basic: boolean): ErrorStatus {
  return {
    name: 'WriteUnauthorized',
    codes: ['API_KEY_MISSING', 'API_KEY_INVALID'],
    rated: 'never',
    ...(basic ? { headers: ['WWW-Authenticate'] } : {}),
    description: basic
      ? 'No write key as the password of HTTP Basic authentication, or one that is no key.'
      : 'No write key in the `apikey` header, or one that is no key.',
  };
}

function forbidden(device: boolean): ErrorStatus {
  const codes = ['WRITES_DISABLED', 'WRITE_KEY_REQUIRED', ...(device ? ['DEVICE_UNKNOWN'] : [])];
  const why = device ? '; or no installation names the device in its `sensors`' : '';
  return {
    name: 'Forbidden',
    codes,
    rated: 'maybe',
    description: `The adapter takes no writes (no write keys), or the key may only read${why}.`,
  };
}

const shared = (name: string): JsonSchema => ({ $ref: `#/components/responses/${name}` });

// biome-ignore format: a status a row, its words below
const METHOD: ErrorStatus = { name: 'WriteMethodNotAllowed', codes: ['METHOD_NOT_ALLOWED'], headers: ['Allow'], rated: 'never',
  description: 'Any method but POST and OPTIONS; checked before the key.' };
// biome-ignore format: a status a row, its words below
const ACCEPT: ErrorStatus = { name: 'WriteNotAcceptable', codes: ['NOT_ACCEPTABLE'], rated: 'maybe',
  description: 'An `Accept` header that rules out `application/json`.' };

// The statuses every keyed route answers alike (a write key with limits is counted as a read
// key is; one without is not, so its answers carry no rate headers).
const SHARED_ERRORS = {
  '405': describedErrorResponse(METHOD, true),
  '406': describedErrorResponse(ACCEPT, true),
  '429': shared('TooManyRequests'),
  '500': shared('InternalError'),
  '503': shared('ServiceUnavailable'),
};

function errors(basic: boolean): Record<string, JsonSchema> {
  return {
    '400': describedErrorResponse(MALFORMED, true),
    '401': describedErrorResponse(unauthorized(basic), true),
    '403': describedErrorResponse(forbidden(basic), true),
    '413': describedErrorResponse(TOO_LARGE, true),
    '415': describedErrorResponse(MEDIA, true),
    ...SHARED_ERRORS,
  };
}

const CSV_EXAMPLE = 'installationId,name,timestamp,value\n1001,PM25,2026-11-21T09:05:00Z,41.3\n';

/** `post` of the samples route. */
// biome-ignore format: words below their keys
const SAMPLES_POST: JsonSchema = {
  operationId: 'writeSamples', tags: ['live'], 'x-airq-extension': true,
  summary: 'Store samples (airq extension)',
  description: 'An airq extension: the spec does not define this route. Needs a write key in the `apikey` header. Each row is checked as the loaders check it; the valid rows are stored, and the answer comes once they are durable. A sample at a stored installation, name and timestamp replaces its value, so resending after a lost answer does no harm. `Content-Encoding: gzip` is accepted.',
  security: [{ apikeyHeader: [] }],
  requestBody: { required: true, content: {
    'text/csv': { schema: { type: 'string', description: 'Header `installationId,name,timestamp,value`, a sample per line.', examples: [CSV_EXAMPLE] } },
    'application/json': { schema: list(SAMPLE_INPUT) },
  } },
  responses: {
    '200': answer('Every row was stored.', object({ accepted: COUNT, rejected: { type: 'array', maxItems: 0 } })),
    '422': answer('Some rows were rejected (`row`: the 0-based array index in JSON, the 1-based line in CSV, the header being line 1); the others were stored.',
      object({ errorCode: { const: 'SAMPLES_REJECTED' }, message: TEXT, details: { type: 'object' }, accepted: COUNT, rejected: list(ROW, undefined, { minItems: 1 }) })),
    ...errors(false),
  },
};

/** `post` of the airRohr route. */
// biome-ignore format: words below their keys
const AIRROHR_POST: JsonSchema = {
  operationId: 'writeAirRohr', tags: ['live'], 'x-airq-extension': true,
  summary: 'Take an airRohr push (airq extension)',
  description: 'An airq extension: what the airRohr (Sensor.Community) firmware sends to a custom API. The device is `X-Sensor`, else `esp8266-<esp8266id>`; the installation whose `sensors` names it gets the values at the data clock. The write key is the password of HTTP Basic authentication (the `apikey` header works too). 200 whenever the body was read: the firmware drops a reading on any other status.',
  security: [{ basic: [] }, { apikeyHeader: [] }],
  parameters: [{ name: 'X-Sensor', in: 'header', required: false, description: 'The device, `esp8266-<chip id>` or `esp32-<chip id>`.', schema: { type: 'string', examples: ['esp8266-12345678'] } }],
  requestBody: { required: true, content: { 'application/json': { schema: AIRROHR_BODY } } },
  responses: { '200': answer('The body was read: what was stored, ignored and skipped.', AIRROHR_OK), ...errors(true) },
};

/** Path items of the write routes, by path; each with its preflight. */
export function writePathItems(
  preflight: (operationId: string) => JsonSchema,
): Record<string, JsonSchema> {
  return deepFreeze({
    '/v2/airq/samples': { post: SAMPLES_POST, options: preflight('writeSamples') },
    '/v2/airq/airrohr': { post: AIRROHR_POST, options: preflight('writeAirRohr') },
  });
}

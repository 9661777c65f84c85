import { deepFreeze } from '../../model/deep-freeze.js';
import { ALLOWED_METHODS, ALLOWED_REQUEST_HEADERS, PREFLIGHT_MAX_AGE_SECONDS } from '../cors.js';
import { hasDefault, type ParamRules, paramJsonSchema } from '../query-params.js';
import type { Route } from '../route.js';
import {
  CACHEABLE_CACHE_CONTROL,
  ERROR_SCHEMAS,
  ERROR_STATUSES,
  errorResponse,
  RATE_HEADER_NAMES,
  responseHeaders,
} from './error-schemas.js';
import type { JsonSchema } from './json-schema.js';
import {
  KEYED_ERRORS,
  KEYLESS_ERRORS,
  OPERATIONS,
  type OperationText,
  PARAMETER_TEXTS,
} from './operations.js';
import { RESOURCE_SCHEMAS } from './resource-schemas.js';

/** Where the adapter serves the document (no key, not counted). */
export const OPENAPI_PATH = '/v2/openapi.json';

const ACCEPT_LANGUAGE: JsonSchema = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description: '`pl` gives Polish texts; anything else English.',
  schema: { type: 'string', examples: ['pl', 'en-GB,en;q=0.9'] },
};

const IF_NONE_MATCH: JsonSchema = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'Entity tags from earlier answers (or `*`); when one matches the current `ETag` (weak comparison) the answer is a 304 without a body.',
  schema: { type: 'string', examples: ['W/"cbf43926-9"'] },
};

// A request admitted by `countersFailOpen` while the counter store is unavailable was never
// counted, so it has no counts to report: the one case where a keyed 200 or 304 lacks them.
const UNCOUNTED_NOTE =
  'Sent on every answer of a keyed route, except when the adapter runs with `countersFailOpen` and admitted the request uncounted because its counter store was unavailable.';

// Headers of a 200 and of a 304: the tag and the caching rule always, the rate headers on keyed
// routes (optional only for the uncounted case above).
function cacheableHeaders(keyed: boolean, optional: readonly string[]): Record<string, JsonSchema> {
  const headers: Record<string, JsonSchema> = {
    ...responseHeaders(
      ['Content-Language', 'ETag'],
      [...(keyed ? RATE_HEADER_NAMES : []), ...optional],
    ),
    'Cache-Control': { ...CACHEABLE_CACHE_CONTROL, required: true },
  };
  for (const name of keyed ? RATE_HEADER_NAMES : []) {
    const header = headers[name] as JsonSchema;
    headers[name] = { ...header, description: `${header.description} ${UNCOUNTED_NOTE}` };
  }
  return headers;
}

function parametersOf(pattern: string, rules: ParamRules, keyed: boolean): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const description = PARAMETER_TEXTS[name];
    if (description === undefined) {
      throw new Error(`openApiDocument: no description for parameter ${name} of ${pattern}`);
    }
    const inPath = pattern.includes(`{${name}}`);
    parameters.push({
      name,
      in: inPath ? 'path' : 'query',
      required: inPath || !hasDefault(rule),
      description,
      schema: paramJsonSchema(rule),
    });
  }
  return keyed ? [...parameters, ACCEPT_LANGUAGE, IF_NONE_MATCH] : [...parameters, IF_NONE_MATCH];
}

function errorResponses(statuses: readonly number[], keyed: boolean): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const name = ERROR_STATUSES[status]?.name;
    // A keyed route shares the components; a keyless one has its own, without rate headers.
    responses[String(status)] = keyed
      ? { $ref: `#/components/responses/${name}` }
      : errorResponse(status, false);
  }
  return responses;
}

function getOperation(route: Route, text: OperationText): JsonSchema {
  const keyed = !route.keyless;
  return {
    operationId: text.operationId,
    tags: [text.tag],
    summary: text.summary,
    description: text.description,
    ...(keyed ? {} : { security: [] }),
    parameters: parametersOf(route.pattern, route.rules, keyed),
    responses: {
      '200': {
        description: 'OK',
        headers: cacheableHeaders(keyed, ['Content-Encoding']),
        content: { 'application/json': { schema: text.ok } },
      },
      '304': {
        description: 'Not modified: `If-None-Match` named the current `ETag`. No body.',
        headers: cacheableHeaders(keyed, []),
      },
      ...errorResponses([...text.errors, ...(keyed ? KEYED_ERRORS : KEYLESS_ERRORS)], keyed),
    },
  };
}

// Any OPTIONS request, on any path, gets this answer: no key, not counted, no body.
const PREFLIGHT_RESPONSE: JsonSchema = {
  description: 'What a browser may send.',
  headers: {
    'Access-Control-Allow-Methods': { schema: { type: 'string', const: ALLOWED_METHODS } },
    'Access-Control-Allow-Headers': { schema: { type: 'string', const: ALLOWED_REQUEST_HEADERS } },
    'Access-Control-Max-Age': { schema: { type: 'integer', const: PREFLIGHT_MAX_AGE_SECONDS } },
    ...responseHeaders(['Allow'], ['Cache-Control']),
  },
};

function preflightOperation(text: OperationText): JsonSchema {
  return {
    operationId: `${text.operationId}Preflight`,
    tags: [text.tag],
    summary: 'CORS preflight',
    description: 'Any `OPTIONS` request: no key, not counted, no body.',
    security: [],
    responses: { '204': { $ref: '#/components/responses/Preflight' } },
  };
}

/**
 * The OpenAPI 3.1 document of the `/v2` interface, written from a route table: one path per
 * route, its parameters (types, ranges, defaults) from the route's own rules, and every answer
 * with its JSON Schema (2020-12) and headers. Objects are open, as the spec lets new properties
 * appear. Served at `GET /v2/openapi.json` and shipped as `airq/openapi.json`.
 *
 * @param routes - the route table; every pattern needs an entry in `OPERATIONS`
 * @returns a new, deeply frozen document
 * @throws Error when a route or a parameter has no words in `operations.ts`
 * @example
 * openApiDocument(ROUTES).paths['/v2/measurements/point'].get.parameters[0].schema;
 * // { type: 'number', minimum: -90, maximum: 90 }
 */
export function openApiDocument(routes: readonly Route[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const text = OPERATIONS[route.pattern];
    if (text === undefined) throw new Error(`openApiDocument: no operation for ${route.pattern}`);
    paths[route.pattern] = { get: getOperation(route, text), options: preflightOperation(text) };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, described] of Object.entries(ERROR_STATUSES)) {
    responses[described.name] = errorResponse(Number(status), true);
  }
  return deepFreeze({
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Air quality data service (airq reference adapter)',
      version: '2.0',
      description:
        'Read-only: installations, their measurements (current, 24 h history, 24 h forecast) with an air quality index and WHO standards, and the meta lists. Every answer is JSON (`application/json;charset=UTF-8`), errors included; `Accept-Encoding: gzip` compresses any of them. Clients must ignore unknown fields.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: [
      { name: 'installations' },
      { name: 'measurements' },
      { name: 'meta' },
      { name: 'contract' },
    ],
    security: [{ apikeyHeader: [] }, { apikeyQuery: [] }],
    paths,
    components: {
      securitySchemes: {
        apikeyHeader: { type: 'apiKey', in: 'header', name: 'apikey' },
        apikeyQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'apikey',
          description: 'The header wins when both are sent.',
        },
      },
      schemas: { ...RESOURCE_SCHEMAS, ...ERROR_SCHEMAS },
      responses: { ...responses, Preflight: PREFLIGHT_RESPONSE },
    },
  });
}

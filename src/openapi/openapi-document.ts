import { deepFreeze } from '../model/deep-freeze.js';
import * as errors from './error-schemas.js';
import type { JsonSchema } from './json-schema.js';
import * as words from './operations.js';
import { RESOURCE_SCHEMAS } from './resource-schemas.js';
import { writePathItems } from './write-operations.js';

/** Where the adapter serves the document (no key, not counted). */
export const OPENAPI_PATH = '/v2/openapi.json';

/**
 * What the document reads of a route of the adapter (`airq/http`'s `Route` is one): its path
 * pattern, the rules of its parameters and whether it needs a key. Declared here rather than
 * imported, so that the document sits below the adapter that serves it.
 */
export interface DocumentedRoute<Rule> {
  readonly pattern: string;
  readonly rules: Readonly<Record<string, Rule>>;
  readonly keyless: boolean;
}

/**
 * What the document says that only the adapter knows: the JSON Schema of a parameter rule (the
 * one the parser enforces) and the CORS preflight answer.
 */
export interface AdapterFacts<Rule> {
  readonly paramSchema: (rule: Rule) => Record<string, unknown>;
  /** `Access-Control-Allow-Methods` of a preflight, e.g. `'GET, OPTIONS'`. */
  readonly allowedMethods: string;
  /** `Access-Control-Allow-Headers` of a preflight. */
  readonly allowedRequestHeaders: string;
  /** `Access-Control-Max-Age` of a preflight, in seconds. */
  readonly preflightMaxAgeSeconds: number;
}

// Error statuses every keyed route has, and those of a keyless one.
const KEYED_ERRORS = [401, 405, 406, 429, 500, 503];
const KEYLESS_ERRORS = [405, 406, 500];

// A request admitted by `countersFailOpen` while the counter store is unavailable was never
// counted, so it has no counts to report: the one case where a keyed 200 or 304 lacks them.
const UNCOUNTED_NOTE =
  'Sent on every answer of a keyed route, except when the adapter runs with `countersFailOpen` and admitted the request uncounted because its counter store was unavailable.';

// Headers of a 200 and of a 304: the tag and the caching rule always, the rate headers on keyed
// routes (optional only for the uncounted case above).
function cacheableHeaders(keyed: boolean, gzip: boolean): Record<string, JsonSchema> {
  const rated = keyed ? errors.rateHeaders('?') : [];
  const names = ['Content-Language', 'ETag', ...rated, ...(gzip ? ['Content-Encoding?'] : [])];
  const headers = errors.responseHeaders([...names, 'Cache-Control (200)']);
  for (const name of keyed ? errors.rateHeaders() : []) {
    const header = headers[name] as JsonSchema;
    headers[name] = { ...header, description: `${header.description} ${UNCOUNTED_NOTE}` };
  }
  return headers;
}

// A route's query and path parameters, each schema mapped from the rule the parser uses.
function parametersOf<Rule>(
  { pattern, rules, keyless }: DocumentedRoute<Rule>,
  paramSchema: (rule: Rule) => Record<string, unknown>,
): JsonSchema[] {
  const parameters = Object.entries(rules).map(([name, rule]): JsonSchema => {
    const description = words.PARAMETER_TEXTS[name];
    if (description === undefined) {
      throw new Error(`openApiDocument: no description for parameter ${name} of ${pattern}`);
    }
    const inPath = pattern.includes(`{${name}}`);
    const schema = paramSchema(rule);
    const required = inPath || !('default' in schema);
    return { name, in: inPath ? 'path' : 'query', required, description, schema };
  });
  return [...parameters, ...(keyless ? [] : [words.ACCEPT_LANGUAGE]), words.IF_NONE_MATCH];
}

function getOperation<Rule>(
  route: DocumentedRoute<Rule>,
  text: words.OperationText,
  facts: AdapterFacts<Rule>,
): JsonSchema {
  const keyed = !route.keyless;
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'OK',
      headers: cacheableHeaders(keyed, true),
      content: { 'application/json': { schema: text.ok } },
    },
    '304': {
      description: 'Not modified: `If-None-Match` named the current `ETag`. No body.',
      headers: cacheableHeaders(keyed, false),
    },
  };
  // A keyed route shares the components; a keyless one has its own, without rate headers. Integer
  // keys keep ascending order in any object, so 301 lands before 304.
  for (const status of [...text.errors, ...(keyed ? KEYED_ERRORS : KEYLESS_ERRORS)]) {
    const name = errors.ERROR_STATUSES[status]?.name;
    responses[status] = keyed
      ? { $ref: `#/components/responses/${name}` }
      : errors.errorResponse(status, false);
  }
  const { operationId, tag, summary, description } = text;
  const security = keyed ? {} : { security: [] };
  return {
    operationId,
    tags: [tag],
    summary,
    description,
    ...(text.extension === true ? { 'x-airq-extension': true } : {}),
    ...security,
    parameters: parametersOf(route, facts.paramSchema),
    responses,
  };
}

const constant = (type: string, value: unknown): JsonSchema => ({ schema: { type, const: value } });

// Any OPTIONS request, on any path, gets this answer: no key, not counted, no body.
const preflightResponse = (facts: Omit<AdapterFacts<unknown>, 'paramSchema'>): JsonSchema => ({
  description: 'What a browser may send.',
  headers: {
    'Access-Control-Allow-Methods': constant('string', facts.allowedMethods),
    'Access-Control-Allow-Headers': constant('string', facts.allowedRequestHeaders),
    'Access-Control-Max-Age': constant('integer', facts.preflightMaxAgeSeconds),
    ...errors.responseHeaders(['Allow', 'Cache-Control?']),
  },
});

const preflightOperation = ({
  operationId,
  tag,
}: Pick<words.OperationText, 'operationId' | 'tag'>): JsonSchema => ({
  operationId: `${operationId}Preflight`,
  tags: [tag],
  summary: 'CORS preflight',
  description: 'Any `OPTIONS` request: no key, not counted, no body.',
  security: [],
  responses: { '204': { $ref: '#/components/responses/Preflight' } },
});

/**
 * The OpenAPI 3.1 document of the `/v2` interface, written from a route table: one path per
 * route, its parameters (types, ranges, defaults) from the route's own rules, and every answer
 * with its JSON Schema (2020-12) and headers. Objects are open, as the spec lets new properties
 * appear. Served at `GET /v2/openapi.json` and shipped as `airq/openapi.json`.
 *
 * @param routes - the route table; every pattern needs an entry in `OPERATIONS`
 * @param facts - the parameter schemas and CORS answer of the adapter that serves the routes
 * @returns a new, deeply frozen document
 * @throws Error when a route or a parameter has no words in `operations.ts`
 * @example
 * openApiDocument(ROUTES, ADAPTER_FACTS).paths['/v2/measurements/point'].get.parameters[0].schema;
 * // { type: 'number', minimum: -90, maximum: 90 }
 */
export function openApiDocument<Rule>(
  routes: readonly DocumentedRoute<Rule>[],
  facts: AdapterFacts<Rule>,
): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const route of routes) {
    const text = words.OPERATIONS[route.pattern];
    if (text === undefined) throw new Error(`openApiDocument: no operation for ${route.pattern}`);
    const get = getOperation(route, text, facts);
    paths[route.pattern] = { get, options: preflightOperation(text) };
  }
  Object.assign(
    paths,
    writePathItems((operationId) => preflightOperation({ operationId, tag: 'live' })),
  );
  const responses: Record<string, JsonSchema> = {};
  for (const [status, { name }] of Object.entries(errors.ERROR_STATUSES)) {
    responses[name] = errors.errorResponse(Number(status), true);
  }
  return deepFreeze({
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Air quality data service (airq reference adapter)',
      version: '2.0',
      description:
        'Installations, their measurements (current, 24 h history, 24 h forecast) with an air quality index and WHO standards, and the meta lists; with write keys, live samples in (the `live` extensions). Every answer is JSON (`application/json;charset=UTF-8`), errors included; `Accept-Encoding: gzip` compresses any of them. Clients must ignore unknown fields.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: ['installations', 'measurements', 'meta', 'contract', 'live'].map((name) => ({ name })),
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
        basic: {
          type: 'http',
          scheme: 'basic',
          description: 'Write routes: the password is a write key, the user name is free.',
        },
      },
      schemas: { ...RESOURCE_SCHEMAS, ...errors.ERROR_SCHEMAS },
      responses: { ...responses, Preflight: preflightResponse(facts) },
    },
  });
}

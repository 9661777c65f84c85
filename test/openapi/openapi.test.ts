import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/http/api-error.js';
import { createApi } from '../../src/http/create-api.js';
import { parseParams } from '../../src/http/query-params.js';
import { ROUTES, routesDocument } from '../../src/http/routes.js';
import { WRITE_ROUTES } from '../../src/http/write-routes.js';
import { OPENAPI_PATH } from '../../src/openapi/openapi-document.js';
import { coreJson, coreRequest } from '../helpers/http-client.js';
import { createFakeService } from '../helpers/http-fake-service.js';
import { REFERENCE_ALL_INDEX_TYPE_NAMES } from '../helpers/index-reference-tables.js';

// biome-ignore lint/suspicious/noExplicitAny: the assertions walk the document by path.
type Json = Record<string, any>;

const document = routesDocument() as Json;
const ajv = new Ajv2020({ strict: false });

const INDEX_NAMES = REFERENCE_ALL_INDEX_TYPE_NAMES;

// Codes that only the node:http shell's clientError responder writes, never a route.
const SHELL_ONLY_CODES = ['MALFORMED_REQUEST', 'REQUEST_TIMEOUT', 'HEADERS_TOO_LARGE'];

// The error codes the document allows for a status, over every operation that answers it.
function documentedCodes(status: number): string[] {
  const codes = new Set<string>();
  for (const item of Object.values(document.paths as Json)) {
    const response = (item.get ?? item.post).responses[String(status)];
    if (response === undefined) continue;
    const name =
      String(response.$ref ?? '')
        .split('/')
        .pop() ?? '';
    const resolved = response.$ref === undefined ? response : document.components.responses[name];
    const schema = resolved.content['application/json'].schema;
    const errorCode = (schema.allOf?.[1] ?? schema).properties.errorCode;
    for (const code of errorCode.enum ?? [errorCode.const]) codes.add(code);
  }
  return [...codes];
}

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3.1 validator and every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('a broken document fails the same validator (it is not a rubber stamp)', async () => {
    const broken = structuredClone(document);
    broken.paths['/v2/meta/indexes'].get.responses['200'] = { content: 'json' };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has one path per route: GET and OPTIONS for reads, POST and OPTIONS for writes', () => {
    const reads = ROUTES.map((r) => r.pattern);
    const writes = WRITE_ROUTES.map((r) => r.path);
    expect(Object.keys(document.paths).sort()).toEqual([...reads, ...writes].sort());
    for (const path of reads)
      expect(Object.keys(document.paths[path]).sort()).toEqual(['get', 'options']);
    for (const path of writes) {
      expect(Object.keys(document.paths[path]).sort()).toEqual(['options', 'post']);
      expect(document.paths[path].post['x-airq-extension']).toBe(true);
    }
  });

  it('describes every status the issue names, with X-RateLimit-*, Retry-After and Location', () => {
    const get = (path: string) => document.paths[path].get.responses as Json;
    const installation = get('/v2/measurements/installation');
    expect(Object.keys(installation).sort()).toEqual(
      ['200', '301', '304', '400', '401', '404', '405', '406', '429', '500', '503'].sort(),
    );
    const responses = document.components.responses as Json;
    expect(responses.Replaced.headers.Location.required).toBe(true);
    expect(responses.TooManyRequests.headers['Retry-After'].required).toBe(true);
    expect(responses.TooManyRequests.headers['X-RateLimit-Remaining-day'].required).toBe(true);
    expect(responses.ServiceUnavailable.headers['Retry-After'].required).toBe(true);
    expect(responses.Unauthorized.headers['X-RateLimit-Limit-day']).toBeUndefined();
    for (const status of ['200', '304']) {
      expect(installation[status].headers.ETag.required, status).toBe(true);
      expect(installation[status].headers['Cache-Control'].required, status).toBe(true);
      // Always sent, but for a request admitted uncounted by countersFailOpen, which the
      // document says in the header's description.
      for (const name of [
        'X-RateLimit-Limit-day',
        'X-RateLimit-Remaining-day',
        'X-RateLimit-Limit-minute',
        'X-RateLimit-Remaining-minute',
      ]) {
        expect(installation[status].headers[name].required, `${status} ${name}`).toBe(false);
        expect(installation[status].headers[name].description, `${status} ${name}`).toContain(
          'except when the adapter runs with `countersFailOpen`',
        );
      }
    }
    expect(installation['304'].content).toBeUndefined();
    const violations = document.components.schemas.Violation as Json;
    expect(violations.required).toEqual(['parameter', 'message', 'rejectedValue']);
    const invalid = responses.InvalidRequest.content['application/json'].schema.allOf[1];
    expect(invalid.properties.details.required).toEqual(['violations']);
  });

  it('documents every error code of the routes under its own status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      if (SHELL_ONLY_CODES.includes(code)) continue;
      expect(documentedCodes(status), code).toContain(code);
    }
    expect(documentedCodes(503)).toEqual(['SERVICE_UNAVAILABLE']);
  });

  it('takes each parameter from the route rule: where, required, default', () => {
    const point = document.paths['/v2/measurements/point'].get.parameters as Json[];
    expect(point.map((p) => [p.name, p.in, p.required])).toEqual([
      ['lat', 'query', true],
      ['lng', 'query', true],
      ['indexType', 'query', false],
      ['Accept-Language', 'header', false],
      ['If-None-Match', 'header', false],
    ]);
    expect(point[0]?.schema).toEqual({ type: 'number', minimum: -90, maximum: 90 });
    expect(point[2]?.schema).toEqual({ type: 'string', enum: INDEX_NAMES, default: 'VENDOR_CAQI' });
    const nearest = document.paths['/v2/installations/nearest'].get.parameters as Json[];
    expect(nearest.find((p) => p.name === 'maxDistanceKM')?.schema.default).toBe(3);
    expect(nearest.find((p) => p.name === 'maxResults')?.schema).toMatchObject({
      type: 'integer',
      default: 1,
    });
    const one = document.paths['/v2/installations/{installationId}'].get.parameters as Json[];
    expect(one[0]).toMatchObject({ name: 'installationId', in: 'path', required: true });
    expect(document.paths[OPENAPI_PATH].get.security).toEqual([]);
  });
});

// A plain decimal text (the only number syntax the parser takes), fractions of zeros included:
// `maxResults=0.0` once parsed differently from the document's integer (issue 39).
const decimalText = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.integer({ min: 0, max: 400 }),
    fc.option(fc.stringMatching(/^\d{1,3}$/), { nil: undefined }),
  )
  .map(([sign, whole, fraction]) =>
    fraction === undefined ? `${sign}${whole}` : `${sign}${whole}.${fraction}`,
  );

const textArb = fc.oneof(decimalText, fc.constantFrom(...INDEX_NAMES), fc.string({ maxLength: 8 }));

describe('the parameter schemas agree with the parser', () => {
  const rules = ROUTES.flatMap((route) =>
    Object.entries(route.rules).map(([name, rule]) => ({ route: route.pattern, name, rule })),
  );

  it.each(rules)(
    '$route $name: a text parses exactly when its value fits the published schema',
    ({ route, name, rule }) => {
      const { schema } = (document.paths[route].get.parameters as Json[]).find(
        (p) => p.name === name,
      ) as Json;
      const validate = ajv.compile(structuredClone(schema));
      fc.assert(
        fc.property(textArb, (text) => {
          fc.pre(text !== '');
          const numeric = schema.type !== 'string';
          // Texts that are not plain decimals are the parser's business alone (no JSON number).
          fc.pre(!numeric || /^[+-]?\d+(\.\d+)?$/.test(text));
          const value = numeric ? Number(text) : text;
          const parsed = parseParams({ [name]: rule }, new Map([[name, [text]]]));
          expect(parsed.ok, `${name}=${text}`).toBe(validate(value));
        }),
        { numRuns: 1000 },
      );
    },
  );

  it.each(rules)(
    '$route $name: missing is a violation exactly when the document requires it',
    ({ route, name, rule }) => {
      const parameter = (document.paths[route].get.parameters as Json[]).find(
        (p) => p.name === name,
      );
      const parsed = parseParams({ [name]: rule }, new Map());
      expect(parsed.ok).toBe(!parameter?.required);
    },
  );
});

describe('GET /v2/openapi.json', () => {
  const api = createApi({ service: createFakeService(), keys: ['k'], dayLimit: 5 });

  it('needs no key, is not counted and serves the document', async () => {
    const response = await api.handle(coreRequest(OPENAPI_PATH));
    expect(response.status).toBe(200);
    expect(response.headers['X-RateLimit-Remaining-day']).toBeUndefined();
    expect(response.headers['Content-Language']).toBe('en');
    expect(coreJson(response)).toEqual(document);
    const keyed = await api.handle(coreRequest(`${OPENAPI_PATH}?apikey=k`));
    expect(keyed.status).toBe(200);
    const counted = await api.handle(coreRequest('/v2/meta/indexes?apikey=k'));
    expect(counted.headers['X-RateLimit-Remaining-day']).toBe('4');
  });

  it('answers gzip and English whatever Accept-Language says, and 405 to other methods', async () => {
    const headers = { 'accept-encoding': 'gzip', 'accept-language': 'pl' };
    const gzipped = await api.handle(coreRequest(OPENAPI_PATH, { headers }));
    expect(gzipped.headers['Content-Encoding']).toBe('gzip');
    expect(gzipped.headers['Content-Language']).toBe('en');
    expect(coreJson(gzipped)).toEqual(document);
    const post = await api.handle(coreRequest(OPENAPI_PATH, { method: 'POST' }));
    expect(post.status).toBe(405);
    expect(post.headers.Allow).toBe('GET, OPTIONS');
  });
});

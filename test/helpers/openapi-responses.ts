import { gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { CoreRequest, CoreResponse } from '../../src/http/core-request.js';
import type { Api } from '../../src/http/create-api.js';
import { matchRoute } from '../../src/http/route-match.js';
import { routesDocument } from '../../src/http/routes.js';
import { matchWriteRoute } from '../../src/http/write-routes.js';
import { ERROR_STATUSES } from '../../src/openapi/error-schemas.js';
import type { JsonSchema } from '../../src/openapi/json-schema.js';

// Checks adapter answers against the OpenAPI document with Ajv (JSON Schema 2020-12). The
// vitest setup file `openapi-response-hook.ts` wraps every `createApi` of the suite with
// `recordingApi`, and checks what was recorded after each test file: the responses come from
// the tests that already exist, not from a request list of our own.

/** One request and the adapter's answer to it. */
export interface Exchange {
  readonly request: CoreRequest;
  readonly response: CoreResponse;
}

/** Every exchange of the current test file, in order. */
export const recordedExchanges: Exchange[] = [];

/**
 * `api` with every answer also pushed to {@link recordedExchanges}: a copy of the headers as
 * the core sent them, before a shell adds its framing.
 */
export function recordingApi(api: Api): Api {
  return {
    async handle(request) {
      const response = await api.handle(request);
      const { status, body } = response;
      recordedExchanges.push({
        request,
        response: { status, headers: { ...response.headers }, body },
      });
      return response;
    },
  };
}

type Schema = Record<string, unknown>;

// Headers of every answer that the document does not repeat per response: the media type is
// the content's key, and CORS and `Vary` are the same everywhere (described in docs/http.md).
const GENERAL_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
]);

// The published schemas stay open (the spec lets properties appear); for the check every
// object schema is closed, so a field the adapter sends and the document does not name fails.
function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Schema = {};
  for (const [key, member] of Object.entries(value)) copy[key] = closed(member);
  if (copy.type === 'object' && 'properties' in copy && !('additionalProperties' in copy)) {
    copy.unevaluatedProperties = false;
  }
  return copy;
}

function resolve(document: Schema, value: Schema): Schema {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) target = (target as Schema)[part];
  return target as Schema;
}

/** Checks exchanges against one OpenAPI document; `problems` lists what does not match. */
export class ResponseChecker {
  readonly #document: Schema;
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  readonly #validators = new Map<JsonSchema, ValidateFunction>();

  constructor(document: JsonSchema = routesDocument()) {
    this.#document = document as Schema;
  }

  /** What is wrong with one answer (empty when it matches the document). */
  problems({ request, response }: Exchange): string[] {
    const where = `${request.method} ${request.path} → ${response.status}`;
    const declared = this.#responseObject(request, response.status);
    if (declared === undefined) return [`${where}: status not in the document`];
    const problems: string[] = [];
    const sent = new Map(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const headers = (declared.headers ?? {}) as Record<string, Schema>;
    for (const [name, header] of Object.entries(headers)) {
      const value = sent.get(name.toLowerCase());
      if (value === undefined) {
        if (header.required === true) problems.push(`${where}: header ${name} missing`);
        continue;
      }
      const schema = header.schema as JsonSchema;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!this.#validator(schema)(typed)) problems.push(`${where}: header ${name}: ${value}`);
    }
    const listed = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
    for (const name of sent.keys()) {
      if (!listed.has(name) && !GENERAL_HEADERS.has(name)) {
        problems.push(`${where}: header ${name} sent but not in the document`);
      }
    }
    problems.push(...this.#bodyProblems(where, declared, response));
    return problems;
  }

  #bodyProblems(where: string, declared: Schema, response: CoreResponse): string[] {
    const content = declared.content as Record<string, { schema: JsonSchema }> | undefined;
    if (content === undefined) {
      return response.body === null || response.body.byteLength === 0
        ? []
        : [`${where}: a body where the document has none`];
    }
    const type = response.headers['Content-Type'] ?? '';
    const media = content[type.split(';')[0] ?? ''];
    if (media === undefined) return [`${where}: Content-Type ${type} not in the document`];
    if (response.body === null) return [`${where}: no body`];
    const bytes =
      response.headers['Content-Encoding'] === 'gzip'
        ? gunzipSync(response.body)
        : Buffer.from(response.body);
    const validate = this.#validator(media.schema);
    if (validate(JSON.parse(bytes.toString('utf8')))) return [];
    return [`${where}: body ${this.#ajv.errorsText(validate.errors)}`];
  }

  #responseObject(request: CoreRequest, status: number): Schema | undefined {
    const pattern = matchRoute(request.path)?.route.pattern ?? matchWriteRoute(request.path)?.path;
    const paths = this.#document.paths as Record<string, Schema>;
    const pathItem = pattern === undefined ? undefined : paths[pattern];
    if (pathItem === undefined) {
      // A path the document cannot list (unknown, /v1) answers with a shared error response.
      const name = status === 204 ? 'Preflight' : ERROR_STATUSES[status]?.name;
      const shared = (this.#document.components as Schema).responses as Record<string, Schema>;
      return name === undefined ? undefined : shared[name];
    }
    // Any other method is answered as the path's GET (or POST) operation documents (its 405).
    const operation = (pathItem[request.method.toLowerCase()] ??
      pathItem.get ??
      pathItem.post) as Schema;
    const declared = (operation.responses as Record<string, Schema>)[String(status)];
    return declared === undefined ? undefined : resolve(this.#document, declared);
  }

  #validator(schema: JsonSchema): ValidateFunction {
    let validate = this.#validators.get(schema);
    if (validate === undefined) {
      // Schemas refer to `#/components/...`; the components travel along as the root's.
      const root = closed({ ...schema, components: this.#document.components }) as Schema;
      validate = this.#ajv.compile(root);
      this.#validators.set(schema, validate);
    }
    return validate;
  }
}

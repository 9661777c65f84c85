import type { IndexTypeName } from '../indexes/index-table.js';
import { indexTypesMeta } from '../meta/index-types-meta.js';
import { measurementTypesMeta } from '../meta/measurement-types-meta.js';
import type { Language } from '../model/api-types.js';
import type {
  MeasurementsRequestOptions,
  MeasurementsService,
} from '../payload/measurements-service.js';
import { ApiError, invalidRequest } from './api-error.js';
import type { PreparedJson } from './json-body.js';
import type { MaybePromise } from './maybe-promise.js';
import { OPENAPI_PATH, openApiDocument } from './openapi/openapi-document.js';
import {
  INDEX_TYPE,
  INSTALLATION_ID,
  LATITUDE,
  LONGITUDE,
  MAX_DISTANCE_KM,
  MAX_RESULTS,
  type ParamRules,
  type ParsedParams,
  parseParams,
  type RawParams,
} from './query-params.js';

/** What a route answers with on success (always status 200). */
export type RouteResult =
  | { readonly kind: 'json'; readonly value: unknown }
  | {
      readonly kind: 'prepared';
      readonly body: PreparedJson;
      /** `Content-Language` of a body that is not translated; default: the negotiated one. */
      readonly language?: Language;
    }
  /** A Measurements payload, answered through the adapter's response cache. */
  | { readonly kind: 'measurements'; readonly payload: object };

/** What a route handler gets besides its parameters. */
export interface RouteContext {
  readonly service: MeasurementsService;
  readonly nowMs: number;
  readonly language: Language;
  /**
   * The body named `name` in `language`, computed by `compute` the first time and reused after
   * (the meta lists). `compute` is a function made once, not per request.
   */
  prepared(
    name: string,
    language: Language,
    compute: (language: Language) => unknown,
  ): PreparedJson;
  /** `Location` of the same request for another path, with query parameters replaced. */
  relocate(path: string, replacedParams: Readonly<Record<string, string>>): string;
}

/** A route's parameters after parsing, defaults filled in. */
export type RouteParams = Readonly<Record<string, unknown>>;

/** A route of the table: its path pattern and how to run it. */
export interface Route {
  /** Pattern with `{name}` path parameters, e.g. `/v2/installations/{installationId}`. */
  readonly pattern: string;
  readonly segments: readonly string[];
  /**
   * Whether its answers go through the response cache (the Measurements routes), keyed by
   * {@link Route.cacheKey}.
   */
  readonly cached: boolean;
  /** Its query and path parameters; the OpenAPI document is written from these. */
  readonly rules: ParamRules;
  /** `true` for a route that needs no key and is not counted (the OpenAPI document). */
  readonly keyless: boolean;
  /** Checks and reads the route's parameters; throws the 400 with every violation. */
  parse(raw: RawParams): RouteParams;
  /** The parsed parameters as text, equal exactly when the answers are (language aside). */
  cacheKey(params: RouteParams): string;
  /** Computes the answer; a prepared body (the meta lists) is there at once. */
  run(params: RouteParams, context: RouteContext): MaybePromise<RouteResult>;
}

function defineRoute<R extends ParamRules>(
  pattern: string,
  rules: R,
  handle: (params: ParsedParams<R>, context: RouteContext) => MaybePromise<RouteResult>,
  cached = false,
): Route {
  const names = Object.keys(rules);
  return Object.freeze({
    pattern,
    segments: Object.freeze(pattern.split('/').filter((segment) => segment !== '')),
    rules: Object.freeze({ ...rules }),
    keyless: false,
    cached,
    parse(raw: RawParams): RouteParams {
      const parsed = parseParams(rules, raw);
      if (!parsed.ok) throw invalidRequest(parsed.violations);
      return parsed.values;
    },
    cacheKey(params: RouteParams): string {
      let key = pattern;
      for (const name of names) key += `|${String(params[name])}`;
      return key;
    },
    run(params: RouteParams, context: RouteContext): MaybePromise<RouteResult> {
      // The values came from `parse` with these very rules.
      return handle(params as ParsedParams<R>, context);
    },
  });
}

/** The same route, answered without a key and not counted. */
function keyless(route: Route): Route {
  return Object.freeze({ ...route, keyless: true });
}

function json(value: unknown): RouteResult {
  return { kind: 'json', value };
}

function measurements(payload: object): RouteResult {
  return { kind: 'measurements', payload };
}

function requestOptions(
  context: RouteContext,
  indexType: IndexTypeName,
): MeasurementsRequestOptions {
  return { now: context.nowMs, indexType, language: context.language };
}

function replaced(successorId: number, location: string): ApiError {
  return new ApiError(
    'INSTALLATION_REPLACED',
    `The installation was replaced; query installation ${successorId} instead`,
    { successorId },
    { Location: location },
  );
}

function installationNotFound(installationId: number): ApiError {
  return new ApiError(
    'INSTALLATION_NOT_FOUND',
    `Installation ${installationId} does not exist or was removed`,
    {
      installationId,
    },
  );
}

const NEAREST_SEARCH = { lat: LATITUDE, lng: LONGITUDE, maxDistanceKM: MAX_DISTANCE_KM } as const;

/**
 * The `/v2` route table, most specific first (`installations/nearest` before
 * `installations/{installationId}`). Each entry declares its parameters; parsing, defaults and
 * violations are shared.
 */
export const ROUTES: readonly Route[] = Object.freeze([
  defineRoute(
    '/v2/installations/nearest',
    { ...NEAREST_SEARCH, maxResults: MAX_RESULTS },
    async ({ lat, lng, maxDistanceKM, maxResults }, context) =>
      json(await context.service.nearestInstallations(lat, lng, { maxDistanceKM, maxResults })),
  ),
  defineRoute(
    '/v2/installations/{installationId}',
    { installationId: INSTALLATION_ID },
    async ({ installationId }, context) => {
      const lookup = await context.service.findInstallation(installationId);
      if (lookup.status === 'active') return json(lookup.installation);
      if (lookup.status === 'replaced') {
        throw replaced(
          lookup.successorId,
          context.relocate(`/v2/installations/${lookup.successorId}`, {}),
        );
      }
      throw installationNotFound(installationId);
    },
  ),
  defineRoute(
    '/v2/measurements/installation',
    { installationId: INSTALLATION_ID, indexType: INDEX_TYPE },
    async ({ installationId, indexType }, context) => {
      const result = await context.service.installationMeasurements(
        installationId,
        requestOptions(context, indexType),
      );
      if (result.status === 'ok') return measurements(result.payload);
      if (result.status === 'replaced') {
        const installationId = String(result.successorId);
        throw replaced(
          result.successorId,
          context.relocate('/v2/measurements/installation', { installationId }),
        );
      }
      throw installationNotFound(installationId);
    },
    true,
  ),
  defineRoute(
    '/v2/measurements/nearest',
    { ...NEAREST_SEARCH, indexType: INDEX_TYPE },
    async (params, context) => {
      const { lat, lng, maxDistanceKM, indexType } = params;
      const result = await context.service.nearestMeasurements(
        lat,
        lng,
        { maxDistanceKM },
        requestOptions(context, indexType),
      );
      if (result.status === 'ok') return measurements(result.payload);
      const within = maxDistanceKM < 0 ? 'at all' : `within ${maxDistanceKM} km`;
      throw new ApiError(
        'NO_INSTALLATION_IN_RANGE',
        `No active installation ${within} of ${lat}, ${lng}`,
        {
          lat,
          lng,
          maxDistanceKM,
        },
      );
    },
    true,
  ),
  defineRoute(
    '/v2/measurements/point',
    { lat: LATITUDE, lng: LONGITUDE, indexType: INDEX_TYPE },
    async ({ lat, lng, indexType }, context) =>
      measurements(
        await context.service.pointMeasurements(lat, lng, requestOptions(context, indexType)),
      ),
    true,
  ),
  defineRoute('/v2/meta/indexes', {}, (_params, context) => ({
    kind: 'prepared',
    body: context.prepared('indexes', context.language, indexTypesMeta),
  })),
  defineRoute('/v2/meta/measurements', {}, (_params, context) => ({
    kind: 'prepared',
    body: context.prepared('measurements', context.language, measurementTypesMeta),
  })),
  keyless(
    defineRoute(OPENAPI_PATH, {}, (_params, context) => ({
      kind: 'prepared',
      body: context.prepared('openapi', 'en', describeRoutes),
      language: 'en',
    })),
  ),
]);

// The OpenAPI document of the route table, in English whatever the request's language.
function describeRoutes(): unknown {
  return openApiDocument(ROUTES);
}

/** A matched route and the raw values of its path parameters. */
export interface RouteMatch {
  readonly route: Route;
  readonly pathParams: ReadonlyMap<string, string>;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const NO_PATH_PARAMS: ReadonlyMap<string, string> = new Map();

/**
 * The matches of the table's parameterless patterns, by exact path, for a lookup without
 * splitting. A pattern is taken only if the table itself would match it to its own route
 * (no earlier parameterised route catches it).
 */
function fixedMatches(routes: readonly Route[]): ReadonlyMap<string, RouteMatch> {
  const matches = new Map<string, RouteMatch>();
  for (const route of routes) {
    if (route.pattern.includes('{')) continue;
    if (scanRoutes(route.pattern, routes)?.route !== route) continue;
    matches.set(route.pattern, Object.freeze({ route, pathParams: NO_PATH_PARAMS }));
  }
  return matches;
}

const ROUTE_BY_FIXED_PATH = fixedMatches(ROUTES);

/**
 * Finds the route of a raw path. Trailing slashes are ignored (`/v2/meta/indexes/` is
 * `/v2/meta/indexes`); any other difference, including empty segments, is no match. A path
 * that is exactly a parameterless pattern of the default table is one `Map` lookup.
 *
 * @example
 * matchRoute('/v2/installations/42/')?.pathParams.get('installationId'); // '42'
 * matchRoute('/v2/nothing'); // undefined
 */
export function matchRoute(
  path: string,
  routes: readonly Route[] = ROUTES,
): RouteMatch | undefined {
  if (routes === ROUTES) {
    const fixed = ROUTE_BY_FIXED_PATH.get(path);
    if (fixed !== undefined) return fixed;
  }
  return scanRoutes(path, routes);
}

function scanRoutes(path: string, routes: readonly Route[]): RouteMatch | undefined {
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  if (!path.startsWith('/')) return undefined;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const pathParams = new Map<string, string>();
    const matches = route.segments.every((pattern, position) => {
      const segment = segments[position] ?? '';
      if (pattern.startsWith('{') && pattern.endsWith('}')) {
        pathParams.set(pattern.slice(1, -1), decodeSegment(segment));
        return segment !== '';
      }
      return pattern === segment;
    });
    if (matches) return { route, pathParams };
  }
  return undefined;
}

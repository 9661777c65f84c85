// What a route of the `/v2` table is, and how one is declared: its pattern, its parameter rules
// and its handler. The table itself is in routes.ts, the matching of a path in route-match.ts.
import type { Language } from '../model/api-types.js';
import type { FreshnessHorizon, MeasurementsService } from '../payload/measurements-service.js';
import { invalidRequest } from './api-error.js';
import type { PreparedJson } from './json-body.js';
import { type ParamRules, type ParsedParams, parseParams, type RawParams } from './query-params.js';

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
  | {
      readonly kind: 'measurements';
      readonly payload: object;
      readonly freshness: FreshnessHorizon | undefined;
      /** The network route's elements as JSON texts, in order (`NetworkResult.elementJson`). */
      readonly elementJson?: readonly string[];
    };

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
  /** Computes the answer. */
  run(params: RouteParams, context: RouteContext): Promise<RouteResult>;
}

/**
 * Declares a route: parameters are parsed and checked by `rules`, then `handle` runs. With
 * `cached`, its answers go through the adapter's response cache.
 *
 * @example
 * defineRoute('/v2/meta/indexes', {}, async (_params, context) => ({ kind: 'json', value: context.language }));
 */
export function defineRoute<R extends ParamRules>(
  pattern: string,
  rules: R,
  handle: (params: ParsedParams<R>, context: RouteContext) => Promise<RouteResult>,
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
    run(params: RouteParams, context: RouteContext): Promise<RouteResult> {
      // The values came from `parse` with these very rules.
      return handle(params as ParsedParams<R>, context);
    },
  });
}

/**
 * The same route, answered without a key and not counted.
 *
 * @example
 * keyless(defineRoute('/v2/openapi.json', {}, handler)).keyless; // true
 */
export function keyless(route: Route): Route {
  return Object.freeze({ ...route, keyless: true });
}

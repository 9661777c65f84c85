import type { Language } from '../model/api-types.js';
import type { MeasurementsService } from '../payload/measurements-service.js';
import type { CoreRequest } from './core-request.js';
import type { PreparedJson } from './json-body.js';
import type { ParsedTarget } from './parsed-targets.js';
import type { ClientLimits, RateLimitDecision } from './rate-limiter.js';
import { rewriteQuery } from './request-url.js';
import type { RouteContext } from './route.js';
import type { RouteMatch } from './route-match.js';

/** What every request of one adapter shares: its service, base URL and prepared bodies. */
export interface ExchangeScope {
  readonly service: MeasurementsService;
  /** Without a trailing slash; `undefined` when not configured. */
  readonly publicBaseUrl: string | undefined;
  prepared(
    name: string,
    language: Language,
    compute: (language: Language) => unknown,
  ): PreparedJson;
}

/** No values: what a request without an `apikey` query parameter presents there. */
export const NO_VALUES: readonly string[] = Object.freeze([]);

/**
 * One request on its way through the adapter core, filled in step by step: what the later
 * steps and a failure's answer need to know. It is also the route's `RouteContext`. The steps
 * are functions declared once that take the exchange as their argument (see `whenReady` and
 * `recover`), so a request costs this one object rather than a closure and its context per
 * step.
 *
 * @example
 * const exchange = new Exchange({ method: 'GET', path: '/v2/meta/indexes', query: '', headers: {} }, scope);
 * exchange.decision; // undefined until the request is counted
 */
export class Exchange implements RouteContext {
  readonly request: CoreRequest;
  /** The parsed query, when the target was not parsed before. */
  query: Map<string, string[]> | undefined = undefined;
  /** The route of the path, if any. */
  found: RouteMatch | undefined = undefined;
  /** The target as parsed before, when it was. */
  target: ParsedTarget | undefined = undefined;
  /** The client its key identified; `undefined` before that, or on a keyless route. */
  client: ClientLimits | undefined = undefined;
  /** The limits clock's reading when the request was counted, epoch milliseconds. */
  countedAtMs: number | undefined = undefined;
  /** The count's decision; `undefined` before counting, or when not counted. */
  decision: RateLimitDecision | undefined = undefined;
  /** The negotiated language. */
  language: Language = 'en';
  /** The response cache's key of the answer (the Measurements routes). */
  responseKey = '';
  /** The adapter clock's reading for this request, epoch milliseconds. */
  nowMs = 0;
  readonly #scope: ExchangeScope;

  constructor(request: CoreRequest, scope: ExchangeScope) {
    this.request = request;
    this.#scope = scope;
  }

  get service(): MeasurementsService {
    return this.#scope.service;
  }

  prepared(
    name: string,
    language: Language,
    compute: (language: Language) => unknown,
  ): PreparedJson {
    return this.#scope.prepared(name, language, compute);
  }

  relocate(path: string, replacedParams: Readonly<Record<string, string>>): string {
    const rewritten = rewriteQuery(this.request.query, replacedParams);
    const base = this.#scope.publicBaseUrl ?? this.request.baseUrl ?? '';
    return `${base}${path}${rewritten === '' ? '' : `?${rewritten}`}`;
  }
}

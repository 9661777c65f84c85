import type { Language } from '../model/api-types.js';
import type { CoreRequest } from './core-request.js';
import type { ParsedTarget } from './parsed-targets.js';
import type { RateLimitDecision } from './rate-limiter.js';
import type { RouteMatch } from './routes.js';

/** No values: what a request without an `apikey` query parameter presents there. */
export const NO_VALUES: readonly string[] = Object.freeze([]);

/**
 * One request on its way through the adapter core, filled in step by step: what the later
 * steps and a failure's answer need to know. The steps are functions declared once that take
 * the exchange as their argument (see `whenReady` and `recover`), so a request costs this one
 * object rather than a closure and its context per step.
 *
 * @example
 * const exchange = new Exchange({ method: 'GET', path: '/v2/meta/indexes', query: '', headers: {} });
 * exchange.decision; // undefined until the request is counted
 */
export class Exchange {
  readonly request: CoreRequest;
  /** The parsed query, when the target was not parsed before. */
  query: Map<string, string[]> | undefined = undefined;
  /** The route of the path, if any. */
  found: RouteMatch | undefined = undefined;
  /** The target as parsed before, when it was. */
  target: ParsedTarget | undefined = undefined;
  /** The count's decision; `undefined` before counting, or when not counted. */
  decision: RateLimitDecision | undefined = undefined;
  /** The negotiated language. */
  language: Language = 'en';
  /** The adapter clock's reading for this request, epoch milliseconds. */
  nowMs = 0;
  /** The response cache's key of the answer (the Measurements routes). */
  responseKey = '';

  constructor(request: CoreRequest) {
    this.request = request;
  }
}

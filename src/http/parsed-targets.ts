import type { Language } from '../model/api-types.js';
import type { RouteParams } from './route.js';
import type { RouteMatch } from './route-match.js';

/** How many request targets the adapter keeps parsed, at most. */
export const MAX_PARSED_TARGETS = 1024;

// A longer target is parsed each time: the memory it would hold outweighs the parse.
const MAX_KEPT_TARGET_LENGTH = 512;

/**
 * A request target (path and query) whose route and parameters were read once: everything of
 * a request's answer that depends on nothing but its target.
 */
export class ParsedTarget {
  readonly match: RouteMatch;
  readonly params: RouteParams;
  readonly #cacheKey: string;
  // The response cache's key per language, built once: a new string per request would also
  // be hashed again by every lookup.
  readonly #responseKeys: Partial<Record<Language, string>> = {};

  constructor(match: RouteMatch, params: RouteParams) {
    this.match = match;
    // Shared by every later request of this target: a route must not change them.
    this.params = Object.freeze(params);
    this.#cacheKey = match.route.cached ? match.route.cacheKey(params) : '';
  }

  /** The response cache's key of this target's answer in `language`. */
  responseKey(language: Language): string {
    this.#responseKeys[language] ??= `${this.#cacheKey}|${language}`;
    return this.#responseKeys[language];
  }
}

/**
 * The targets the adapter has parsed, so that a repeated request skips the query parsing, the
 * route match and the parameter checks. A target is parsed by a pure function of its path and
 * query, so a kept one is always right. Only targets that parsed without error are kept, never
 * one whose query carries an API key (a presented key is kept only with its connection), and
 * at most {@link MAX_PARSED_TARGETS}: when full, the whole set is dropped and refills with
 * the targets in use.
 *
 * @example
 * const targets = new ParsedTargets();
 * targets.lookup('/v2/meta/indexes', '');  // undefined
 * targets.keep('/v2/meta/indexes', '', new Map(), new ParsedTarget(match, params));
 * targets.lookup('/v2/meta/indexes', '');  // the ParsedTarget
 */
export class ParsedTargets {
  // By path, then by query: two lookups of strings the request already has, no joined key.
  readonly #byPath = new Map<string, Map<string, ParsedTarget>>();
  #count = 0;

  /** The kept target of `path` and `query`, if any. */
  lookup(path: string, query: string): ParsedTarget | undefined {
    return this.#byPath.get(path)?.get(query);
  }

  /**
   * Keeps `target` as the parse of `path` and `query`, whose parameters were `queryParams`;
   * not when they carry an `apikey`, nor when the target is too long to be worth it.
   */
  keep(
    path: string,
    query: string,
    queryParams: ReadonlyMap<string, readonly string[]>,
    target: ParsedTarget,
  ): void {
    if (queryParams.has('apikey') || path.length + query.length > MAX_KEPT_TARGET_LENGTH) return;
    let byQuery = this.#byPath.get(path);
    // A target kept already (two requests of it parsed side by side while their counters were
    // awaited) is no new one: only a new target may start the set over.
    if (this.#count >= MAX_PARSED_TARGETS && byQuery?.has(query) !== true) {
      this.#byPath.clear();
      this.#count = 0;
      byQuery = undefined;
    }
    if (byQuery === undefined) {
      byQuery = new Map();
      this.#byPath.set(path, byQuery);
    }
    if (!byQuery.has(query)) this.#count += 1;
    byQuery.set(query, target);
  }
}

import type { Language } from '../model/api-types.js';
import { LANGUAGES } from '../model/api-types.js';
import type { RouteParams } from './route.js';
import type { RouteMatch } from './route-match.js';

// Clients ask the same few URLs again and again: a dashboard polls its installation, a page its
// point, a sensor its route. Reading a query, matching a path and checking parameters is pure in
// the request target, so what it gave is kept here by path and query, and a repeat skips it; so
// is the response cache's key in each language, one string object that the cache then finds
// without hashing a new text. Measured on a kept answer: two fifths of what the adapter spent on
// it, and 5.5 of the 43.5 µs of CPU a request cost in `node:http` (docs/design.md, the
// mechanisms table).
// Only targets that parsed are kept: a refused one is parsed, and refused, every time.

/** What the route table made of one request target: its route, parameters and cache keys. */
export interface ParsedTarget {
  readonly match: RouteMatch;
  /** The parsed parameters (path parameters included); never modified by a route. */
  readonly params: RouteParams;
  /** The values of the `apikey` query parameter, in order (none: empty). */
  readonly apikeyParams: readonly string[];
  /** The response cache's key in each language for a cached route; `undefined` for the others. */
  readonly cacheKeys: Readonly<Record<Language, string>> | undefined;
}

/** Targets kept at most; past this the whole memory is dropped and filled again. */
export const MAX_PARSED_TARGETS = 1024;

/**
 * The longest target kept (path and query together), in UTF-16 code units: a longer one is
 * parsed every time.
 */
export const MAX_KEPT_TARGET_CHARS = 1024;

/**
 * The response cache's keys of a cached route's parameters text, one per language.
 *
 * @example
 * cacheKeysOf('/v2/measurements/installation|1'); // { en: '/v2/…|1|en', pl: '/v2/…|1|pl' }
 */
export function cacheKeysOf(paramsKey: string): Readonly<Record<Language, string>> {
  const keys = {} as Record<Language, string>;
  for (const language of LANGUAGES) keys[language] = `${paramsKey}|${language}`;
  return Object.freeze(keys);
}

/**
 * A bounded memory of parsed request targets, one per adapter. It never holds more than
 * {@link MAX_PARSED_TARGETS} targets of at most {@link MAX_KEPT_TARGET_CHARS} characters each:
 * when full it is emptied at once, which costs a stream of distinct URLs one parse each, as
 * without it, and spares the bookkeeping of an LRU on every hit.
 *
 * @example
 * const targets = new ParsedTargets();
 * targets.get('/v2/meta/indexes', ''); // undefined, until `keep` was called with them
 */
export class ParsedTargets {
  // By path, then by query: two lookups of the request's own strings, no text joined per request.
  readonly #byPath = new Map<string, Map<string, ParsedTarget>>();
  #size = 0;

  /** What `keep` stored for this path and query, if anything. */
  get(path: string, query: string): ParsedTarget | undefined {
    return this.#byPath.get(path)?.get(query);
  }

  /**
   * Keeps a target that parsed (too long a target is not kept) and returns it as kept: frozen,
   * so that the first request and every repeat see the very same values.
   */
  keep(path: string, query: string, parsed: ParsedTarget): ParsedTarget {
    const frozen = Object.freeze({ ...parsed, params: Object.freeze({ ...parsed.params }) });
    if (path.length + query.length > MAX_KEPT_TARGET_CHARS) return frozen;
    if (this.#size >= MAX_PARSED_TARGETS) {
      this.#byPath.clear();
      this.#size = 0;
    }
    let byQuery = this.#byPath.get(path);
    if (byQuery === undefined) {
      byQuery = new Map();
      this.#byPath.set(path, byQuery);
    }
    if (!byQuery.has(query)) this.#size++;
    byQuery.set(query, frozen);
    return frozen;
  }

  /** Targets kept now. */
  get size(): number {
    return this.#size;
  }
}

import type { Route } from './route.js';
import { ROUTES } from './routes.js';

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

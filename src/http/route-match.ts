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

/**
 * Finds the route of a raw path. Trailing slashes are ignored (`/v2/meta/indexes/` is
 * `/v2/meta/indexes`); any other difference, including empty segments, is no match.
 *
 * @example
 * matchRoute('/v2/installations/42/')?.pathParams.get('installationId'); // '42'
 * matchRoute('/v2/nothing'); // undefined
 */
export function matchRoute(
  path: string,
  routes: readonly Route[] = ROUTES,
): RouteMatch | undefined {
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

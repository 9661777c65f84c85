import { ApiError } from './api-error.js';
import { acceptsJson } from './content-negotiation.js';
import type { CoreRequest } from './core-request.js';
import { ALLOWED_METHODS } from './cors.js';
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
 * Finds the route of a raw path. Trailing slashes are ignored (`/v2/meta/indexes/` is
 * `/v2/meta/indexes`); any other difference, including empty segments, is no match.
 *
 * @example
 * matchRoute('/v2/installations/42/')?.pathParams.get('installationId'); // '42'
 * matchRoute('/v2/nothing'); // undefined
 */
export function matchRoute(path: string): RouteMatch | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = (path.endsWith('/') ? path.replace(/\/+$/, '') : path).split('/');
  for (const route of ROUTES) {
    if (route.segments.length !== segments.length - 1) continue;
    let matches = true;
    for (let i = 0; matches && i < route.segments.length; i++) {
      const pattern = route.segments[i] ?? '';
      const segment = segments[i + 1] ?? '';
      matches = pattern.startsWith('{') ? segment !== '' : pattern === segment;
    }
    if (matches) return { route, pathParams: pathParamsOf(route, segments) };
  }
  return undefined;
}

function pathParamsOf(route: Route, segments: readonly string[]): ReadonlyMap<string, string> {
  if (!route.pattern.includes('{')) return NO_PATH_PARAMS;
  const pathParams = new Map<string, string>();
  route.segments.forEach((pattern, i) => {
    const segment = segments[i + 1] ?? '';
    if (pattern.startsWith('{')) pathParams.set(pattern.slice(1, -1), decodeSegment(segment));
  });
  return pathParams;
}

/**
 * The method, `Accept` and path checks of an admitted request, in the spec's order: 405, 406,
 * then 404 (`API_VERSION_RETIRED` for `/v1`, else `NOT_FOUND`). Returns the matched route.
 *
 * @throws ApiError with the status of the first check that fails
 * @example
 * checkedRoute({ method: 'POST', path: '/v2/meta/indexes', query: '', headers: {} }, match); // throws 405
 */
export function checkedRoute(request: CoreRequest, match: RouteMatch | undefined): RouteMatch {
  const { method, path, headers } = request;
  if (method !== 'GET') {
    const message = `Method ${method} is not allowed; use GET`;
    throw new ApiError('METHOD_NOT_ALLOWED', message, { method }, { Allow: ALLOWED_METHODS });
  }
  if (!acceptsJson(headers.accept)) {
    const message = 'Only application/json responses are available';
    throw new ApiError('NOT_ACCEPTABLE', message, { accept: headers.accept });
  }
  if (match !== undefined) return match;
  if (/^\/v1(?:\/|$)/.test(path)) {
    const message = 'API v1 has been retired since 2019-02-28; use /v2';
    throw new ApiError('API_VERSION_RETIRED', message, { retiredOn: '2019-02-28' });
  }
  throw new ApiError('NOT_FOUND', 'No such resource', { path });
}

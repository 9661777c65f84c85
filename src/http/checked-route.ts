import { ApiError } from './api-error.js';
import { acceptsJson } from './content-negotiation.js';
import type { CoreRequest } from './core-request.js';
import { ALLOWED_METHODS } from './cors.js';
import type { RouteMatch } from './route-match.js';

/**
 * The method, `Accept` and path checks of an admitted request, in the spec's order: 405, 406,
 * then 410 for the retired `/v1` or 404. Returns the matched route.
 *
 * @throws ApiError with the status of the first check that fails
 * @example
 * checkedRoute({ method: 'POST', path: '/v2/meta/indexes', query: '', headers: {} }, match); // throws 405
 */
export function checkedRoute(request: CoreRequest, match: RouteMatch | undefined): RouteMatch {
  if (request.method !== 'GET') {
    const message = `Method ${request.method} is not allowed; use GET`;
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      message,
      { method: request.method },
      { Allow: ALLOWED_METHODS },
    );
  }
  if (!acceptsJson(request.headers.accept)) {
    throw new ApiError('NOT_ACCEPTABLE', 'Only application/json responses are available', {
      accept: request.headers.accept,
    });
  }
  if (match !== undefined) return match;
  if (/^\/v1(?:\/|$)/.test(request.path)) {
    throw new ApiError('API_VERSION_RETIRED', 'API v1 has been retired since 2019-02-28; use /v2', {
      retiredOn: '2019-02-28',
    });
  }
  throw new ApiError('NOT_FOUND', 'No such resource', { path: request.path });
}

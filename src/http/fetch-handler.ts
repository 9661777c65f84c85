import type { CoreRequest } from './core-request.js';
import type { Api } from './create-api.js';
import { payloadTooLarge, readLimitedStream } from './request-body.js';

/** A Web Fetch handler: a `Request` in, a promised `Response` out. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Converts a Web `Request` to the core's request.
 *
 * @example
 * toCoreRequestFromFetch(new Request('http://h/v2/meta/indexes?x=1')); // { method: 'GET', path: '/v2/meta/indexes', query: 'x=1', … }
 */
export function toCoreRequestFromFetch(request: Request): CoreRequest {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  // Header names of a Headers object are already lower-case and repeats already joined.
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    baseUrl: url.origin,
    readBody(maxBytes) {
      if (Number(headers['content-length']) > maxBytes) {
        return Promise.reject(payloadTooLarge(maxBytes));
      }
      return request.body === null
        ? Promise.resolve(new Uint8Array(0))
        : readLimitedStream(request.body, maxBytes);
    },
  };
}

/**
 * Wraps the adapter core as a Web Fetch handler.
 *
 * @example
 * Deno.serve(createFetchHandler(createApi({ service, keys: ['demo'] })));
 * // Hono: app.all('/v2/*', (c) => handler(c.req.raw))
 */
export function createFetchHandler(api: Api): FetchHandler {
  return async (request) => {
    const answer = await api.handle(toCoreRequestFromFetch(request));
    // A 204 must not carry a body; a Uint8Array body is sent as is (already gzipped if asked).
    const body = answer.status === 204 || answer.body === null ? null : answer.body;
    // The core's bytes never live in a SharedArrayBuffer, which is all the DOM type rules out.
    return new Response(body as Uint8Array<ArrayBuffer> | null, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

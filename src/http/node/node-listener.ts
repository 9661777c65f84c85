import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreRequest, CoreResponse } from '../core-request.js';
import type { Api } from '../create-api.js';
import { framedErrorResponse } from '../error-mapper.js';
import { requestBaseUrl } from '../request-url.js';
import { readNodeBody } from './node-body.js';

/** A `node:http` request listener; also an Express / Connect middleware (it never calls next). */
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

// The last-resort answer's headers beside type and length (what it has always sent).
const FALLBACK_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  Vary: 'Accept-Encoding, Accept-Language',
});

const EMPTY_BODY = new Uint8Array(0);

function splitUrl(url: string): { path: string; query: string } {
  let target = url;
  // Absolute-form request targets (`GET http://host/v2/... HTTP/1.1`) are legal; keep the path.
  if (!target.startsWith('/')) {
    try {
      const parsed = new URL(target);
      target = `${parsed.pathname}${parsed.search}`;
    } catch {
      return { path: target, query: '' };
    }
  }
  const at = target.indexOf('?');
  return at < 0
    ? { path: target, query: '' }
    : { path: target.slice(0, at), query: target.slice(at + 1) };
}

// Express strips its mount path from `url` and keeps the full one in `originalUrl`; the
// difference is needed so that a `Location` points back through the mount.
function mountPath(request: IncomingMessage, url: string): string {
  const originalUrl: unknown = (request as IncomingMessage & { originalUrl?: unknown }).originalUrl;
  if (typeof originalUrl !== 'string' || originalUrl === url || !originalUrl.endsWith(url))
    return '';
  const mount = originalUrl.slice(0, originalUrl.length - url.length);
  return /^\/[^?#]*$/.test(mount) ? mount.replace(/\/+$/, '') : '';
}

/**
 * Converts a Node request to the core's request. `baseUrl` comes from the `Host` header (and an
 * Express mount path); it is `undefined` when the header is absent or malformed.
 *
 * @example
 * toCoreRequest(req); // { method: 'GET', path: '/v2/meta/indexes', query: 'x=1', headers: {...}, baseUrl: 'http://127.0.0.1:8080' }
 */
export function toCoreRequest(request: IncomingMessage): CoreRequest {
  const url = request.url ?? '/';
  const headers = joinedHeaders(request.headers);
  const encrypted = (request.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const scheme = encrypted ? 'https' : 'http';
  return {
    method: request.method ?? 'GET',
    ...splitUrl(url),
    headers,
    baseUrl: requestBaseUrl(scheme, headers.host, mountPath(request, url)),
    readBody: (maxBytes) => readNodeBody(request, maxBytes),
  };
}

// Node joins repeated headers itself, except the few it keeps as arrays (`set-cookie`): only
// then is a copy made.
function joinedHeaders(raw: IncomingMessage['headers']): Readonly<Record<string, string>> {
  let joined = true;
  for (const name in raw) if (Array.isArray(raw[name])) joined = false;
  if (joined) return raw as Readonly<Record<string, string>>;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Wraps the adapter core as a `node:http` listener: `http.createServer(createNodeListener(api))`,
 * or `app.use('/airq', createNodeListener(api))` in Express. The listener never throws; a
 * failure after the response started only destroys that one connection.
 *
 * @example
 * http.createServer(createNodeListener(createApi({ service, keys: ['demo'] }))).listen(8080);
 */
export function createNodeListener(api: Api): NodeListener {
  return (request, response) => {
    let answer: Promise<CoreResponse>;
    try {
      answer = api.handle(toCoreRequest(request));
    } catch {
      // A custom Api may throw before its promise exists: the same last resort as a rejection.
      fail(response);
      return;
    }
    // Our core's promise is taken as it is (wrapping it in another one cost a promise and two
    // more turns of the microtask queue per request); anything else is made a promise.
    Promise.resolve(answer).then(
      (settled) => write(response, settled),
      () => fail(response),
    );
  };
}

function write(response: ServerResponse, answer: CoreResponse): void {
  try {
    if (response.headersSent || response.destroyed) return;
    if (answer.status === 304) {
      // No body and no Content-Length: a 304's length would be the unsent representation's.
      response.writeHead(304, answer.headers);
      response.end();
      return;
    }
    const chunks = answer.bodyChunks ?? [answer.body ?? EMPTY_BODY];
    let length = 0;
    for (const chunk of chunks) length += chunk.byteLength;
    // A flat name, value list: Node writes it as is, and another Api's headers object (shared
    // between its answers, or frozen) is never changed.
    const head: string[] = [];
    for (const name in answer.headers) head.push(name, answer.headers[name] ?? '');
    head.push('Content-Length', String(length));
    response.writeHead(answer.status, head);
    // Corked, the head and every piece (three at most, or the runs of a network body) leave in one writev; `end` uncorks.
    response.cork();
    for (let i = 0; i < chunks.length - 1; i++) response.write(chunks[i]);
    response.end(chunks[chunks.length - 1]);
  } catch {
    fail(response);
  }
}

// Whatever failed here (a rejecting custom Api, a header Node refuses to write) is a bug, since
// the core never rejects: a plain 500, whatever was thrown, or a dropped connection once the
// answer has started.
function fail(response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const fallback = framedErrorResponse(undefined, FALLBACK_HEADERS);
  response.writeHead(fallback.status, fallback.headers);
  response.end(fallback.body);
}

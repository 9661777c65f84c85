/**
 * The framework-free request and response of the adapter core. Every runtime shell (the
 * `node:http` listener, the Web Fetch handler) converts its own objects to and from these, so
 * the core can be tested without a socket and mounted anywhere.
 */

/** An HTTP request as the core sees it. */
export interface CoreRequest {
  /** Upper-case HTTP method, e.g. `GET`. */
  readonly method: string;
  /** The raw (still percent-encoded) path without the query, e.g. `/v2/meta/indexes/`. */
  readonly path: string;
  /** The raw query string without the leading `?` (empty when there is none). */
  readonly query: string;
  /** Request headers with lower-case names; repeated headers already joined with `, `. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * `scheme://host[:port][/mount]` of the request as the client addressed it, used to build an
   * absolute `Location`. Absent or `undefined` when unknown (then `Location` is a path). Read
   * only for a redirect, so a shell may compute it lazily (a getter).
   */
  readonly baseUrl?: string | undefined;
  /**
   * Reads the request's body, as sent (still compressed when `Content-Encoding` says so), and
   * rejects with the adapter's 413 (`payloadTooLarge`) as soon as it exceeds `maxBytes`. Only
   * the write routes call it, once. Absent: the request has no body.
   */
  readonly readBody?: ((maxBytes: number) => Promise<Uint8Array>) | undefined;
}

/** An HTTP response produced by the core. */
export interface CoreResponse {
  readonly status: number;
  /** Header names in their canonical case, values already serialised. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact bytes to send (already gzip-compressed when `Content-Encoding` says so). */
  readonly body: Uint8Array | null;
  /**
   * The same bytes as `body` in pieces, when the core has them so (a cached Measurements body:
   * the request's own bounds of `current`, the kept rest and, gzipped, the trailer). A shell
   * that can write pieces (the `node:http` listener) sends these, and `body` is then never
   * joined: allocating and copying a whole body per answer cost more than the rest of a cached
   * answer (docs/design.md). Pieces are shared between responses: never modify them.
   */
  readonly bodyChunks?: readonly Uint8Array[];
}

/** Minimal structured logger; `console` and most logging libraries fit it. */
export interface ApiLogger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** What the adapter tells a {@link GzipFunction} about a body. */
export interface GzipOptions {
  /**
   * `fast` (the default) for a body compressed for one response; `best` for one compressed
   * once and sent many times (the meta lists). An implementation may ignore it.
   */
  readonly effort?: 'fast' | 'best';
}

/**
 * Compresses a body with gzip. The default uses the Web `CompressionStream` (present in Node 20,
 * Deno, Bun, browsers and workers), which has no levels; on Node pass `createNodeGzip()` from
 * `airq/http/node` (`node:zlib`, level 1 per request, 9 for bodies compressed once).
 */
export type GzipFunction = (bytes: Uint8Array, options?: GzipOptions) => Promise<Uint8Array>;

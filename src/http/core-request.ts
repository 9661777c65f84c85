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
   * absolute `Location`. Absent when unknown (then `Location` is a path).
   */
  readonly baseUrl?: string;
}

/** An HTTP response produced by the core. */
export interface CoreResponse {
  readonly status: number;
  /** Header names in their canonical case, values already serialised. */
  readonly headers: Readonly<Record<string, string>>;
  /** The exact bytes to send (already gzip-compressed when `Content-Encoding` says so). */
  readonly body: Uint8Array | null;
}

/** Minimal structured logger; `console` and most logging libraries fit it. */
export interface ApiLogger {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/**
 * Compresses a body with gzip. The default uses the Web `CompressionStream` (present in Node 20,
 * Deno, Bun and workers); a Node server may pass a `node:zlib` based one.
 */
export type GzipFunction = (bytes: Uint8Array) => Promise<Uint8Array>;

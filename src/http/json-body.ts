import type { BytesLifetime } from '../payload/byte-slab.js';
import { encodeJsonWithParts, joinChunks } from '../payload/json-parts.js';
import type { CoreResponse, GzipFunction, GzipOptions } from './core-request.js';
import { weakEntityTag } from './entity-tag.js';

/** The `Content-Type` of every response, errors included. */
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

/** The gzip options of a body compressed for one response only (prepared ones ask for `best`). */
export const PER_RESPONSE_GZIP: GzipOptions = Object.freeze({ effort: 'fast' });

/**
 * Serialises a JSON body to UTF-8 bytes, exactly as `JSON.stringify` would. Payload parts that
 * the measurements service shares between responses (an hour's history and forecast) carry
 * their serialised bytes, which are copied instead of serialised again.
 *
 * @param lifetime - `kept` (default) for a body that is kept (the response cache, a prepared
 *   body); `sent` for the body of one answer, which a short one shares a slab for
 * @example
 * new TextDecoder().decode(encodeJson({ a: 1 })); // '{"a":1}'
 */
export function encodeJson(value: unknown, lifetime: BytesLifetime = 'kept'): Uint8Array {
  return encodeJsonWithParts(value, lifetime);
}

/**
 * A 200 whose body is sent in pieces: `bodyChunks` for shells that write pieces, `body` joined
 * on first read for the others. Pieces may be shared with other responses.
 *
 * @example
 * const response = piecedResponse(200, headers, [head, sharedTail]);
 * response.body.byteLength === head.byteLength + sharedTail.byteLength; // true
 */
export function piecedResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
  chunks: readonly Uint8Array[],
): CoreResponse {
  if (chunks.length === 1) return { status, headers, body: chunks[0]! }; // length checked
  return new PiecedResponse(status, headers, chunks);
}

// A class, not an object literal with a getter: the answer of every cached Measurements request
// is one of these, and V8 builds class instances with a getter faster.
class PiecedResponse implements CoreResponse {
  #joined: Uint8Array | undefined;
  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    readonly bodyChunks: readonly Uint8Array[],
  ) {}

  get body(): Uint8Array {
    this.#joined ??= joinChunks(this.bodyChunks);
    return this.#joined;
  }
}

/**
 * gzip with the Web `CompressionStream`, available in Node 20, Deno, Bun and workers alike, so
 * the core needs no `node:zlib`.
 *
 * @example
 * zlib.gunzipSync(await webGzip(encodeJson({ a: 1 }))).toString(); // '{"a":1}'
 */
export function webGzip(bytes: Uint8Array): Promise<Uint8Array> {
  return compressWith('gzip', bytes);
}

/**
 * Raw DEFLATE with the Web `CompressionStream`: its `deflate` format (the zlib wrapper, which
 * every runtime offers, unlike `deflate-raw`) with the 2-byte header and the 4-byte Adler-32
 * trailer cut off. The default `deflateRaw` of `createApi` when `gzip` is the default too.
 *
 * @example
 * zlib.inflateRawSync(await webDeflateRaw(encodeJson({ a: 1 }))).toString(); // '{"a":1}'
 */
export async function webDeflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const wrapped = await compressWith('deflate', bytes);
  return wrapped.subarray(2, wrapped.byteLength - 4);
}

async function compressWith(format: 'gzip' | 'deflate', bytes: Uint8Array): Promise<Uint8Array> {
  const compression = new CompressionStream(format);
  const writer = compression.writable.getWriter();
  // Not awaited on their own: the reader below drains the stream, which lets the writes finish.
  const written = writer.write(new Uint8Array(bytes)).then(() => writer.close());
  const [compressed] = await Promise.all([
    new Response(compression.readable).arrayBuffer(),
    written,
  ]);
  return new Uint8Array(compressed);
}

/** A JSON body serialised once, with its weak tag and its gzip form made on first demand. */
export interface PreparedJson {
  readonly identity: Uint8Array;
  readonly etag: string;
  gzipped(): Promise<Uint8Array>;
}

/**
 * Serialises a body that many responses share (the meta lists), so each later request only
 * copies bytes. The gzip promise is created once: simultaneous first requests share it.
 *
 * @example
 * const meta = prepareJson([{ name: 'PM25' }], webGzip);
 * meta.gzipped() === meta.gzipped(); // true: one compression, shared
 */
export function prepareJson(value: unknown, gzip: GzipFunction): PreparedJson {
  const identity = encodeJson(value);
  let compressed: Promise<Uint8Array> | undefined;
  return {
    identity,
    etag: weakEntityTag(identity),
    gzipped() {
      compressed ??= gzip(identity, { effort: 'best' }).catch((error: unknown) => {
        // A failed compression must not poison the cache for every later request.
        compressed = undefined;
        throw error;
      });
      return compressed;
    },
  };
}

import { argumentError } from '../../arguments/describe-value.js';
import { joinChunks } from '../../payload/json-parts.js';
import { ChunkGzip } from '../chunk-gzip.js';
import type { ChunkedGzipFunction, GzipOptions } from '../core-request.js';

type NodeZlib = typeof import('node:zlib');

/** Options of {@link createNodeGzip}. */
export interface NodeGzipOptions {
  /**
   * zlib level for bodies compressed per request (`effort: 'fast'`, the default effort).
   * Default 1: on a Measurements payload clearly less CPU than level 6 for a somewhat larger
   * body (bench/RESULTS.md has the figures).
   */
  readonly fastLevel?: number;
  /** zlib level for bodies compressed once and reused (`effort: 'best'`, the meta lists). Default 9. */
  readonly bestLevel?: number;
  /**
   * Bodies up to this many bytes are compressed on the calling thread; larger ones on libuv's
   * thread pool. Default 65536: for a small body the trip to the pool and back costs more CPU
   * than the compression itself.
   */
  readonly syncMaxBytes?: number;
  /**
   * Whether `gzipChunks` reuses the compressed shared pieces of a body. Default true: most of
   * a Measurements payload is then compressed once per hour instead of per request, for a body
   * a little larger than one compressed whole. false joins the pieces and compresses them as
   * one body at `fastLevel`.
   */
  readonly keepPieces?: boolean;
}

/**
 * The `node:zlib` gzip for `createApi({ gzip })` on Node (also Bun and Deno): several times
 * cheaper than the default Web `CompressionStream`, and with a level per effort. `node:zlib`
 * is found through `process.getBuiltinModule` (Node ≥ 20.16) when the function is created, so
 * the module itself imports nothing from Node.
 *
 * Its `gzipChunks` takes a body in pieces (a Measurements payload whose history and forecast
 * the service shares for the hour) and does not compress it as a whole: each shared piece is
 * deflated once, at `bestLevel`, and kept, the small per-request pieces go in uncompressed
 * ({@link ChunkGzip}). The result is about as small as level 1 over the whole body, for a
 * fraction of the work per response. It needs `zlib.crc32` (Node ≥ 20.15); without it, or
 * with `keepPieces: false`, the pieces are joined and compressed as one body.
 *
 * @throws TypeError when the runtime offers no `node:zlib`; RangeError for a bad option
 * @example
 * const api = createApi({ service, keys: ['demo'], gzip: createNodeGzip() });
 * zlib.gunzipSync(await createNodeGzip()(new TextEncoder().encode('{"a":1}'))).toString(); // '{"a":1}'
 */
export function createNodeGzip(options: NodeGzipOptions = {}): ChunkedGzipFunction {
  const { fastLevel = 1, bestLevel = 9, syncMaxBytes = 65_536, keepPieces = true } = options;
  const name = 'createNodeGzip';
  checkZlibLevel(name, 'options.fastLevel', fastLevel);
  checkZlibLevel(name, 'options.bestLevel', bestLevel);
  if (!Number.isSafeInteger(syncMaxBytes) || syncMaxBytes < 0) {
    const expectation = 'must be a non-negative integer';
    throw argumentError(RangeError, name, 'options.syncMaxBytes', expectation, syncMaxBytes);
  }
  if (typeof keepPieces !== 'boolean') {
    throw argumentError(TypeError, name, 'options.keepPieces', 'must be a boolean', keepPieces);
  }
  const zlib = nodeZlib();
  const gzip = (bytes: Uint8Array, gzipOptions?: GzipOptions): Promise<Uint8Array> => {
    const level = gzipOptions?.effort === 'best' ? bestLevel : fastLevel;
    if (bytes.byteLength <= syncMaxBytes) return settle(() => zlib.gzipSync(bytes, { level }));
    return new Promise<Uint8Array>((resolve, reject) => {
      zlib.gzip(bytes, { level }, (error, compressed) =>
        error === null ? resolve(compressed) : reject(error),
      );
    });
  };
  const { crc32 } = zlib;
  if (!keepPieces || typeof crc32 !== 'function') {
    return Object.assign(gzip, {
      gzipChunks: (chunks: readonly Uint8Array[]) => gzip(joinChunks(chunks)),
    });
  }
  const chunkGzip = new ChunkGzip({
    // A sync flush ends a piece byte-aligned and not final, so more blocks may follow.
    deflateRawFlushed: (bytes) =>
      zlib.deflateRawSync(bytes, {
        level: bestLevel,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }),
    crc32: (bytes, crc) => crc32(bytes, crc),
  });
  return Object.assign(gzip, {
    gzipChunks: (chunks: readonly Uint8Array[]) => settle(() => chunkGzip.gzip(chunks)),
  });
}

function settle(compress: () => Uint8Array): Promise<Uint8Array> {
  try {
    return Promise.resolve(compress());
  } catch (error) {
    return Promise.reject(error);
  }
}

function nodeZlib(): NodeZlib {
  const host = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const zlib =
    typeof host?.getBuiltinModule === 'function'
      ? (host.getBuiltinModule('node:zlib') as NodeZlib | undefined)
      : undefined;
  if (typeof zlib?.gzip !== 'function' || typeof zlib.gzipSync !== 'function') {
    throw new TypeError(
      'createNodeGzip: this runtime offers no node:zlib through process.getBuiltinModule (needs Node >= 20.16, Bun or Deno); use webGzip',
    );
  }
  return zlib;
}

// A zlib level. Unlike the shared numeric checks, a value of the wrong type is a RangeError too:
// createNodeGzip has always answered so.
function checkZlibLevel(functionName: string, parameterName: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 9) {
    const expectation = 'must be an integer in [0, 9]';
    throw argumentError(RangeError, functionName, parameterName, expectation, value);
  }
}

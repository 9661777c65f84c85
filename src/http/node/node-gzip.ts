import * as zlib from 'node:zlib';
import { argumentError } from '../../arguments/describe-value.js';
import type { GzipFunction, GzipOptions } from '../core-request.js';
import type { DeflateRaw } from '../spliced-gzip.js';

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
}

/**
 * The `node:zlib` gzip for `createApi({ gzip })` on Node (also Bun and Deno): several times
 * cheaper than the default Web `CompressionStream`, and with a level per effort. Works on every
 * Node release from 20.0 (this subpath is Node-only by design).
 *
 * @throws RangeError for a bad option
 * @example
 * const api = createApi({ service, keys: ['demo'], gzip: createNodeGzip() });
 * zlib.gunzipSync(await createNodeGzip()(new TextEncoder().encode('{"a":1}'))).toString(); // '{"a":1}'
 */
export function createNodeGzip(options: NodeGzipOptions = {}): GzipFunction {
  const { fastLevel = 1, bestLevel = 9, syncMaxBytes = 65_536 } = options;
  const name = 'createNodeGzip';
  checkZlibLevel(name, 'options.fastLevel', fastLevel);
  checkZlibLevel(name, 'options.bestLevel', bestLevel);
  checkSyncMaxBytes(name, syncMaxBytes);
  return async (bytes: Uint8Array, gzipOptions?: GzipOptions): Promise<Uint8Array> => {
    const level = gzipOptions?.effort === 'best' ? bestLevel : fastLevel;
    if (bytes.byteLength <= syncMaxBytes) return zlib.gzipSync(bytes, { level });
    return new Promise<Uint8Array>((resolve, reject) => {
      zlib.gzip(bytes, { level }, (error, compressed) =>
        error === null ? resolve(compressed) : reject(error),
      );
    });
  };
}

/**
 * Raw DEFLATE with `node:zlib` (the same levels and thread rule as {@link createNodeGzip}),
 * for `createApi({ deflateRaw })`: a cached Measurements body is compressed once and each gzip
 * answer only adds its own bounds of `current` as stored bytes.
 *
 * @throws RangeError for a bad option
 * @example
 * createApi({ service, keys: ['demo'], gzip: createNodeGzip(), deflateRaw: createNodeDeflateRaw() });
 */
export function createNodeDeflateRaw(options: NodeGzipOptions = {}): DeflateRaw {
  const { fastLevel = 1, bestLevel = 9, syncMaxBytes = 65_536 } = options;
  const name = 'createNodeDeflateRaw';
  checkZlibLevel(name, 'options.fastLevel', fastLevel);
  checkZlibLevel(name, 'options.bestLevel', bestLevel);
  checkSyncMaxBytes(name, syncMaxBytes);
  return async (bytes, gzipOptions) => {
    const level = gzipOptions?.effort === 'best' ? bestLevel : fastLevel;
    // A network answer of 10,000 installations is about 2 MB: ~100 ms at level 9, which on the
    // calling thread would hold every other request that long.
    if (bytes.byteLength <= syncMaxBytes) return zlib.deflateRawSync(bytes, { level });
    return new Promise<Uint8Array>((resolve, reject) => {
      zlib.deflateRaw(bytes, { level }, (error, compressed) =>
        error === null ? resolve(compressed) : reject(error),
      );
    });
  };
}

function checkSyncMaxBytes(functionName: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    const expectation = 'must be a non-negative integer';
    throw argumentError(RangeError, functionName, 'options.syncMaxBytes', expectation, value);
  }
}

// A zlib level. Unlike the shared numeric checks, a value of the wrong type is a RangeError too:
// createNodeGzip has always answered so.
function checkZlibLevel(functionName: string, parameterName: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 9) {
    const expectation = 'must be an integer in [0, 9]';
    throw argumentError(RangeError, functionName, parameterName, expectation, value);
  }
}

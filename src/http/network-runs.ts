import type { NetworkBodyParts } from '../payload/network-body.js';
import type { GzipOptions } from './core-request.js';
import { crc32, crc32Combine, crc32ShiftOperator } from './crc32.js';
import { joinableDeflate } from './joinable-deflate.js';
import { type DeflateRaw, joinedGzip } from './spliced-gzip.js';

/**
 * Elements per run of a network body. Measured on the 10,000 installations of
 * bench/network.bench.ts at zlib level 9, a gzip answer after one late sample (the least CPU
 * of five rounds on a loaded machine, the kept answer 0.26–0.29 ms in the same runs): runs of
 * 32 elements 0.98 ms and 337 KB, 64 1.12 ms and 299 KB, 128 1.27 ms and 281 KB, 256 1.94 ms
 * and 272 KB, against 259 KB for the body compressed whole. Smaller runs compress less per
 * change but start their Huffman codes and window afresh more often; 128 costs 9% more bytes.
 */
export const RUN_ELEMENTS = 128;

const encoder = new TextEncoder();

// A run of consecutive elements, with its own bytes and CRC, and its DEFLATE once asked for.
interface Run {
  readonly opening: string;
  readonly elements: readonly string[];
  readonly closing: string;
  readonly bytes: Uint8Array;
  readonly crc: number;
  /** `crc32ShiftOperator` of the run's length. */
  readonly shift: number;
  /** Joinable raw DEFLATE (joinable-deflate.ts), compressed on the first gzip answer. */
  deflated: Promise<Uint8Array> | undefined;
}

/**
 * A network body (network-body.ts) kept in runs of {@link RUN_ELEMENTS} elements: the opening
 * and the first elements, then a comma and the next ones, …, the last run ending with the
 * closing. Each run keeps its UTF-8 bytes, their CRC-32 and, once a gzip answer asks, its
 * joinable DEFLATE; a body built after a change takes every run of the previous body whose
 * elements are the same (one `===` per element: the kept strings) and serialises and
 * compresses only the others. The gzip answer is one member: the header, the runs' streams,
 * an empty final block and a trailer whose CRC is combined from the runs'.
 *
 * @example
 * const runs = NetworkRuns.of(networkBodyParts(payload)!, previous?.runs);
 * joinChunks(runs.chunks); // the bytes of JSON.stringify(payload)
 * await runs.gzip(deflateRaw, { effort: 'best' }); // one gzip member of those bytes
 */
export class NetworkRuns {
  readonly #runs: readonly Run[];
  #gzip: Promise<Uint8Array> | undefined;
  /** The body's bytes, run by run (shared with later bodies: never modify them). */
  readonly chunks: readonly Uint8Array[];
  /** CRC-32 of the whole body. */
  readonly crc: number;
  /** The body's length in bytes. */
  readonly length: number;
  /** The weak tag `weakEntityTag` (entity-tag.ts) gives the body, from its CRC and length. */
  readonly etag: string;

  private constructor(runs: readonly Run[]) {
    this.#runs = runs;
    this.chunks = Object.freeze(runs.map((run) => run.bytes));
    let crc = 0;
    let length = 0;
    for (const run of runs) {
      crc = crc32Combine(crc, run.crc, run.shift);
      length += run.bytes.byteLength;
    }
    this.crc = crc;
    this.length = length;
    this.etag = `W/"${crc.toString(16).padStart(8, '0')}-${length.toString(16)}"`;
  }

  /**
   * The runs of `parts`, reusing those of `previous` that hold the same elements.
   *
   * @param runElements - elements per run (a positive integer; default {@link RUN_ELEMENTS})
   */
  static of(
    parts: NetworkBodyParts,
    previous: NetworkRuns | undefined,
    runElements: number = RUN_ELEMENTS,
  ): NetworkRuns {
    const { elements } = parts;
    const before = previous === undefined ? [] : previous.#runs;
    const count = Math.max(1, Math.ceil(elements.length / runElements));
    const runs: Run[] = new Array(count);
    for (let r = 0; r < count; r++) {
      const opening = r === 0 ? parts.opening : ',';
      const closing = r === count - 1 ? parts.closing : '';
      const from = r * runElements;
      const to = Math.min(elements.length, from + runElements);
      const kept = before[r];
      runs[r] =
        kept !== undefined && sameRun(kept, opening, elements, from, to, closing)
          ? kept
          : newRun(opening, elements, from, to, closing);
    }
    return new NetworkRuns(runs);
  }

  /**
   * The body as one gzip member: the runs without a stream are compressed with `deflateRaw`,
   * the member is joined once and kept.
   */
  gzip(deflateRaw: DeflateRaw, options: GzipOptions): Promise<Uint8Array> {
    this.#gzip ??= this.#joinedGzip(deflateRaw, options).catch((error: unknown) => {
      // A failed compression must not stay for every later request.
      this.#gzip = undefined;
      throw error;
    });
    return this.#gzip;
  }

  async #joinedGzip(deflateRaw: DeflateRaw, options: GzipOptions): Promise<Uint8Array> {
    const streams = await Promise.all(
      this.#runs.map((run) => {
        run.deflated ??= deflateRaw(run.bytes, options)
          .then(joinableDeflate)
          .catch((error: unknown) => {
            run.deflated = undefined;
            throw error;
          });
        return run.deflated;
      }),
    );
    return joinedGzip(streams, this.crc, this.length);
  }
}

function sameRun(
  run: Run,
  opening: string,
  elements: readonly string[],
  from: number,
  to: number,
  closing: string,
): boolean {
  if (run.elements.length !== to - from) return false;
  if (run.opening !== opening || run.closing !== closing) return false;
  // The kept strings themselves: an unchanged element compares by reference.
  for (let i = from; i < to; i++) if (run.elements[i - from] !== elements[i]) return false;
  return true;
}

function newRun(
  opening: string,
  elements: readonly string[],
  from: number,
  to: number,
  closing: string,
): Run {
  // Copied by hand: `slice` of a frozen array takes a slow path in V8.
  const own = new Array<string>(to - from);
  for (let i = from; i < to; i++) own[i - from] = elements[i]!; // i < to ≤ length
  const bytes = encoder.encode(`${opening}${own.join(',')}${closing}`);
  const shift = crc32ShiftOperator(bytes.byteLength);
  return { opening, elements: own, closing, bytes, crc: crc32(bytes), shift, deflated: undefined };
}

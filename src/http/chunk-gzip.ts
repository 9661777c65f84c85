import { joinChunks } from '../payload/json-parts.js';
import { crc32Combine, crc32ShiftOperator } from './crc32-combine.js';
import { FINAL_EMPTY_BLOCK, GZIP_HEADER, gzipTrailer, storedBlocks } from './gzip-members.js';

/**
 * Pieces of a chunked body at least this long are compressed once and kept for as long as the
 * piece lives; shorter ones go in uncompressed. Shared payload parts are about 14 KB, the
 * per-request part under 1 KB.
 */
export const KEPT_PIECE_MIN_BYTES = 1024;

/** What {@link ChunkGzip} needs from a zlib: raw deflate ending in a sync flush, and CRC-32. */
export interface PieceCompressor {
  /** Raw DEFLATE of `bytes`, ended by a sync flush (byte-aligned, not final). */
  deflateRawFlushed(bytes: Uint8Array): Uint8Array;
  /** CRC-32 of `bytes`, continuing from `crc` (0 to start). */
  crc32(bytes: Uint8Array, crc: number): number;
}

interface KeptPiece {
  readonly deflated: Uint8Array;
  readonly crc: number;
  /** `crc32ShiftOperator` of the piece's length. */
  readonly shift: number;
}

/**
 * gzip of a body given in pieces, where some pieces come back in many bodies (a payload's
 * history and forecast bytes, shared for an hour). Each piece of at least
 * {@link KEPT_PIECE_MIN_BYTES} is deflated once and kept, with its CRC-32, in a `WeakMap`
 * keyed by the piece itself (so it goes when the piece goes); each shorter piece goes in as
 * stored blocks. The runs of blocks follow one another in one DEFLATE stream, closed by an
 * empty final block, and the CRC-32 of the whole is combined from the pieces' CRCs, so a
 * response reads only its own small pieces. The result is one valid gzip member.
 *
 * @example
 * const chunkGzip = new ChunkGzip(compressor);
 * zlib.gunzipSync(chunkGzip.gzip([head, history, glue, forecast, tail])); // the joined bytes
 */
export class ChunkGzip {
  readonly #compressor: PieceCompressor;
  readonly #kept = new WeakMap<Uint8Array, KeptPiece>();

  constructor(compressor: PieceCompressor) {
    this.#compressor = compressor;
  }

  /** One gzip member holding the concatenation of `pieces`. */
  gzip(pieces: readonly Uint8Array[]): Uint8Array {
    const out: Uint8Array[] = [GZIP_HEADER];
    let crc = 0;
    let length = 0;
    for (const piece of pieces) {
      if (piece.byteLength === 0) continue;
      length += piece.byteLength;
      if (piece.byteLength < KEPT_PIECE_MIN_BYTES) {
        crc = this.#compressor.crc32(piece, crc);
        out.push(storedBlocks(piece));
        continue;
      }
      const kept = this.#keptPiece(piece);
      crc = crc32Combine(crc, kept.crc, kept.shift);
      out.push(kept.deflated);
    }
    out.push(FINAL_EMPTY_BLOCK, gzipTrailer(crc, length));
    return joinChunks(out);
  }

  #keptPiece(piece: Uint8Array): KeptPiece {
    let kept = this.#kept.get(piece);
    if (kept === undefined) {
      kept = Object.freeze({
        deflated: this.#compressor.deflateRawFlushed(piece),
        crc: this.#compressor.crc32(piece, 0),
        shift: crc32ShiftOperator(piece.byteLength),
      });
      this.#kept.set(piece, kept);
    }
    return kept;
  }
}

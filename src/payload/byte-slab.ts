// Small byte arrays cut from a shared slab instead of each getting a buffer of its own. On Node
// 20 a fresh buffer costs more than what goes into it: `TextEncoder.encode` of a 451-character
// answer takes 2.8 µs, encoding the same text into room that is already there 0.05 µs, and an
// 8-byte array that a socket write moves off V8's heap is a buffer allocated and later swept per
// answer (docs/design.md, the mechanisms table). A slab is cut front to back and never reused,
// as Node's own `Buffer.from` pool is: a view still waiting in a socket's queue keeps its slab
// alive and unchanged. A view pins its whole slab, so only bytes that are sent and dropped are
// cut from one; what a cache keeps has a buffer of its own.

/**
 * How long bytes live: `kept` ones (a cache's, a prepared body's) get a buffer of their own;
 * `sent` ones (one answer's, dropped once written) may share a slab.
 */
export type BytesLifetime = 'kept' | 'sent';

/** Bytes of a new slab. */
export const SLAB_BYTES = 65_536;

/** The longest text encoded into a slab, in UTF-16 code units (at most 12 KiB of UTF-8). */
export const MAX_SLAB_TEXT_CHARS = 4_096;

/**
 * A slab of bytes cut front to back; a new one when the current one lacks room.
 *
 * @example
 * const slab = new ByteSlab(8192);
 * slab.cut(8).byteLength; // 8, a view into the slab
 */
export class ByteSlab {
  readonly #slabBytes: number;
  #slab = new Uint8Array(0);
  #used = 0;

  /** @param slabBytes - bytes of each slab; no request may ask for more */
  constructor(slabBytes: number) {
    this.#slabBytes = slabBytes;
  }

  /**
   * Room for at most `maxBytes` after what was taken (in a new slab when the current one lacks
   * it). Nothing is taken until {@link ByteSlab.take}: write into the room, then take it.
   */
  room(maxBytes: number): Uint8Array {
    if (this.#used + maxBytes > this.#slab.byteLength) {
      this.#slab = new Uint8Array(this.#slabBytes);
      this.#used = 0;
    }
    return this.#slab.subarray(this.#used, this.#used + maxBytes);
  }

  /** The first `byteLength` bytes of the last {@link ByteSlab.room}, the caller's from now on. */
  take(byteLength: number): Uint8Array {
    this.#used += byteLength;
    return this.#slab.subarray(this.#used - byteLength, this.#used);
  }

  /** `byteLength` bytes of the slab, zero-filled: the caller's to write. */
  cut(byteLength: number): Uint8Array {
    this.room(byteLength);
    return this.take(byteLength);
  }
}

const encoder = new TextEncoder();
const TEXT_SLAB = new ByteSlab(SLAB_BYTES);

/**
 * The UTF-8 bytes of `text`, as `TextEncoder.encode` gives them; for `sent` bytes of a text up
 * to {@link MAX_SLAB_TEXT_CHARS}, a view into a shared slab (never modify it).
 *
 * @example
 * utf8Bytes('{"a":1}', 'sent'); // Uint8Array(7), a view into the slab
 * utf8Bytes('{"a":1}', 'kept').buffer.byteLength; // 7, a buffer of its own
 */
export function utf8Bytes(text: string, lifetime: BytesLifetime): Uint8Array {
  if (lifetime === 'kept' || text.length > MAX_SLAB_TEXT_CHARS) return encoder.encode(text);
  // Each UTF-16 code unit takes at most 3 bytes (a surrogate pair 4 for its two units).
  const { written } = encoder.encodeInto(text, TEXT_SLAB.room(text.length * 3));
  return TEXT_SLAB.take(written);
}

// A complete raw DEFLATE stream (RFC 1951) ends with a block whose BFINAL bit is set, and a
// decoder stops there: two such streams cannot simply follow each other. The ports that
// compress for the adapter (`DeflateRaw`: node:zlib, the Web `CompressionStream`) only give
// complete streams, so a stream is made joinable here, in plain JavaScript like crc32.ts: its
// blocks are walked to find the final one, whose BFINAL bit is cleared, and an empty stored
// block is appended, which leaves the stream byte-aligned and unfinished (zlib's Z_SYNC_FLUSH
// ends the same way). Streams compressed independently may then be concatenated: none of them
// refers back before its own start. The walk decodes the Huffman codes without writing any
// output; on a 25 KB run of network elements at level 9 it costs about a quarter of compressing it.

/** The empty final block that ends a member of joined streams: BFINAL 1, fixed codes, end code. */
export const FINAL_EMPTY_BLOCK: Uint8Array = Uint8Array.of(0x03, 0x00);

const MAX_BITS = 15;
// Extra bits of the length symbols 257 … 285 and of the distance symbols 0 … 29 (RFC 1951
// §3.2.5), and the order in which a dynamic block sends the lengths of its code length code.
// biome-ignore format: the tables of the RFC, a row each
const LENGTH_EXTRA = Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0);
// biome-ignore format: the tables of the RFC, a row each
const DISTANCE_EXTRA = Uint8Array.of(0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13);
// biome-ignore format: the tables of the RFC, a row each
const CODE_LENGTH_ORDER = Uint8Array.of(16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15);

// A canonical Huffman code: a table of the codes of up to TABLE_BITS bits, indexed by the next
// TABLE_BITS bits of the stream (each entry the symbol << 4 | its length, 0 for a longer code),
// and, for the longer codes, the symbols per length and in code order, as puff.c keeps them.
interface HuffmanCode {
  readonly table: Uint16Array;
  readonly counts: Uint16Array;
  readonly symbols: Uint16Array;
}

const TABLE_BITS = 10;

/**
 * `stream` made joinable: the same blocks with the final one marked non-final, then an empty
 * non-final stored block. Concatenate such streams and end them with {@link FINAL_EMPTY_BLOCK}.
 *
 * @param stream - one complete raw DEFLATE stream (bytes after its final block are left out)
 * @throws Error when `stream` is not a complete, valid raw DEFLATE stream
 * @example
 * joinableDeflate(Uint8Array.of(0x03, 0x00)); // Uint8Array [2, 0, 0, 0, 255, 255]: nothing, flushed
 */
export function joinableDeflate(stream: Uint8Array): Uint8Array {
  const reader = new BitReader(stream);
  let finalAt: number;
  for (;;) {
    const blockAt = reader.position;
    const final = reader.bits(1);
    const type = reader.bits(2);
    if (type === 0) reader.skipStored();
    else if (type === 1) reader.skipCoded(fixedLiterals(), fixedDistances());
    else if (type === 2) reader.skipDynamic();
    else throw new Error(`joinableDeflate: block type 3 at bit ${blockAt}`);
    if (final === 1) {
      finalAt = blockAt;
      break;
    }
  }
  const endAt = reader.position;
  // Three more bits (BFINAL 0, BTYPE 00), zeros to the byte boundary, LEN 0 and NLEN 0xffff.
  const alignedBytes = Math.ceil((endAt + 3) / 8);
  const out = new Uint8Array(alignedBytes + 4);
  out.set(stream.subarray(0, Math.ceil(endAt / 8)));
  out[finalAt >>> 3]! &= ~(1 << (finalAt & 7)); // finalAt < endAt
  // The padding after the last block may hold anything; the stored header needs zeros.
  if ((endAt & 7) !== 0) out[endAt >>> 3]! &= (1 << (endAt & 7)) - 1; // endAt < 8 · length
  out[alignedBytes + 2] = 0xff;
  out[alignedBytes + 3] = 0xff;
  return out;
}

// Reads bits least significant first, as DEFLATE packs them. Huffman codes come most
// significant bit first: a code of up to TABLE_BITS bits is found in its table from the next
// bits; a longer one bit by bit, as puff.c decodes it.
class BitReader {
  readonly #bytes: Uint8Array;
  readonly #endAt: number;
  position = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
    this.#endAt = 8 * bytes.byteLength;
  }

  // The next 25 bits or more, without moving; zeros past the end (checked by `bits` and `decode`).
  #peek(): number {
    const bytes = this.#bytes;
    const at = this.position >>> 3;
    const word =
      (bytes[at] ?? 0) |
      ((bytes[at + 1] ?? 0) << 8) |
      ((bytes[at + 2] ?? 0) << 16) |
      ((bytes[at + 3] ?? 0) << 24);
    return word >>> (this.position & 7);
  }

  bits(count: number): number {
    const value = this.#peek() & ((1 << count) - 1);
    this.#advance(count);
    return value;
  }

  #advance(count: number): void {
    this.position += count;
    if (this.position > this.#endAt) {
      throw new Error('joinableDeflate: the stream ends before its final block');
    }
  }

  skipStored(): void {
    this.position = (this.position + 7) & ~7;
    const length = this.bits(16);
    const complement = this.bits(16);
    if ((length ^ 0xffff) !== complement) {
      throw new Error(
        `joinableDeflate: a stored block's length ${length} and its complement disagree`,
      );
    }
    this.#advance(8 * length);
  }

  skipDynamic(): void {
    const literalCount = this.bits(5) + 257;
    const distanceCount = this.bits(5) + 1;
    const lengthCodeCount = this.bits(4) + 4;
    const lengthCodeLengths = new Uint8Array(19);
    for (let i = 0; i < lengthCodeCount; i++)
      lengthCodeLengths[CODE_LENGTH_ORDER[i]!] = this.bits(3); // i < 19
    const lengthCode = huffmanCode(lengthCodeLengths);
    const lengths = new Uint8Array(literalCount + distanceCount);
    for (let i = 0; i < lengths.length; ) {
      const symbol = this.decode(lengthCode);
      if (symbol < 16) {
        lengths[i++] = symbol;
        continue;
      }
      const repeated = symbol === 16 ? lengths[i - 1] : 0;
      if (repeated === undefined)
        throw new Error('joinableDeflate: a repeat with no length before it');
      const times =
        symbol === 16 ? 3 + this.bits(2) : symbol === 17 ? 3 + this.bits(3) : 11 + this.bits(7);
      if (i + times > lengths.length) throw new Error('joinableDeflate: code lengths overrun');
      lengths.fill(repeated, i, i + times);
      i += times;
    }
    if (lengths[256] === 0) throw new Error('joinableDeflate: a dynamic block without an end code');
    this.skipCoded(
      huffmanCode(lengths.subarray(0, literalCount)),
      huffmanCode(lengths.subarray(literalCount)),
    );
  }

  // The symbols of one coded block, up to and including its end code (256).
  skipCoded(literals: HuffmanCode, distances: HuffmanCode): void {
    for (;;) {
      const symbol = this.decode(literals);
      if (symbol < 256) continue;
      if (symbol === 256) return;
      const lengthSymbol = symbol - 257;
      if (lengthSymbol >= LENGTH_EXTRA.length)
        throw new Error(`joinableDeflate: length symbol ${symbol}`);
      this.#advance(LENGTH_EXTRA[lengthSymbol]!); // checked above
      const distance = this.decode(distances);
      if (distance >= DISTANCE_EXTRA.length)
        throw new Error(`joinableDeflate: distance symbol ${distance}`);
      this.#advance(DISTANCE_EXTRA[distance]!); // checked above
    }
  }

  decode(code: HuffmanCode): number {
    const next = this.#peek();
    const entry = code.table[next & ((1 << TABLE_BITS) - 1)]!; // masked to the table's size
    if (entry !== 0) {
      this.#advance(entry & 15);
      return entry >>> 4;
    }
    let value = 0;
    let first = 0;
    let index = 0;
    for (let length = 1; length <= MAX_BITS; length++) {
      value |= (next >>> (length - 1)) & 1;
      const count = code.counts[length]!; // length ≤ 15
      if (value - count < first) {
        this.#advance(length);
        return code.symbols[index + value - first]!; // within the code
      }
      index += count;
      first = (first + count) << 1;
      value <<= 1;
    }
    throw new Error(`joinableDeflate: no code matches at bit ${this.position}`);
  }
}

function huffmanCode(lengths: Uint8Array): HuffmanCode {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (const length of lengths) counts[length]!++; // length ≤ 15
  counts[0] = 0;
  const offsets = new Uint16Array(MAX_BITS + 2);
  for (let length = 1; length <= MAX_BITS; length++) {
    offsets[length + 1] = offsets[length]! + counts[length]!; // length ≤ 15
  }
  const symbols = new Uint16Array(lengths.length);
  const table = new Uint16Array(1 << TABLE_BITS);
  // The first code of each length (RFC 1951 §3.2.2), then each symbol's code in turn.
  const nextCode = new Uint16Array(MAX_BITS + 1);
  for (let length = 1, code = 0; length <= MAX_BITS; length++) {
    code = (code + counts[length - 1]!) << 1; // length ≥ 1
    nextCode[length] = code;
  }
  lengths.forEach((length, symbol) => {
    if (length === 0) return;
    symbols[offsets[length]!++] = symbol; // length ≤ 15
    const code = nextCode[length]!++;
    if (length > TABLE_BITS) return;
    // The stream sends the code's top bit first: the table is indexed by the code reversed,
    // under every value of the bits that follow it.
    let reversed = 0;
    for (let bit = 0; bit < length; bit++) reversed |= ((code >>> bit) & 1) << (length - 1 - bit);
    for (let index = reversed; index < 1 << TABLE_BITS; index += 1 << length) {
      table[index] = (symbol << 4) | length;
    }
  });
  return { table, counts, symbols };
}

let fixed: { literals: HuffmanCode; distances: HuffmanCode } | undefined;

// The fixed codes of RFC 1951 §3.2.6, built on first use.
function fixedCodes(): { literals: HuffmanCode; distances: HuffmanCode } {
  if (fixed === undefined) {
    const literals = new Uint8Array(288);
    literals.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
    fixed = { literals: huffmanCode(literals), distances: huffmanCode(new Uint8Array(30).fill(5)) };
  }
  return fixed;
}

function fixedLiterals(): HuffmanCode {
  return fixedCodes().literals;
}

function fixedDistances(): HuffmanCode {
  return fixedCodes().distances;
}

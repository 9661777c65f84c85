// Weak entity tags (RFC 9110 §8.8.3) for the adapter's 200 answers, and the `If-None-Match`
// check that turns a repeated request into a 304. Weak, because one tag covers the identity
// and the gzip bytes alike, and, on the measurement routes, every answer that differs only in
// the bounds of `current`, which follow the request instant.

// CRC-32 with the gzip polynomial (reflected), table built on first use. Plain code, because
// the core runs where there is no `node:zlib` (and `zlib.crc32` needs Node 20.15).
let table: Uint32Array | undefined;

function crcTable(): Uint32Array {
  if (table === undefined) {
    table = new Uint32Array(256);
    for (let byte = 0; byte < 256; byte++) {
      let crc = byte;
      for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
      table[byte] = crc >>> 0;
    }
  }
  return table;
}

/**
 * CRC-32 of `bytes`, as gzip's trailer and `zlib.crc32` compute it.
 *
 * @example
 * crc32(new TextEncoder().encode('123456789')); // 0xcbf43926
 */
export function crc32(bytes: Uint8Array): number {
  const lookup = crcTable();
  let value = ~0;
  for (let i = 0; i < bytes.length; i++)
    value = lookup[(value ^ bytes[i]!) & 0xff]! ^ (value >>> 8); // i < length
  return ~value >>> 0;
}

/**
 * The weak tag of a body: its CRC-32 and length, in hex.
 *
 * @param bytes - what the tag covers (a Measurements body without the bounds of `current`)
 * @example
 * weakEntityTag(new TextEncoder().encode('123456789')); // 'W/"cbf43926-9"'
 */
export function weakEntityTag(bytes: Uint8Array): string {
  return `W/"${crc32(bytes).toString(16).padStart(8, '0')}-${bytes.byteLength.toString(16)}"`;
}

/**
 * Whether an `If-None-Match` header matches `tag` by the weak comparison: `*`, or any listed
 * tag with the same opaque value, `W/` or not. An absent or empty header matches nothing.
 *
 * @example
 * noneMatchHits('W/"cbf43926-9", "x"', 'W/"cbf43926-9"'); // true
 * noneMatchHits('"cbf43926-9"', 'W/"cbf43926-9"');        // true (weak comparison)
 * noneMatchHits(undefined, 'W/"cbf43926-9"');             // false
 */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (header === undefined || header === '') return false;
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  if (header === tag || header === opaque) return true;
  for (const part of header.split(',')) {
    const candidate = part.trim();
    if (candidate === '*') return true;
    if ((candidate.startsWith('W/') ? candidate.slice(2) : candidate) === opaque) return true;
  }
  return false;
}

import { crc32 } from './crc32.js';

// Weak entity tags (RFC 9110 §8.8.3) for the adapter's 200 answers, and the `If-None-Match`
// check that turns a repeated request into a 304. Weak, because one tag covers the identity
// and the gzip bytes alike, and, on the measurement routes, every answer that differs only in
// the bounds of `current`, which follow the request instant.

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

// CRC-32 (the gzip polynomial) in plain JavaScript, so the core needs no zlib: of bytes, and of
// a concatenation from the CRCs of its parts without reading the bytes again:
// crc(A ‖ B) = x^(8·|B|) · crc(A) + crc(B) over GF(2), modulo the polynomial. Arithmetic in the
// bit-reflected form zlib uses, where x⁰ is the top bit of a 32-bit word.

const POLYNOMIAL = 0xedb88320;
const X_POWER_0 = 0x80000000;

let byteTable: Uint32Array | undefined;

// The CRC of every byte value, built on first use (no work at import time).
function crcTable(): Uint32Array {
  if (byteTable === undefined) {
    byteTable = new Uint32Array(256);
    for (let byte = 0; byte < 256; byte++) {
      let crc = byte;
      for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ POLYNOMIAL : crc >>> 1;
      byteTable[byte] = crc >>> 0;
    }
  }
  return byteTable;
}

/**
 * CRC-32 of `bytes`, continuing from `crc` (the CRC of the bytes before them; 0 to start), as
 * gzip's trailer and `zlib.crc32` compute it.
 *
 * @example
 * crc32(new TextEncoder().encode('123456789')); // 0xcbf43926
 */
export function crc32(bytes: Uint8Array, crc = 0): number {
  const table = crcTable();
  let value = ~crc;
  for (let i = 0; i < bytes.length; i++) value = table[(value ^ bytes[i]!) & 0xff]! ^ (value >>> 8); // i < length
  return ~value >>> 0;
}

/** (a · b) mod P for reflected 32-bit polynomials. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let bit = X_POWER_0; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

// x^(2^k) mod P for k = 0 … 63, each the square of the one before: a frozen 64-entry table.
const POWERS_OF_X: readonly number[] = (() => {
  const powers = [X_POWER_0 >>> 1]; // x¹
  for (let k = 1; k < 64; k++) powers.push(multiplyModP(powers[k - 1]!, powers[k - 1]!)); // k ≥ 1
  return Object.freeze(powers);
})();

/**
 * The operator that shifts a CRC past `length` further bytes: x^(8·length) mod P. Compute it
 * once per part length and pass it to {@link crc32Combine}.
 *
 * @param length - a non-negative integer number of bytes (up to 2⁵³)
 * @example
 * crc32Combine(crc32('1234'), crc32('56789'), crc32ShiftOperator(5)); // crc32('123456789') = 0xcbf43926
 */
export function crc32ShiftOperator(length: number): number {
  let operator = X_POWER_0; // x⁰ = 1
  let remaining = length;
  // 8·length = length · 2³: start at the power x^(2^3).
  for (let k = 3; remaining > 0; k++) {
    if (remaining % 2 === 1) operator = multiplyModP(POWERS_OF_X[k % 64]!, operator); // k % 64 < 64
    remaining = Math.floor(remaining / 2);
  }
  return operator;
}

/**
 * CRC-32 of `A ‖ B` from `crc(A)`, `crc(B)` and the shift operator of `B`'s length.
 *
 * @example
 * crc32Combine(0, crcOfB, crc32ShiftOperator(lengthOfB)); // crcOfB (nothing before B)
 */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

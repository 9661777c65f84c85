// Query parameters in PostgreSQL's binary array format (what `array_send` writes and
// `array_recv` reads). `pg` passes a Buffer parameter as binary, so the server copies fixed
// width numbers instead of parsing decimal text: for a 100k-sample ingest, the text form of
// four arrays cost more than the insert itself.

const INT2_OID = 21;
const INT8_OID = 20;
const FLOAT8_OID = 701;
const TIMESTAMPTZ_OID = 1184;
const TWO_TO_32 = 4_294_967_296;
// A timestamptz is int64 microseconds since 2000-01-01 00:00 UTC on the wire.
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const HEADER_BYTES = 20; // ndim, has-null flag, element type, length and lower bound

// An array parameter of `values.length` elements of `width` bytes each: the header, then for
// every element its length word and the bytes `writeValue` puts right after it.
function arrayParam(
  oid: number,
  values: ArrayLike<number>,
  width: number,
  writeValue: (buffer: Buffer, value: number, offset: number) => void,
): Buffer {
  const count = values.length;
  const buffer = Buffer.allocUnsafe(count === 0 ? 12 : HEADER_BYTES + count * (4 + width));
  buffer.writeInt32BE(count === 0 ? 0 : 1, 0); // an empty array has no dimension
  buffer.writeInt32BE(0, 4);
  buffer.writeInt32BE(oid, 8);
  if (count > 0) {
    buffer.writeInt32BE(count, 12);
    buffer.writeInt32BE(1, 16);
  }
  let offset = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    buffer.writeInt32BE(width, offset);
    writeValue(buffer, values[i]!, offset + 4); // i < length
    offset += 4 + width;
  }
  return buffer;
}

/**
 * A `bigint[]` parameter. Values must be safe integers (ids, epoch milliseconds).
 *
 * @example
 * await client.query('SELECT $1::bigint[]', [int8ArrayParam([1, -2])]); // [['1', '-2']]
 */
export function int8ArrayParam(values: ArrayLike<number>): Buffer {
  return arrayParam(INT8_OID, values, 8, writeInt8);
}

// Two's complement from a double: the high word floors, the low word is what is left.
function writeInt8(buffer: Buffer, value: number, offset: number): void {
  const high = Math.floor(value / TWO_TO_32);
  buffer.writeInt32BE(high, offset);
  buffer.writeUInt32BE(value - high * TWO_TO_32, offset + 4);
}

/**
 * A `timestamptz[]` parameter from epoch milliseconds, exact to the microsecond whatever the
 * session's zone: the server stores what it receives, with no conversion function per row.
 * Values must be whole milliseconds inside the range of `timestamptz` (4713 BC to 294276 AD).
 *
 * @example
 * await client.query('SELECT $1::timestamptz[]', [timestamptzArrayParam([0])]); // [[1970-01-01]]
 */
export function timestamptzArrayParam(atMs: ArrayLike<number>): Buffer {
  return arrayParam(TIMESTAMPTZ_OID, atMs, 8, writeTimestamptz);
}

// Microseconds pass 2^53, so multiply by 1000 word by word: each part stays exact.
function writeTimestamptz(buffer: Buffer, atMs: number, offset: number): void {
  const sincePostgresEpochMs = atMs - POSTGRES_EPOCH_MS;
  const high = Math.floor(sincePostgresEpochMs / TWO_TO_32);
  const lowUs = (sincePostgresEpochMs - high * TWO_TO_32) * 1000; // < 2^42
  const carry = Math.floor(lowUs / TWO_TO_32);
  buffer.writeInt32BE(high * 1000 + carry, offset);
  buffer.writeUInt32BE(lowUs - carry * TWO_TO_32, offset + 4);
}

/**
 * A `float8[]` parameter, bit for bit (no decimal round trip).
 *
 * @example
 * await client.query('SELECT $1::float8[]', [float8ArrayParam([0.1])]); // [[0.1]]
 */
export function float8ArrayParam(values: ArrayLike<number>): Buffer {
  return arrayParam(FLOAT8_OID, values, 8, writeFloat8);
}

function writeFloat8(buffer: Buffer, value: number, offset: number): void {
  buffer.writeDoubleBE(value, offset);
}

/**
 * A `smallint[]` parameter. Values must be integers in [-32768, 32767].
 *
 * @example
 * await client.query('SELECT $1::smallint[]', [int2ArrayParam([2])]); // [[2]]
 */
export function int2ArrayParam(values: ArrayLike<number>): Buffer {
  return arrayParam(INT2_OID, values, 2, writeInt2);
}

function writeInt2(buffer: Buffer, value: number, offset: number): void {
  buffer.writeInt16BE(value, offset);
}

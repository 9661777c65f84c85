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

function arrayBuffer(oid: number, count: number, width: number): Buffer {
  const buffer = Buffer.allocUnsafe(count === 0 ? 12 : HEADER_BYTES + count * (4 + width));
  buffer.writeInt32BE(count === 0 ? 0 : 1, 0); // an empty array has no dimension
  buffer.writeInt32BE(0, 4);
  buffer.writeInt32BE(oid, 8);
  if (count > 0) {
    buffer.writeInt32BE(count, 12);
    buffer.writeInt32BE(1, 16);
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
  const buffer = arrayBuffer(INT8_OID, values.length, 8);
  let offset = HEADER_BYTES;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!; // i < length
    // Two's complement from a double: the high word floors, the low word is what is left.
    const high = Math.floor(value / TWO_TO_32);
    buffer.writeInt32BE(8, offset);
    buffer.writeInt32BE(high, offset + 4);
    buffer.writeUInt32BE(value - high * TWO_TO_32, offset + 8);
    offset += 12;
  }
  return buffer;
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
  const buffer = arrayBuffer(TIMESTAMPTZ_OID, atMs.length, 8);
  let offset = HEADER_BYTES;
  for (let i = 0; i < atMs.length; i++) {
    // Microseconds pass 2^53, so multiply by 1000 word by word: each part stays exact.
    const sincePostgresEpochMs = atMs[i]! - POSTGRES_EPOCH_MS; // i < length
    const high = Math.floor(sincePostgresEpochMs / TWO_TO_32);
    const lowUs = (sincePostgresEpochMs - high * TWO_TO_32) * 1000; // < 2^42
    const carry = Math.floor(lowUs / TWO_TO_32);
    buffer.writeInt32BE(8, offset);
    buffer.writeInt32BE(high * 1000 + carry, offset + 4);
    buffer.writeUInt32BE(lowUs - carry * TWO_TO_32, offset + 8);
    offset += 12;
  }
  return buffer;
}

/**
 * A `float8[]` parameter, bit for bit (no decimal round trip).
 *
 * @example
 * await client.query('SELECT $1::float8[]', [float8ArrayParam([0.1])]); // [[0.1]]
 */
export function float8ArrayParam(values: ArrayLike<number>): Buffer {
  const buffer = arrayBuffer(FLOAT8_OID, values.length, 8);
  let offset = HEADER_BYTES;
  for (let i = 0; i < values.length; i++) {
    buffer.writeInt32BE(8, offset);
    buffer.writeDoubleBE(values[i]!, offset + 4); // i < length
    offset += 12;
  }
  return buffer;
}

/**
 * A `smallint[]` parameter. Values must be integers in [-32768, 32767].
 *
 * @example
 * await client.query('SELECT $1::smallint[]', [int2ArrayParam([2])]); // [[2]]
 */
export function int2ArrayParam(values: ArrayLike<number>): Buffer {
  const buffer = arrayBuffer(INT2_OID, values.length, 2);
  let offset = HEADER_BYTES;
  for (let i = 0; i < values.length; i++) {
    buffer.writeInt32BE(2, offset);
    buffer.writeInt16BE(values[i]!, offset + 4); // i < length
    offset += 6;
  }
  return buffer;
}

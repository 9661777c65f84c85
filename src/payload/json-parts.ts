// Payload parts that many responses share (an installation's 24 history and 24 forecast
// elements for one hour) are serialised once. `freezeAsJsonPart` marks such a part, and
// `encodeJsonChunks` hands out its kept bytes instead of running JSON.stringify over it again:
// for a Measurements payload that is 28 KB of the 29 KB body. A shell that can write a body in
// pieces (node:http) then sends them without even copying them into one buffer.

import { deepFreeze } from '../model/deep-freeze.js';
import { type BytesLifetime, utf8Bytes } from './byte-slab.js';

/** Where a marked part keeps its UTF-8 JSON, filled on first use. */
interface PartBytes {
  bytes: Uint8Array | undefined;
}

const PART_BYTES: unique symbol = Symbol('airq.jsonPartBytes');

type MarkedPart = object & { readonly [PART_BYTES]?: PartBytes };

/**
 * Freezes `value` and everything inside it, and marks it as a shared JSON part: the first
 * {@link encodeJsonWithParts} of a body that holds it serialises it and keeps the bytes. The
 * mark is a non-enumerable symbol property, invisible to `JSON.stringify`, `Object.keys` and
 * equality checks. Freezing is what makes the kept bytes safe: the part cannot change later.
 *
 * @returns `value` itself
 * @example
 * const history = freezeAsJsonPart([{ values: [] }]);
 * Object.isFrozen(history[0]); // true
 */
export function freezeAsJsonPart<T extends object>(value: T): T {
  if (Object.isFrozen(value)) deepFreeze(value);
  else {
    const holder: PartBytes = { bytes: undefined };
    Object.defineProperty(value, PART_BYTES, { value: holder, enumerable: false });
    deepFreeze(value);
  }
  return value;
}

/**
 * UTF-8 JSON of `value`, byte for byte what `JSON.stringify` gives. When `value` is a plain
 * object and some of its own properties are parts marked by {@link freezeAsJsonPart}, their
 * bytes are copied in (serialised on first use) and only the other properties are stringified.
 * Anything else is `JSON.stringify` plus UTF-8 encoding.
 *
 * @param lifetime - `kept` (default): bytes with a buffer of their own; `sent`: the bytes of one
 *   answer, which may share a slab ({@link utf8Bytes})
 * @example
 * const history = freezeAsJsonPart([1, 2]);
 * new TextDecoder().decode(encodeJsonWithParts({ current: 0, history })); // '{"current":0,"history":[1,2]}'
 */
export function encodeJsonWithParts(value: unknown, lifetime: BytesLifetime = 'kept'): Uint8Array {
  return joinChunks(encodeJsonChunks(value, lifetime));
}

/**
 * The bytes of {@link encodeJsonWithParts} as consecutive chunks, without joining them: the
 * kept bytes of marked parts are chunks of their own, shared by every body that holds the
 * part (never modify a chunk). One chunk when `value` holds no marked part.
 *
 * @param lifetime - as for {@link encodeJsonWithParts}; a part's own bytes are always kept
 * @example
 * encodeJsonChunks({ current: 0, history: freezeAsJsonPart([1, 2]) }).length; // 3: '{"current":0,"history":', '[1,2]', '}'
 */
export function encodeJsonChunks(
  value: unknown,
  lifetime: BytesLifetime = 'kept',
): readonly Uint8Array[] {
  if (!hasParts(value)) return [utf8Bytes(JSON.stringify(value), lifetime)];
  const pieces: Uint8Array[] = [];
  let text = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    const part = partBytesOf(member);
    const name = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (part === undefined) {
      const json = JSON.stringify(member);
      // As JSON.stringify: undefined, functions and symbols leave the key out.
      if (json === undefined) continue;
      text += name + json;
    } else {
      part.bytes ??= utf8Bytes(JSON.stringify(member), 'kept');
      pieces.push(utf8Bytes(text + name, lifetime), part.bytes);
      text = '';
    }
    first = false;
  }
  pieces.push(utf8Bytes(`${text}}`, lifetime));
  return pieces;
}

/**
 * The chunks as one byte array (the only chunk itself when there is one).
 *
 * @example
 * joinChunks([Uint8Array.of(1), Uint8Array.of(2, 3)]); // Uint8Array [1, 2, 3]
 */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!; // length checked
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

// Only a plain object with a marked part takes the fast path, and only when no member has a
// toJSON of its own (JSON.stringify would pass that the property name, this path could not).
function hasParts(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  let parts = 0;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (partBytesOf(member) !== undefined) parts++;
    else if (typeof (member as { toJSON?: unknown } | null)?.toJSON === 'function') return false;
  }
  return parts > 0 && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function partBytesOf(value: unknown): PartBytes | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as MarkedPart)[PART_BYTES];
}

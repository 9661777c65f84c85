import { LruCache } from '../payload/lru-cache.js';
import { type PayloadFreshness, payloadFreshness } from '../payload/payload-freshness.js';
import { TimestampTexts } from '../payload/timestamp-texts.js';
import { CURRENT_WINDOW_MS } from '../time/windows.js';
import type { GzipFunction } from './core-request.js';
import { weakEntityTag } from './entity-tag.js';
import { encodeJson, PER_RESPONSE_GZIP } from './json-body.js';
import { type MaybePromise, whenReady } from './maybe-promise.js';
import { type DeflatedTail, type DeflateRaw, deflateTail, splicedGzip } from './spliced-gzip.js';

/** Default byte budget of the adapter's Measurements response cache: 64 MiB. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

// What an entry costs beyond its tail: the tail once more for its deflated form (JSON deflates
// to well under its size) and the objects around them.
const ENTRY_OVERHEAD_BYTES = 512;

/** A Measurements body with everything but the request's own bounds of `current` prebuilt. */
export interface MeasurementsEntry {
  /** `undefined` when the service gave no validity horizon: the entry serves one answer. */
  readonly freshness: PayloadFreshness | undefined;
  /** The body after the bounds of `current` (the whole body when they do not move). */
  readonly tail: Uint8Array;
  /** The weak tag of `tail`: everything but the bounds of `current`. */
  readonly etag: string;
  /** Whether the body starts with the moving bounds, rebuilt for each request instant. */
  readonly movingBounds: boolean;
  /** Whether the cache keeps the entry (its tail is then deflated at the `best` effort). */
  readonly kept: boolean;
  /** The tail's raw DEFLATE: a promise while it is compressed, then the result itself. */
  deflated: MaybePromise<DeflatedTail> | undefined;
}

const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/**
 * The response cache of the measurement routes. A Measurements payload is serialised once and
 * split after the bounds of `current` (`{"current":{"fromDateTime":"…","tillDateTime":"…"`),
 * which are the only bytes that follow the request instant; the rest is kept, with its weak
 * tag and, once gzip is asked for, its raw DEFLATE, for as long as the payload's validity
 * horizon says it is exact (see `PayloadFreshness`). A later request at an instant inside
 * the horizon costs a validity check, the formatting of its two bounds, and at most three
 * buffers to send. Entries are kept by key (route, parameters and language) in an LRU bounded
 * in bytes.
 *
 * @example
 * const responses = new MeasurementsResponses(DEFAULT_RESPONSE_CACHE_BYTES, gzip, deflateRaw);
 * const entry = await responses.entryOf('point?50,19|en', payload, nowMs);
 * await responses.body(entry, nowMs, false); // [bounds of current, the rest of the body]
 */
export class MeasurementsResponses {
  readonly #cache: LruCache<string, MeasurementsEntry>;
  readonly #gzip: GzipFunction;
  readonly #deflateRaw: DeflateRaw | undefined;
  readonly #timestamps = new TimestampTexts();
  #boundsAtMs = Number.NaN;
  #bounds: Uint8Array = EMPTY;

  /**
   * @param maxBytes - byte budget of the kept entries (0: keep none)
   * @param gzip - the adapter's gzip, for bodies that cannot be spliced
   * @param deflateRaw - raw DEFLATE for spliced gzip bodies; `undefined` compresses each
   *   gzip body whole with `gzip`
   */
  constructor(maxBytes: number, gzip: GzipFunction, deflateRaw: DeflateRaw | undefined) {
    this.#cache = new LruCache(
      maxBytes,
      (entry) => 2 * entry.tail.byteLength + ENTRY_OVERHEAD_BYTES,
    );
    this.#gzip = gzip;
    this.#deflateRaw = deflateRaw;
  }

  /** The kept entry of `key` if it is still exact at `nowMs`; a stale one is dropped. */
  lookup(key: string, nowMs: number): MeasurementsEntry | undefined {
    const entry = this.#cache.get(key);
    if (entry === undefined) return undefined;
    if (entry.freshness?.validAt(nowMs) === true) return entry;
    this.#cache.delete(key);
    return undefined;
  }

  /**
   * Serialises a freshly computed payload for the request at `nowMs` and keeps it under `key`
   * when it has a validity horizon.
   */
  async entryOf(key: string, payload: object, nowMs: number): Promise<MeasurementsEntry> {
    const freshness = await payloadFreshness(payload);
    const bytes = encodeJson(payload);
    let tail = bytes;
    let movingBounds = false;
    if (freshness?.movingBounds === true) {
      const head = encoder.encode(this.#boundsText(nowMs));
      // The payload's own layout says where the bounds end; checked, never assumed.
      if (startsWith(bytes, head)) {
        tail = bytes.subarray(head.byteLength);
        movingBounds = true;
      }
    }
    const keep = freshness !== undefined && movingBounds === freshness.movingBounds;
    const entry: MeasurementsEntry = {
      freshness: keep ? freshness : undefined,
      tail,
      etag: weakEntityTag(tail),
      movingBounds,
      kept: keep && this.#cache.capacity > 0,
      deflated: undefined,
    };
    if (entry.kept) this.#cache.set(key, entry);
    return entry;
  }

  /**
   * The body of `entry` for a request at `nowMs`, in at most three pieces: at once, except
   * while a body is being compressed.
   */
  body(entry: MeasurementsEntry, nowMs: number, gzip: boolean): MaybePromise<Uint8Array[]> {
    const head = entry.movingBounds ? this.#boundsBytes(nowMs) : EMPTY;
    if (!gzip) return head.byteLength === 0 ? [entry.tail] : [head, entry.tail];
    const deflateRaw = this.#deflateRaw;
    if (deflateRaw === undefined || entry.freshness === undefined) {
      const whole = head.byteLength === 0 ? entry.tail : concat(head, entry.tail);
      return this.#gzip(whole, PER_RESPONSE_GZIP).then((bytes) => [bytes]);
    }
    entry.deflated ??= deflateTail(entry.tail, deflateRaw, {
      effort: entry.kept ? 'best' : 'fast',
    }).then(
      (deflated) => {
        entry.deflated = deflated;
        return deflated;
      },
      (error: unknown) => {
        // A failed compression must not stay in the entry for every later request.
        entry.deflated = undefined;
        throw error;
      },
    );
    return whenReady(entry.deflated, (deflated) => [...splicedGzip(head, deflated)]);
  }

  // The bounds' bytes at `nowMs`, shared by every answer in the same millisecond (several, under
  // load): formatting and encoding them was the largest cost of a cached answer's body.
  #boundsBytes(nowMs: number): Uint8Array {
    if (nowMs !== this.#boundsAtMs) {
      this.#bounds = encoder.encode(this.#boundsText(nowMs));
      this.#boundsAtMs = nowMs;
    }
    return this.#bounds;
  }

  // `{"current":{"fromDateTime":"…","tillDateTime":"…"` of the moving hour ending at `nowMs`.
  #boundsText(nowMs: number): string {
    const from = this.#timestamps.format(nowMs - CURRENT_WINDOW_MS);
    const till = this.#timestamps.format(nowMs);
    return `{"current":{"fromDateTime":"${from}","tillDateTime":"${till}"`;
  }
}

function startsWith(bytes: Uint8Array, head: Uint8Array): boolean {
  if (bytes.byteLength < head.byteLength) return false;
  for (let i = 0; i < head.byteLength; i++) if (bytes[i] !== head[i]) return false;
  return true;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a, 0);
  joined.set(b, a.byteLength);
  return joined;
}

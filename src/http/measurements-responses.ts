import { joinChunks } from '../payload/json-parts.js';
import { LruCache } from '../payload/lru-cache.js';
import type { FreshnessHorizon, PayloadFreshness } from '../payload/measurements-service.js';
import { TimestampTexts } from '../payload/timestamp-texts.js';
import { CURRENT_WINDOW_MS } from '../time/windows.js';
import type { GzipFunction } from './core-request.js';
import { weakEntityTag } from './entity-tag.js';
import { encodeJson, PER_RESPONSE_GZIP } from './json-body.js';
import {
  type DeflatedTail,
  type DeflateRaw,
  deflateTail,
  GZIP_HEADER,
  type GzipHead,
  gzipHead,
  splicedGzip,
} from './spliced-gzip.js';

/** Default byte budget of the adapter's Measurements response cache: 64 MiB. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

// What an entry costs beyond its tail: the tail once more for its deflated form (JSON deflates
// to well under its size) and the objects around them.
const ENTRY_OVERHEAD_BYTES = 512;

/** A Measurements body with everything but the request's own bounds of `current` serialised. */
export interface MeasurementsEntry {
  /** `undefined` when the service gave no validity horizon: the entry serves one answer. */
  readonly freshness: PayloadFreshness | undefined;
  /** The body after the bounds of `current` (the whole body when they do not move). */
  readonly tail: Uint8Array;
  /** The weak tag of `tail`: everything but the bounds of `current`. */
  readonly etag: string;
  /** Whether the body starts with the moving bounds, written anew for each request instant. */
  readonly movingBounds: boolean;
  /** The tail's raw DEFLATE, compressed on the first gzip answer of a kept entry. */
  deflated: Promise<DeflatedTail> | undefined;
}

const encoder = new TextEncoder();

/**
 * The response cache of the measurement routes. A Measurements payload is serialised once and
 * split after the bounds of `current` (`{"current":{"fromDateTime":"…","tillDateTime":"…"`),
 * the only bytes that follow the request instant; the rest is kept with its weak tag and, once
 * gzip is asked for, its raw DEFLATE, for as long as the payload's {@link PayloadFreshness} says
 * it is exact. A later request inside the horizon costs a validity check, its two bounds and
 * one copy; with gzip, its bounds go in as a stored block before the kept stream (see
 * spliced-gzip.ts), so nothing is compressed per request. Entries are kept by key (route,
 * parameters and language) in an LRU bounded in bytes.
 *
 * @example
 * const responses = new MeasurementsResponses(DEFAULT_RESPONSE_CACHE_BYTES, gzip, deflateRaw);
 * const entry = await responses.entryOf('point|50|19|en', payload, freshness, nowMs);
 * await responses.body(entry, nowMs, false); // the UTF-8 JSON of the payload at nowMs
 */
export class MeasurementsResponses {
  readonly #cache: LruCache<string, MeasurementsEntry>;
  readonly #timestamps = new TimestampTexts();
  readonly #gzip: GzipFunction;
  readonly #deflateRaw: DeflateRaw | undefined;
  // The bounds of the last request instant, as bytes and as a gzip opening: under load many
  // answers share a millisecond, and formatting, encoding and framing them was most of the cost
  // of a kept answer.
  #boundsAtMs = Number.NaN;
  #bounds: Uint8Array = EMPTY;
  #boundsGzipHead: GzipHead | undefined;

  /**
   * @param maxBytes - byte budget of the kept entries (0: keep none)
   * @param gzip - the adapter's gzip, for bodies that are not spliced
   * @param deflateRaw - raw DEFLATE of kept tails; `undefined` gzips each body whole
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
   * when it comes with a validity horizon (which also sets the answer's `max-age`).
   */
  async entryOf(
    key: string,
    payload: object,
    horizon: FreshnessHorizon | undefined,
    nowMs: number,
  ): Promise<MeasurementsEntry> {
    const freshness = await horizon?.();
    const bytes = encodeJson(payload);
    let tail = bytes;
    let movingBounds = false;
    if (freshness?.movingBounds === true) {
      const head = this.#boundsBytes(nowMs);
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
      deflated: undefined,
    };
    if (keep && this.#cache.capacity > 0) this.#cache.set(key, entry);
    return entry;
  }

  /** The body of `entry` for a request at `nowMs`, gzipped when `gzip`, in at most 3 pieces. */
  async body(entry: MeasurementsEntry, nowMs: number, gzip: boolean): Promise<Uint8Array[]> {
    const head = entry.movingBounds ? this.#boundsBytes(nowMs) : EMPTY;
    const deflateRaw = this.#deflateRaw;
    if (gzip && deflateRaw !== undefined && entry.freshness !== undefined) {
      // Compressed harder when it is kept for later answers.
      const effort = this.#cache.capacity > 0 ? 'best' : 'fast';
      entry.deflated ??= deflateTail(entry.tail, deflateRaw, { effort }).catch((error: unknown) => {
        // A failed compression must not stay in the entry for every later request.
        entry.deflated = undefined;
        throw error;
      });
      const deflated = await entry.deflated;
      const opening = entry.movingBounds ? this.#boundsGzipHeadAt(nowMs) : EMPTY_GZIP_HEAD;
      return [...splicedGzip(opening, deflated)];
    }
    if (!gzip) return head.byteLength === 0 ? [entry.tail] : [head, entry.tail];
    const whole = head.byteLength === 0 ? entry.tail : joinChunks([head, entry.tail]);
    return [await this.#gzip(whole, PER_RESPONSE_GZIP)];
  }

  #boundsBytes(nowMs: number): Uint8Array {
    if (nowMs !== this.#boundsAtMs) {
      this.#bounds = encoder.encode(this.#boundsText(nowMs));
      this.#boundsGzipHead = undefined;
      this.#boundsAtMs = nowMs;
    }
    return this.#bounds;
  }

  #boundsGzipHeadAt(nowMs: number): GzipHead {
    const bounds = this.#boundsBytes(nowMs);
    this.#boundsGzipHead ??= gzipHead(bounds);
    return this.#boundsGzipHead;
  }

  // `{"current":{"fromDateTime":"…","tillDateTime":"…"` of the moving hour ending at `nowMs`.
  #boundsText(nowMs: number): string {
    const from = this.#timestamps.format(nowMs - CURRENT_WINDOW_MS);
    const till = this.#timestamps.format(nowMs);
    return `{"current":{"fromDateTime":"${from}","tillDateTime":"${till}"`;
  }
}

const EMPTY = new Uint8Array(0);
// No bytes of its own: the gzip header alone, and the CRC-32 of nothing.
const EMPTY_GZIP_HEAD: GzipHead = Object.freeze({ opening: GZIP_HEADER, crc: 0, length: 0 });

function startsWith(bytes: Uint8Array, head: Uint8Array): boolean {
  if (bytes.byteLength < head.byteLength) return false;
  for (let i = 0; i < head.byteLength; i++) if (bytes[i] !== head[i]) return false;
  return true;
}

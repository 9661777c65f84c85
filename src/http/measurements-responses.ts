import { LruCache } from '../payload/lru-cache.js';
import type { FreshnessHorizon, PayloadFreshness } from '../payload/measurements-service.js';
import { TimestampTexts } from '../payload/timestamp-texts.js';
import { CURRENT_WINDOW_MS } from '../time/windows.js';
import { weakEntityTag } from './entity-tag.js';
import { encodeJson } from './json-body.js';

/** Default byte budget of the adapter's Measurements response cache: 64 MiB. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

// What an entry costs beyond its body: the objects around it.
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
}

const encoder = new TextEncoder();

/**
 * The response cache of the measurement routes. A Measurements payload is serialised once and
 * split after the bounds of `current` (`{"current":{"fromDateTime":"…","tillDateTime":"…"`),
 * the only bytes that follow the request instant; the rest is kept with its weak tag for as
 * long as the payload's {@link PayloadFreshness} says it is exact. A later request inside the
 * horizon costs a validity check, its two bounds and one copy. Entries are kept by key (route,
 * parameters and language) in an LRU bounded in bytes.
 *
 * @example
 * const responses = new MeasurementsResponses(DEFAULT_RESPONSE_CACHE_BYTES);
 * const entry = await responses.entryOf('point|50|19|en', payload, freshness, nowMs);
 * responses.body(entry, nowMs); // the UTF-8 JSON of the payload at nowMs
 */
export class MeasurementsResponses {
  readonly #cache: LruCache<string, MeasurementsEntry>;
  readonly #timestamps = new TimestampTexts();

  /** @param maxBytes - byte budget of the kept entries (0: keep none) */
  constructor(maxBytes: number) {
    this.#cache = new LruCache(maxBytes, (entry) => entry.tail.byteLength + ENTRY_OVERHEAD_BYTES);
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
    };
    if (keep && this.#cache.capacity > 0) this.#cache.set(key, entry);
    return entry;
  }

  /** The whole body of `entry` for a request at `nowMs`. */
  body(entry: MeasurementsEntry, nowMs: number): Uint8Array {
    if (!entry.movingBounds) return entry.tail;
    const head = encoder.encode(this.#boundsText(nowMs));
    const body = new Uint8Array(head.byteLength + entry.tail.byteLength);
    body.set(head, 0);
    body.set(entry.tail, head.byteLength);
    return body;
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

import { joinChunks } from '../payload/json-parts.js';
import { LruCache } from '../payload/lru-cache.js';
import type {
  FreshnessHorizon,
  NetworkPayload,
  PayloadFreshness,
} from '../payload/measurements-service.js';
import { type NetworkBodyParts, networkBodyParts } from '../payload/network-body.js';
import { TimestampTexts } from '../payload/timestamp-texts.js';
import { CURRENT_WINDOW_MS } from '../time/windows.js';
import type { GzipFunction } from './core-request.js';
import { weakEntityTag } from './entity-tag.js';
import { encodeJson, PER_RESPONSE_GZIP } from './json-body.js';
import { NetworkRuns } from './network-runs.js';
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
// to well under its size) and the objects around them. A network body in runs is weighed the
// same way: its runs' bytes, their streams and the joined gzip member come to about 1.3 times
// its length.
const ENTRY_OVERHEAD_BYTES = 512;

/** A Measurements body with everything but the request's own bounds of `current` serialised. */
export interface MeasurementsEntry {
  /** `undefined` when the service gave no validity horizon: the entry serves one answer. */
  readonly freshness: PayloadFreshness | undefined;
  /**
   * The body after the bounds of `current` (the whole body when they do not move); empty
   * when `runs` holds the body.
   */
  readonly tail: Uint8Array;
  /** The weak tag of `tail` (or of the body in `runs`): everything but the bounds of `current`. */
  readonly etag: string;
  /** Whether the body starts with the moving bounds, written anew for each request instant. */
  readonly movingBounds: boolean;
  /** The tail's raw DEFLATE, compressed on the first gzip answer of a kept entry. */
  deflated: Promise<DeflatedTail> | undefined;
  /** A network body kept in runs of elements (network-runs.ts), with its bounds fixed. */
  readonly runs?: NetworkRuns;
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
 * parameters and language) in an LRU bounded in bytes. A network payload that carries its
 * elements' JSON (network-body.ts) is kept in runs instead (network-runs.ts): when it goes
 * stale, the next body of its key takes over every run whose elements did not change, so an
 * answer after one late sample serialises and compresses one run, not the whole network.
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
      (entry) => 2 * (entry.tail.byteLength + (entry.runs?.length ?? 0)) + ENTRY_OVERHEAD_BYTES,
    );
    this.#gzip = gzip;
    this.#deflateRaw = deflateRaw;
  }

  /**
   * The kept entry of `key` if it is still exact at `nowMs`; a stale one is dropped, except a
   * network body in runs, which stays until the next body of its key has taken its runs.
   */
  lookup(key: string, nowMs: number): MeasurementsEntry | undefined {
    const entry = this.#cache.get(key);
    if (entry === undefined) return undefined;
    if (entry.freshness?.validAt(nowMs) === true) return entry;
    if (entry.runs === undefined) this.#cache.delete(key);
    return undefined;
  }

  /**
   * Serialises a freshly computed payload for the request at `nowMs` and keeps it under `key`
   * when it comes with a validity horizon (which also sets the answer's `max-age`).
   * With `elementJson` (a network payload's elements as JSON texts), the body is kept in runs
   * and only the runs that changed since the key's last body are serialised and compressed.
   */
  async entryOf(
    key: string,
    payload: object,
    horizon: FreshnessHorizon | undefined,
    nowMs: number,
    elementJson?: readonly string[],
  ): Promise<MeasurementsEntry> {
    const freshness = await horizon?.();
    // In runs only when kept, and so reused: else the whole serialisation is the cheaper one.
    // A body without a horizon (over a store shared by several processes) is never answered
    // from the cache, but its runs are kept for the key's next body all the same.
    const parts =
      elementJson !== undefined && freshness?.movingBounds !== true && this.#cache.capacity > 0
        ? networkBodyParts(payload as NetworkPayload, elementJson)
        : undefined;
    if (parts !== undefined) return this.#runsEntry(key, parts, freshness);
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

  /**
   * The body of `entry` for a request at `nowMs`, gzipped when `gzip`: at most 3 pieces, or a
   * network body's runs (one piece gzipped). Pieces are shared: never modify them.
   */
  async body(
    entry: MeasurementsEntry,
    nowMs: number,
    gzip: boolean,
  ): Promise<readonly Uint8Array[]> {
    const deflateRaw = this.#deflateRaw;
    const { runs } = entry;
    if (runs !== undefined) {
      if (!gzip) return runs.chunks;
      if (deflateRaw !== undefined) return [await runs.gzip(deflateRaw, { effort: 'best' })];
      return [await this.#gzip(joinChunks(runs.chunks), PER_RESPONSE_GZIP)];
    }
    const head = entry.movingBounds ? this.#boundsBytes(nowMs) : EMPTY;
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

  // The entry of a network body: the runs of the key's previous body that still hold the same
  // elements are taken as they are (its entry is kept stale for this, see `lookup`).
  #runsEntry(
    key: string,
    parts: NetworkBodyParts,
    freshness: PayloadFreshness | undefined,
  ): MeasurementsEntry {
    const runs = NetworkRuns.of(parts, this.#cache.get(key)?.runs);
    const entry: MeasurementsEntry = {
      freshness,
      tail: EMPTY,
      etag: runs.etag,
      movingBounds: false,
      deflated: undefined,
      runs,
    };
    this.#cache.set(key, entry);
    return entry;
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

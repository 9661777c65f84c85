import { checkFunction } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { type CounterStore, InMemoryCounterStore } from '../limits/counter-store.js';
import { DEFAULT_DAY_LIMIT, DEFAULT_MINUTE_LIMIT } from '../limits/rate-limiter.js';
import type { MeasurementsService } from '../payload/measurements-service.js';
import type { SampleWriter } from '../store/sample-writer.js';
import { type ApiKeyConfig, checkLimit, createKeyRing, type KeyRing } from './api-keys.js';
import type { ApiLogger, GzipFunction } from './core-request.js';
import { webDeflateRaw, webGzip } from './json-body.js';
import { DEFAULT_RESPONSE_CACHE_BYTES } from './measurements-responses.js';
import { DEFAULT_MAX_BODY_BYTES } from './request-body.js';
import type { DeflateRaw } from './spliced-gzip.js';
import { UNLIMITED_WRITES } from './write-access.js';

/** Options of `createApi`. */
export interface ApiOptions {
  /** Where the data comes from (e.g. `createMeasurementsService({ store, whoEdition })`). */
  readonly service: MeasurementsService;
  /** Accepted keys, at least one; a string takes the default limits. */
  readonly keys: readonly (string | ApiKeyConfig)[];
  /** Requests per key per UTC day unless the key says otherwise. Default 100. */
  readonly dayLimit?: number;
  /** Requests per key per minute unless the key says otherwise. Default 50. */
  readonly minuteLimit?: number;
  /** Rate-limit counters. Default: a new {@link InMemoryCounterStore} (one process). */
  readonly counterStore?: CounterStore;
  /**
   * What a keyed request gets when the counter store is unavailable (it rejected with
   * `DependencyUnavailableError`, e.g. Redis down or past its deadline): `false` (default)
   * answers 503 `SERVICE_UNAVAILABLE`, so no key exceeds its limits; `true` serves the request
   * uncounted, without rate headers, and logs an `error` line for it.
   */
  readonly countersFailOpen?: boolean;
  /** Epoch milliseconds of "now" for the data (windows of the payloads). Default `Date.now`. */
  readonly clock?: () => number;
  /**
   * Epoch milliseconds for the rate-limit windows. Default `Date.now`, whatever `clock` is:
   * freezing the data clock (reproducible payloads, demos) must not freeze the minute window,
   * or a client blocked for the minute would stay blocked. Pass the same function as `clock`
   * to move both together (tests): it is then read once per request, for both.
   */
  readonly limitsClock?: () => number;
  /** Gets one `info` line per request (key redacted) and an `error` per unexpected failure. */
  readonly logger?: ApiLogger;
  /** `https://api.example.com/base` for `Location` behind a proxy. Default: from `Host`. */
  readonly publicBaseUrl?: string;
  /**
   * gzip implementation. Default `webGzip` (the Web `CompressionStream`, any runtime); on Node
   * pass `createNodeGzip()`, which is several times cheaper per response.
   */
  readonly gzip?: GzipFunction;
  /**
   * Raw DEFLATE for the kept part of cached Measurements bodies: compressed once, then each gzip
   * answer adds only its own bounds of `current`. Default: `webDeflateRaw` when `gzip` is the
   * default too; on Node pass `createNodeDeflateRaw()` beside `createNodeGzip()`. Absent with a
   * `gzip` of your own: each gzip body is compressed whole with it.
   */
  readonly deflateRaw?: DeflateRaw;
  /**
   * Bytes of Measurements answers kept for later requests, least recently used first out.
   * Default 64 MiB; 0 keeps none. An answer is kept while the payload's validity horizon says
   * it is exactly what a fresh computation would give: while the `freshness` horizon the
   * service returned with the payload says so (see `FreshnessHorizon`; the service of
   * `createMeasurementsService` gives one over a store with `dataVersion` and
   * `firstSampleTimes`). An entry counts its body plus 512 bytes.
   */
  readonly responseCacheBytes?: number;
  /**
   * Where `POST /v2/airq/samples` and `POST /v2/airq/airrohr` store: a `JournaledStore` (the
   * in-memory store the service reads, with a journal on disk) or a `PostgresStore`. Needed
   * with `writeKeys`; without write keys the write routes answer 403.
   */
  readonly writer?: SampleWriter;
  /**
   * The keys that may write (read keys never do), in the shape of `keys`; a key without limits
   * of its own is never counted. Default: none, and the write routes answer 403.
   */
  readonly writeKeys?: readonly (string | ApiKeyConfig)[];
  /** Largest write body in bytes, as sent and once decompressed. Default 1 MiB. */
  readonly maxBodyBytes?: number;
}

/** {@link ApiOptions} checked, with every default applied (`publicBaseUrl` without a trailing slash). */
export type ResolvedApiOptions = Readonly<
  Required<
    Pick<
      ApiOptions,
      'service' | 'counterStore' | 'countersFailOpen' | 'clock' | 'limitsClock' | 'gzip'
    >
  > & {
    keyRing: KeyRing;
    logger: ApiLogger | undefined;
    publicBaseUrl: string | undefined;
    deflateRaw: DeflateRaw | undefined;
    responseCacheBytes: number;
    writer: SampleWriter | undefined;
    writeKeyRing: KeyRing | undefined;
    maxBodyBytes: number;
  }
>;

const BASE_URL = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?$/;

/**
 * Checks the options of `createApi` once, at the boundary, and applies the defaults.
 *
 * @throws TypeError / RangeError naming the offending option and its value
 * @example
 * resolveApiOptions({ service, keys: ['demo'] }).publicBaseUrl; // undefined
 */
export function resolveApiOptions(options: ApiOptions): ResolvedApiOptions {
  const service: unknown = options?.service;
  if (typeof service !== 'object' || service === null) {
    const expectation = 'must be a MeasurementsService';
    throw argumentError(TypeError, 'createApi', 'service', expectation, service);
  }
  for (const method of [
    'findInstallation',
    'nearestInstallations',
    'installationMeasurements',
    'nearestMeasurements',
    'pointMeasurements',
  ] as const) {
    if (typeof (service as Partial<MeasurementsService>)[method] !== 'function') {
      // Names the missing method instead of printing the whole object.
      throw new TypeError(
        `createApi: service must be a MeasurementsService, got an object without ${method}()`,
      );
    }
  }
  if (!Array.isArray(options.keys) || options.keys.length === 0) {
    throw argumentError(TypeError, 'createApi', 'keys', 'must be a non-empty array', options.keys);
  }
  for (const name of ['clock', 'limitsClock', 'gzip', 'deflateRaw'] as const) {
    // Optional: absent means the default.
    if (options[name] !== undefined) checkFunction('createApi', name, options[name]);
  }
  const countersFailOpen = options.countersFailOpen ?? false;
  if (typeof countersFailOpen !== 'boolean') {
    const expectation = 'must be a boolean';
    throw argumentError(TypeError, 'createApi', 'countersFailOpen', expectation, countersFailOpen);
  }
  const { publicBaseUrl } = options;
  if (
    publicBaseUrl !== undefined &&
    (typeof publicBaseUrl !== 'string' || !BASE_URL.test(publicBaseUrl))
  ) {
    const expectation = 'must be an absolute http(s) URL without query';
    throw argumentError(TypeError, 'createApi', 'publicBaseUrl', expectation, publicBaseUrl);
  }
  const dayLimit = checkLimit('createApi', 'dayLimit', options.dayLimit ?? DEFAULT_DAY_LIMIT);
  const minuteLimit = options.minuteLimit ?? DEFAULT_MINUTE_LIMIT;
  checkLimit('createApi', 'minuteLimit', minuteLimit);
  const responseCacheBytes = options.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES;
  if (!Number.isSafeInteger(responseCacheBytes) || responseCacheBytes < 0) {
    const [name, expectation] = ['responseCacheBytes', 'must be a non-negative integer'];
    throw argumentError(RangeError, 'createApi', name, expectation, responseCacheBytes);
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) {
    const expectation = 'must be a positive integer';
    throw argumentError(RangeError, 'createApi', 'maxBodyBytes', expectation, maxBodyBytes);
  }
  const { writer, writeKeys } = options;
  if (writeKeys !== undefined && (!Array.isArray(writeKeys) || writeKeys.length === 0)) {
    const expectation = 'must be a non-empty array when given';
    throw argumentError(TypeError, 'createApi', 'writeKeys', expectation, writeKeys);
  }
  if (writeKeys !== undefined && typeof writer?.writeSamples !== 'function') {
    const expectation = 'must be a SampleWriter when writeKeys are given';
    throw argumentError(TypeError, 'createApi', 'writer', expectation, writer);
  }
  const unlimited = { dayLimit: UNLIMITED_WRITES, minuteLimit: UNLIMITED_WRITES };
  return {
    service: service as MeasurementsService,
    writer,
    writeKeyRing: writeKeys === undefined ? undefined : createKeyRing(writeKeys, unlimited),
    maxBodyBytes,
    keyRing: createKeyRing(options.keys, { dayLimit, minuteLimit }),
    counterStore: options.counterStore ?? new InMemoryCounterStore(),
    countersFailOpen,
    clock: options.clock ?? Date.now,
    limitsClock: options.limitsClock ?? Date.now,
    logger: options.logger,
    publicBaseUrl: publicBaseUrl?.replace(/\/+$/, ''),
    gzip: options.gzip ?? webGzip,
    deflateRaw: options.deflateRaw ?? (options.gzip === undefined ? webDeflateRaw : undefined),
    responseCacheBytes,
  };
}

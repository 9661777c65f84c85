import type {
  IndexTypeMeta,
  Installation,
  Measurements,
  MeasurementTypeMeta,
} from '../../model/api-types.js';
import type { InterpolationInfo } from '../../payload/measurements-service.js';
import type { PageLanguage } from './page-language.js';

/** A `/v2` answer the page cannot use, sorted by what the page does about it. */
export type ApiFailure =
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'rate-limited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'unavailable'; readonly retryAfterSeconds: number }
  | { readonly kind: 'failed'; readonly status: number }
  | { readonly kind: 'unreachable' };

/** Thrown by {@link ApiClient} for every answer other than 200. */
export class ApiFailureError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(`airq page: /v2 request failed: ${failure.kind}`);
    this.failure = failure;
  }
}

/** The point payload: a Measurements payload and the installations it was interpolated from. */
export interface PointMeasurements extends Measurements {
  readonly interpolation?: InterpolationInfo;
}

/** One installation of `/v2/airq/network`: where it is and its current index. */
export interface NetworkInstallation {
  readonly id: number;
  readonly location: { readonly latitude: number; readonly longitude: number };
  readonly index: NetworkIndex;
}

/** An installation's current index in `/v2/airq/network`: `current.indexes[0]` without advice. */
export interface NetworkIndex {
  readonly name: string;
  /** `null` (with level `UNKNOWN`) when the installation has no data now. */
  readonly value: number | null;
  readonly level: string;
  readonly description: string;
  /** `#RRGGBB`. */
  readonly color: string;
}

/** The body of `/v2/airq/network`: every active installation, sorted by id. */
export interface NetworkState {
  readonly indexType: string;
  readonly installations: readonly NetworkInstallation[];
}

/** An answer of `/v2/airq/network` (200, or 304 without `network`) and what its headers say. */
export interface NetworkAnswer {
  readonly network: NetworkState | undefined;
  readonly etag: string | undefined;
  readonly remainingDay: number | undefined;
}

// Without a usable Retry-After the page waits this long before it tries again, s.
const DEFAULT_RETRY_SECONDS = 60;

function retryAfterSeconds(headers: Headers): number {
  const text = headers.get('Retry-After')?.trim() ?? '';
  const seconds = Number(text);
  return text !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_SECONDS;
}

/**
 * Sorts a non-200 answer: 401 (the key), 429 (the limits, with the wait until they reset from
 * `Retry-After`), 503 (the service, with its `Retry-After`) and anything else.
 */
export function classifyAnswer(status: number, headers: Headers): ApiFailure {
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 429)
    return { kind: 'rate-limited', retryAfterSeconds: retryAfterSeconds(headers) };
  if (status === 503) return { kind: 'unavailable', retryAfterSeconds: retryAfterSeconds(headers) };
  return { kind: 'failed', status };
}

/** The `/v2` routes the page reads, on the page's own origin, with its key and language. */
export class ApiClient {
  readonly #key: string;
  readonly #language: PageLanguage;

  constructor(key: string, language: PageLanguage) {
    this.#key = key;
    this.#language = language;
  }

  /** The API key the requests carry. */
  get key(): string {
    return this.#key;
  }

  async #request(
    path: string,
    query: Record<string, string | number>,
    etag?: string,
  ): Promise<Response> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) search.set(name, String(value));
    const queryText = search.toString();
    const target = queryText === '' ? path : `${path}?${queryText}`;
    const headers: Record<string, string> = {
      apikey: this.#key,
      'Accept-Language': this.#language,
      Accept: 'application/json',
    };
    if (etag !== undefined) headers['If-None-Match'] = etag;
    try {
      // no-store: the page keeps the ETag itself, so the browser's cache adds nothing but a
      // second copy of a 10,000-installation network.
      return await fetch(target, { headers, cache: 'no-store' });
    } catch {
      throw new ApiFailureError({ kind: 'unreachable' });
    }
  }

  async #get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const response = await this.#request(path, query);
    if (response.status !== 200) {
      // Read the body so the connection is free for the next request.
      await response.arrayBuffer().catch(() => undefined);
      throw new ApiFailureError(classifyAnswer(response.status, response.headers));
    }
    return (await response.json()) as T;
  }

  /** Every active installation: nearest to any point, with no distance or count limit. */
  installations(): Promise<Installation[]> {
    return this.#get('/v2/installations/nearest', {
      lat: 0,
      lng: 0,
      maxDistanceKM: -1,
      maxResults: -1,
    });
  }

  /**
   * The whole network's current index for one index type (airq's `/v2/airq/network`), asked
   * with `If-None-Match: etag` when an ETag is given; `network` is `undefined` for 304 (what
   * the page holds is still current). `remainingDay` is the key's requests left today.
   */
  async network(indexType: string, etag?: string): Promise<NetworkAnswer> {
    const response = await this.#request('/v2/airq/network', { indexType }, etag);
    if (response.status !== 200 && response.status !== 304) {
      await response.arrayBuffer().catch(() => undefined);
      throw new ApiFailureError(classifyAnswer(response.status, response.headers));
    }
    const remaining = Number(response.headers.get('X-RateLimit-Remaining-day') ?? Number.NaN);
    return {
      network: response.status === 304 ? undefined : ((await response.json()) as NetworkState),
      etag: response.headers.get('ETag') ?? etag,
      remainingDay: Number.isFinite(remaining) ? remaining : undefined,
    };
  }

  indexTypes(): Promise<IndexTypeMeta[]> {
    return this.#get('/v2/meta/indexes');
  }

  measurementTypes(): Promise<MeasurementTypeMeta[]> {
    return this.#get('/v2/meta/measurements');
  }

  installationMeasurements(installationId: number, indexType: string): Promise<Measurements> {
    return this.#get('/v2/measurements/installation', { installationId, indexType });
  }

  pointMeasurements(
    latitude: number,
    longitude: number,
    indexType: string,
  ): Promise<PointMeasurements> {
    return this.#get('/v2/measurements/point', {
      lat: latitude,
      lng: longitude,
      indexType,
    });
  }
}

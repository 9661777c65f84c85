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

  async #get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) search.set(name, String(value));
    const queryText = search.toString();
    const target = queryText === '' ? path : `${path}?${queryText}`;
    let response: Response;
    try {
      response = await fetch(target, {
        headers: {
          apikey: this.#key,
          'Accept-Language': this.#language,
          Accept: 'application/json',
        },
      });
    } catch {
      throw new ApiFailureError({ kind: 'unreachable' });
    }
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

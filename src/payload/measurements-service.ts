import type { IndexTypeName } from '../indexes/index-table.js';
import type { IndexValue, Installation, Language, Measurements } from '../model/api-types.js';
import type { InstallationLookup } from '../store/measurement-store.js';
import type { Instant } from '../time/instant.js';
import type { NetworkBox } from './network-box.js';

export type { NetworkBox } from './network-box.js';

/** Per-request options of every measurements call. */
export interface MeasurementsRequestOptions {
  /** The request time; all windows derive from it. */
  readonly now: Instant;
  /** Default `VENDOR_CAQI`. */
  readonly indexType?: IndexTypeName;
  /** Default `en`. */
  readonly language?: Language;
}

/** An installation that took part in a point interpolation. */
export interface InterpolationContributor {
  readonly installationId: number;
  /** Great-circle distance from the point, km. */
  readonly distanceKm: number;
  /** Normalised weight (all contributors of one type sum to 1), for the current window. */
  readonly weight: number;
}

/**
 * The extra top-level field of a point payload: it says that the values are an interpolation
 * over several installations (the spec forbids presenting such an average as one measurement).
 */
export interface InterpolationInfo {
  readonly method: 'INVERSE_DISTANCE';
  readonly radiusKm: number;
  readonly contributors: readonly InterpolationContributor[];
}

/** The point payload: a Measurements payload plus its interpolation note. */
export interface PointMeasurements extends Measurements {
  readonly interpolation: InterpolationInfo;
}

/**
 * How long a Measurements payload stays exactly what a fresh computation would give, so that an
 * adapter may answer later requests from its bytes.
 */
export interface PayloadFreshness {
  /** Whether a request at `nowMs` (epoch ms) would get the same payload, bounds of `current` aside. */
  validAt(nowMs: number): boolean;
  /** Whole seconds from `nowMs` to the end of the horizon (0 when less than one is left). */
  secondsLeft(nowMs: number): number;
  /** `current` is the moving hour `[now − 60 min, now)`: only its two bounds follow the request. */
  readonly movingBounds: boolean;
}

/**
 * Works out the validity horizon of the payload it came with; called only by those who cache
 * (the HTTP adapter), so a direct caller of the service does not pay for it. Absent: the payload
 * answers its own request only.
 */
export type FreshnessHorizon = () => Promise<PayloadFreshness>;

/** Outcome of a measurements query by installation id. */
export type InstallationMeasurementsResult =
  | {
      readonly status: 'ok';
      readonly installation: Installation;
      readonly payload: Measurements;
      readonly freshness?: FreshnessHorizon;
    }
  | { readonly status: 'replaced'; readonly successorId: number }
  | { readonly status: 'missing' };

/** Outcome of a measurements query for the nearest installation. */
export type NearestMeasurementsResult =
  | {
      readonly status: 'ok';
      readonly installation: Installation;
      readonly distanceKm: number;
      readonly payload: Measurements;
      readonly freshness?: FreshnessHorizon;
    }
  | { readonly status: 'none-in-range' };

/** Outcome of a point query: always a payload. */
export interface PointMeasurementsResult {
  readonly payload: PointMeasurements;
  readonly freshness?: FreshnessHorizon;
}

/** Options of a network query: a measurements request and, optionally, a bounding box. */
export interface NetworkRequestOptions extends MeasurementsRequestOptions {
  /** Only the installations inside it (edges included); default: every active installation. */
  readonly box?: NetworkBox;
}

/** An installation's index in a network answer: `current.indexes[0]` without advice. */
export type NetworkIndex = Pick<IndexValue, 'name' | 'value' | 'level' | 'description' | 'color'>;

/** One installation of a network answer. */
export interface NetworkInstallation {
  readonly id: number;
  readonly location: { readonly latitude: number; readonly longitude: number };
  readonly index: NetworkIndex;
}

/** The network answer: every active installation of the query, by id, with its current index. */
export interface NetworkPayload {
  readonly indexType: IndexTypeName;
  readonly installations: readonly NetworkInstallation[];
}

/** Outcome of a network query: always a payload (its list may be empty). */
export interface NetworkResult {
  readonly payload: NetworkPayload;
  /** How long the payload stays exact, as for Measurements payloads. */
  readonly freshness?: FreshnessHorizon;
  /**
   * The `JSON.stringify` of each element of `payload.installations`, in order, when the service
   * keeps its elements between requests: the adapter then serialises and compresses again only
   * the parts of the body that changed. Absent: the body is serialised whole.
   */
  readonly elementJson?: readonly string[];
}

/** Search options of the nearest queries (spec defaults: 3 km, 1 result; negative = no limit). */
export interface NearestSearchOptions {
  readonly maxDistanceKM?: number;
  readonly maxResults?: number;
}

/**
 * Everything the `/v2` routes compute, as one facade over a store. The HTTP adapter depends
 * only on this; `createMeasurementsService` builds the default implementation.
 */
export interface MeasurementsService {
  /** An installation by id (see {@link InstallationLookup}). */
  findInstallation(id: number): Promise<InstallationLookup>;
  /** Active installations nearest to a point, nearest first (ties by id). */
  nearestInstallations(
    latitude: number,
    longitude: number,
    options?: NearestSearchOptions,
  ): Promise<readonly Installation[]>;
  /** The Measurements payload of one installation. */
  installationMeasurements(
    installationId: number,
    options: MeasurementsRequestOptions,
  ): Promise<InstallationMeasurementsResult>;
  /** The Measurements payload of the nearest active installation within `maxDistanceKM`. */
  nearestMeasurements(
    latitude: number,
    longitude: number,
    search: Pick<NearestSearchOptions, 'maxDistanceKM'>,
    options: MeasurementsRequestOptions,
  ): Promise<NearestMeasurementsResult>;
  /** The interpolated payload of any point (no-data entries when no sensor is within 1.5 km). */
  pointMeasurements(
    latitude: number,
    longitude: number,
    options: MeasurementsRequestOptions,
  ): Promise<PointMeasurementsResult>;
  /**
   * Optional (an airq extension of `/v2`): every active installation, or those in
   * `options.box`, sorted by id, each with the index of its `current`, exactly
   * `current.indexes[0]` of `installationMeasurements` at the same instant (without `advice`).
   * The adapter answers `GET /v2/airq/network` with it and 404 when a service lacks it.
   */
  networkIndexes?(options: NetworkRequestOptions): Promise<NetworkResult>;
}

import type { MeasurementTypeName } from '../meta/measurement-types.js';
import type { NetworkBox } from '../payload/network-box.js';
import type { StoredInstallation } from '../store/stored-installation.js';

// What one poll of a followed open-data source gives, before any installation id is assigned:
// places keyed by the source's own id, and samples of those places. The readers of each source
// produce it from a whole answer (nothing of a half-read answer ever leaves a reader); the
// follow sink gives each place a stable installation id and stores the batch durably.

/** The open-data sources a running airq can follow (`--follow`). */
export type FollowedSourceName = 'sensor-community' | 'openaq' | 'purpleair';

/**
 * A place of a followed source: where the source says its sensors stand, and the installation
 * that stands for it, described as the source's importer (`airq import`) describes it.
 *
 * @example
 * const place: FollowedPlace = {
 *   sourceId: 1071,
 *   installation: { location: { latitude: 52.544, longitude: 13.374 }, address: …, elevation: 38.7, vendor: false },
 * };
 */
export interface FollowedPlace {
  /**
   * The source's own id, a positive safe integer: Sensor.Community's `location.id`, OpenAQ's
   * location id, PurpleAir's `sensor_index`.
   */
  readonly sourceId: number;
  /** The installation without its id (assigned once by the follow sink and kept). */
  readonly installation: Omit<StoredInstallation, 'id'>;
}

/** A sample of a followed place, in the unit of its measurement type. */
export interface FollowedSample {
  /** The {@link FollowedPlace.sourceId} of the place it was measured at. */
  readonly sourceId: number;
  readonly name: MeasurementTypeName;
  /** Epoch milliseconds of the measurement (UTC). */
  readonly atMs: number;
  readonly value: number;
}

/**
 * Everything one poll read, complete: its places (each at most once) and their samples.
 * `skipped` counts what was read and left out, by a short reason (`indoor`, `outside the box`,
 * `no coordinates`, `unreadable value`, …), for the log.
 */
export interface FollowedBatch {
  readonly places: readonly FollowedPlace[];
  readonly samples: readonly FollowedSample[];
  readonly skipped: Readonly<Record<string, number>>;
}

/** What every source's poll is given. */
export interface FollowOptions {
  /** Only places inside this box are read (edges included; `minLng > maxLng` crosses 180°). */
  readonly box: NetworkBox;
  /** Whether indoor places are read too; the CLI passes `--follow-indoor` (off by default). */
  readonly indoor: boolean;
  /**
   * The source's base URL, an http(s) URL without credentials, query or fragment (trailing
   * slashes are dropped):
   * `SENSOR_COMMUNITY_BASE_URL`, `OPENAQ_BASE_URL` or `PURPLEAIR_BASE_URL`, or a mirror (the
   * CLI's `--follow-url`).
   */
  readonly baseUrl: string;
  /** The source's key, when it needs one (`AIRQ_OPENAQ_KEY`, `AIRQ_PURPLEAIR_KEY`); never logged. */
  readonly key?: string;
}

/**
 * The message of anything thrown, as a poll's failure line quotes it.
 *
 * @example
 * messageOf(new Error('socket hang up')); // 'socket hang up'
 * messageOf('aborted'); // 'aborted'
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a poll was dropped whole. `retryAfterMs` is set when the source said when to come back
 * (a `Retry-After` header, a rate-limit reset); the follower waits at least that long.
 *
 * @example
 * throw new PollFailure('answered 429 Too Many Requests', 30_000);
 */
export class PollFailure extends Error {
  override readonly name = 'PollFailure';
  readonly retryAfterMs: number | undefined;

  constructor(message: string, retryAfterMs?: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * One followed source. `poll` makes every request one poll needs with the `fetch` it is given
 * (so tests and mirrors can point it anywhere), reads each answer whole, and either resolves
 * with the complete batch or rejects with a {@link PollFailure}; it never stores anything.
 * A source may keep state between polls (PurpleAir's `modified_since`), advanced only by a
 * poll that resolved.
 */
export interface FollowedSource {
  readonly name: FollowedSourceName;
  /** The interval between polls that respects the source's published cadence and limits. */
  readonly defaultEveryMs: number;
  /**
   * @param fetch - WHATWG `fetch` (Node's global one in production)
   * @param signal - aborted when the poll's deadline (20 s) passes or the server stops
   * @param nowMs - the data clock, epoch ms
   */
  poll(fetch: typeof globalThis.fetch, signal: AbortSignal, nowMs: number): Promise<FollowedBatch>;
  /**
   * Frees what the source keeps between polls (Sensor.Community's reading thread); the follower
   * calls it when it stops. A later poll may start it again.
   */
  close?(): Promise<void>;
}

/** What the follow sink did with a batch. */
export interface FollowStoreReport {
  /** Places seen for the first time (or at new coordinates), given new installations. */
  readonly newInstallations: number;
  /** Samples written (new, or at a time the sink had stored with another value). */
  readonly acceptedSamples: number;
  /**
   * Samples not written because this sink wrote the same value at the same installation, type
   * and time for the source's previous batch (or earlier in this one): the source repeated
   * them. Zero for the first batch after a start and after a store failure; absent from a sink
   * that does not tell (one of a program's own, written before this count existed).
   */
  readonly repeatedSamples?: number;
  /** Samples the store refused (outside its range, before the retention horizon, …). */
  readonly rejectedSamples: number;
}

/**
 * Where a follower puts what a poll read: the store's durable path (the journal, or
 * PostgreSQL). A place gets an installation id once, kept with the data, so the same place has
 * the same id after a restart and in every instance sharing the store; a place seen at new
 * coordinates is split as the importers split it.
 */
export interface FollowSink {
  /** Resolves once the batch's installations and samples are durable and served. */
  storeBatch(source: FollowedSourceName, batch: FollowedBatch): Promise<FollowStoreReport>;
}

/**
 * Makes sure that at most one instance polls a source at a time when several share one
 * PostgreSQL database (a lease row per source); without a database the lease is always held.
 * The follower calls `hold` before every poll: a holder that dies stops renewing, and another
 * instance takes the source over once `ttlMs` has passed.
 */
export interface FollowLease {
  /**
   * Takes the lease of `source`, or renews it when this instance holds it, until `ttlMs` from
   * now (the database's clock); resolves with whether this instance holds it.
   */
  hold(source: FollowedSourceName, ttlMs: number): Promise<boolean>;
  /** Gives the lease up at once (when the server stops), so that another instance need not wait. */
  release(source: FollowedSourceName): Promise<void>;
}

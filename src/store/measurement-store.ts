import type { Installation } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { TimeWindow } from '../time/windows.js';

/**
 * What a store knows about an installation id.
 * - `active`: it exists and serves data;
 * - `replaced`: its sensor was replaced; `successorId` is the last active installation of the
 *   replacement chain (A → B → C gives C for both A and B);
 * - `missing`: it never existed, or it was removed without a successor (both answer 404).
 */
export type InstallationLookup =
  | { readonly status: 'active'; readonly installation: Installation }
  | {
      readonly status: 'replaced';
      readonly installation: Installation;
      readonly successorId: number;
    }
  | { readonly status: 'missing' };

/**
 * The port that payload assembly and the HTTP adapter read data through. Promise-returning so
 * that a database-backed store can implement it; {@link InMemoryStore} is the default.
 */
export interface MeasurementStore {
  /** Resolves an installation id, following replacement chains to the final active one. */
  findInstallation(id: number): Promise<InstallationLookup>;
  /** Every active installation (replaced and removed ones excluded), for spatial indexing. */
  listActiveInstallations(): Promise<readonly Installation[]>;
  /**
   * Averages per measurement type for each window, in the order of `windows`.
   * An unknown installation gives empty records.
   */
  windowAverages(
    installationId: number,
    windows: readonly TimeWindow[],
  ): Promise<readonly WindowAverages[]>;
  /**
   * Increases whenever the set of installations changes (added, removed, replaced), so users
   * of `listActiveInstallations` know when to rebuild their spatial index.
   */
  readonly installationsVersion: number;
  /**
   * Optional: a number that changes whenever a sample of the installation earlier than
   * `beforeMs` is added, replaced or removed (late and out-of-order samples and pruning
   * included). It may change more often than that (a store may ignore `beforeMs` and change it
   * on every ingest), but must never stay the same across such a change. With it, the
   * measurements service keeps each installation's hourly history and forecast, which depend
   * only on samples before the hour in progress, until that hour or this number changes;
   * without it, every payload is computed from scratch. Synchronous and cheap: it is read for
   * every installation of every request.
   *
   * @param beforeMs - epoch ms; in practice the start of the hour that contains the request,
   *   or `+Infinity` (then it must change whenever any sample of the installation changes)
   */
  dataVersion?(installationId: number, beforeMs: number): number;
  /**
   * Optional: brings this process's view up to date with changes made by other processes
   * (installations added, replaced or removed; samples written), so that the synchronous
   * `installationsVersion` and `dataVersion` then reflect them. The measurements service awaits
   * it once at the start of every call, before reading either; a store whose data only change
   * through itself (the in-memory store) leaves it out. May reject like any other call of the
   * store (e.g. with `DependencyUnavailableError`).
   */
  refresh?(): Promise<void>;
  /**
   * Optional, and used only together with `dataVersion`: for each instant of `instantsMs`, the
   * earliest timestamp of any sample of the installation (any measurement type) at or after
   * it, `+Infinity` when there is none. The measurements service reads it once per computed
   * payload, at the edges of the windows behind `current` (`now` and `now − 60 min`, or the 25
   * hour edges of a national index's 24 hours), to know until when `current` stays exactly
   * what it is: the first instant a sample enters or leaves one of those windows. With it and
   * `dataVersion(id, +Infinity)` (read per request for every contributing installation) the
   * HTTP adapter answers from whole cached bodies; without it the adapter computes `current`
   * for every request. A store with `refresh` gets no such cache (a cached answer is checked
   * synchronously, without a refresh, so changes by other processes would go unseen).
   *
   * @param instantsMs - finite epoch ms, in any order
   * @returns one timestamp per instant, in the order of `instantsMs`
   */
  firstSampleTimes?(
    installationId: number,
    instantsMs: readonly number[],
  ): Promise<readonly number[]>;
}

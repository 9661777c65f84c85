import type { Pool } from 'pg';
import type { WindowAverages } from '../../model/window-averages.js';
import type { TimeWindow } from '../../time/windows.js';
import { correctedWindows } from '../corrected-averages.js';
import type { InstallationRegistry } from '../installation-registry.js';
import {
  checkFirstSampleTimesArguments,
  checkWindowAveragesArguments,
} from '../store-arguments.js';
import type { ChangeFeed } from './change-feed.js';
import { queryFirstSampleTimes } from './first-sample-times-query.js';
import { storeCall } from './pg-failures.js';
import type { RecentSamples } from './recent-samples.js';
import { queryWindowAverages, storeBound } from './window-averages-query.js';

// Where a `PostgresStore` answers window averages from: this process's copy of recent samples
// when a refresh has confirmed it, the server otherwise; corrected per window either way. The
// copy is confirmed or forgotten by every refresh, which is why that step lives here too.

/**
 * What a `PostgresStore` lends {@link readWindowAverages} and {@link confirmedRefresh}: built
 * once from its private fields, so the class stays the only owner of its state.
 */
export interface ReaderParts {
  readonly pool: Pool;
  /** The deadline of every call to the server, ms. */
  readonly deadlineMs: number;
  /** This process's view of the change log: the data versions the recent copy is kept under. */
  readonly feed: ChangeFeed;
  /** This process's copy of the recent samples, confirmed by each successful refresh. */
  readonly recent: RecentSamples;
  /** The installations as this process knows them now (a refresh may replace them). */
  readonly registry: () => InstallationRegistry;
}

/**
 * The body of `PostgresStore.windowAverages`: checks the arguments and moves the bounds into
 * the store's time range. Windows spanning at most two hours of an installation with a
 * safe-integer id may come from `parts.recent`; others are read in one statement over the
 * roll-up and the raw edges. PM25 is corrected with the installation's `correction`, read
 * before the query: a correction changed meanwhile also changed the data version.
 *
 * @param windows - `[fromMs, tillMs)` in epoch ms
 * @throws TypeError / RangeError for a bad argument; DependencyUnavailableError when the server
 *   does not answer within the deadline
 * @example
 * const hour = { fromMs: Date.UTC(2026, 10, 21, 9), tillMs: Date.UTC(2026, 10, 21, 10) };
 * await readWindowAverages(parts, 1001, [hour]); // [{ PM10: 40 }]
 */
export async function readWindowAverages(
  parts: ReaderParts,
  installationId: number,
  windows: readonly TimeWindow[],
): Promise<readonly WindowAverages[]> {
  checkWindowAveragesArguments('PostgresStore.windowAverages', installationId, windows);
  const { pool, deadlineMs, recent } = parts;
  const bounded = windows.map(({ fromMs, tillMs }) => ({
    fromMs: storeBound(fromMs),
    tillMs: storeBound(tillMs),
  }));
  // Read before the query: a correction changed meanwhile also changed the data version.
  const correction = parts.registry().correction(installationId);
  if (!Number.isSafeInteger(installationId) || !recent.serves(bounded)) {
    const records = queryWindowAverages(pool, installationId, bounded);
    return correctedWindows(await storeCall(records, deadlineMs), correction);
  }
  const version = parts.feed.versionBefore(installationId, Number.POSITIVE_INFINITY);
  const records = recent.windowAverages(pool, installationId, bounded, version);
  return correctedWindows(await storeCall(records, deadlineMs), correction);
}

/**
 * The body of `PostgresStore.firstSampleTimes`: checks the arguments, then one statement for
 * every instant, within the deadline.
 *
 * @throws TypeError / RangeError for a bad argument; DependencyUnavailableError when the server
 *   does not answer within the deadline
 * @example
 * await readFirstSampleTimes(parts, 1001, [nine, nine + 120_000]); // [nine + 60_000, Infinity]
 */
export async function readFirstSampleTimes(
  parts: ReaderParts,
  installationId: number,
  instantsMs: readonly number[],
): Promise<readonly number[]> {
  checkFirstSampleTimesArguments('PostgresStore.firstSampleTimes', installationId, instantsMs);
  return storeCall(queryFirstSampleTimes(parts.pool, installationId, instantsMs), parts.deadlineMs);
}

/**
 * Runs one refresh of a `PostgresStore` (`poll`, already started) within the deadline, then
 * confirms the recent samples, which may answer once more each; when it fails, they are
 * forgotten, since nothing says they are still current.
 *
 * @throws what `poll` threw; DependencyUnavailableError past the deadline
 * @example
 * await confirmedRefresh(parts, pollChangeLog());
 */
export async function confirmedRefresh(parts: ReaderParts, poll: Promise<void>): Promise<void> {
  try {
    await storeCall(poll, parts.deadlineMs);
  } catch (error) {
    // Unconfirmed copies are not to be trusted.
    parts.recent.clear();
    throw error;
  }
  parts.recent.confirm();
}

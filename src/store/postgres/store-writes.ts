import type { PoolClient } from 'pg';
import { ingestReport } from '../ingest-plan.js';
import type { IngestOptions, IngestReport, Sample } from '../ingest-report.js';
import { checkedInstallations } from '../installation-input.js';
import { InstallationRegistry } from '../installation-registry.js';
import { checkIngestArguments, checkOptionalSamples } from '../store-arguments.js';
import type { StoredInstallation } from '../stored-installation.js';
import { RECORD_INSTALLATIONS_CHANGE, recordWholeHistoryChanges } from './change-feed.js';
import { readInstallations, upsertInstallations } from './installation-rows.js';
import { writeBatches } from './sample-writes.js';
import { type HorizonParts, planWithinHorizon, readHorizon } from './store-horizon.js';
import { writeTransaction } from './writer-transaction.js';

// The two writes of a `PostgresStore`, each one transaction under the writers' lock: a batch of
// samples, and a set of installations with optional samples. Both plan against the horizon
// the database holds, read inside the transaction.

/** What a `PostgresStore` lends its writes, besides what {@link HorizonParts} holds. */
export interface WriterParts extends HorizonParts {
  /** Day partitions known to exist (UTC day numbers), added to once a write has committed. */
  readonly knownDays: Set<number>;
  /** The installations as this process knows them now (a refresh may replace them). */
  readonly registry: () => InstallationRegistry;
}

/**
 * The body of `PostgresStore.ingest`: checks the arguments, plans against this process's
 * installations and horizon (once more after a refresh when an id is unknown, since only a
 * newer copy can know it), then writes in one transaction, planning again there when the
 * database's horizon is later than the one planned with.
 *
 * @throws IngestError; TypeError for a bad argument; DependencyUnavailableError
 * @example
 * await ingestSamples(parts, samples, {}); // { accepted: 1, rejected: [] }
 */
export async function ingestSamples(
  parts: WriterParts,
  samples: readonly Sample[],
  options: IngestOptions,
): Promise<IngestReport> {
  const fn = 'PostgresStore.ingest';
  checkIngestArguments(fn, samples, options);
  const { feed, registry } = parts;
  let plannedFromMs = feed.retainedFromMs;
  let plan = planWithinHorizon(samples, registry(), plannedFromMs);
  // Installations are never deleted: only a newer copy can know an id this one does not.
  if (plan.rejected.some((entry) => entry.reason.includes('unknown installation'))) {
    await parts.refresh();
    plannedFromMs = feed.retainedFromMs;
    plan = planWithinHorizon(samples, registry(), plannedFromMs);
  }
  let report = ingestReport(fn, samples.length, plan, options);
  if (plan.batches.length > 0) {
    await writeAndRefresh(parts, async (client) => {
      // Another process may have moved the horizon since: plan again against it.
      const storedFromMs = await readHorizon(client, feed);
      if (storedFromMs > plannedFromMs) {
        plan = planWithinHorizon(samples, registry(), storedFromMs);
        report = ingestReport(fn, samples.length, plan, options);
      }
      return writeBatches(client, plan.batches, parts.knownDays);
    });
  }
  return report;
}

/**
 * The body of `PostgresStore.putInstallations`: checks the arguments, then in one transaction
 * checks the installations against those in the database, stores the samples as an atomic
 * ingest against the resulting set, upserts the installations, and files a change of all data
 * for each installation whose correction changed, and one of the installation set.
 *
 * @param samples - optional; validated like an atomic ingest
 * @throws TypeError / RangeError as `InMemoryStore.putInstallations`; IngestError;
 *   DependencyUnavailableError
 * @example
 * await writeInstallations(parts, [installation], samples);
 */
export async function writeInstallations(
  parts: WriterParts,
  installations: readonly StoredInstallation[],
  samples: readonly Sample[] | undefined,
): Promise<void> {
  const fn = 'PostgresStore.putInstallations';
  const checked = checkedInstallations(fn, installations);
  checkOptionalSamples(fn, samples);
  await writeAndRefresh(parts, async (client): Promise<number[]> => {
    const stored = InstallationRegistry.from(fn, await readInstallations(client));
    const registry = stored.with(fn, checked);
    let ensured: number[] = [];
    if (samples !== undefined) {
      const plan = planWithinHorizon(samples, registry, await readHorizon(client, parts.feed));
      ingestReport(fn, samples.length, plan, { atomic: true }); // throws on a refused sample
      ensured = await writeBatches(client, plan.batches, parts.knownDays);
    }
    await upsertInstallations(client, checked);
    await recordWholeHistoryChanges(client, stored.correctionChanges(registry));
    await client.query(RECORD_INSTALLATIONS_CHANGE);
    return ensured;
  });
}

/**
 * One writer transaction; `work` returns the day partitions it ensured, remembered only once
 * they are committed. Then this process's view is refreshed (a failed refresh is left to the
 * next one: the commit stands).
 *
 * @example
 * await writeAndRefresh(parts, async (client) => { await upsertInstallations(client, list); return []; });
 */
export async function writeAndRefresh(
  parts: WriterParts,
  work: (client: PoolClient) => Promise<number[]>,
): Promise<void> {
  for (const day of await writeTransaction(parts.pool, parts.deadlineMs, work)) {
    parts.knownDays.add(day);
  }
  // The commit stands; a failed refresh here (which forgets the recent samples, since the
  // data versions do not show this write) is retried by the next one.
  await parts.refresh().catch(() => undefined);
}

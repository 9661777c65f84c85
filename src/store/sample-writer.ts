import type { IngestReport, Sample } from './ingest-report.js';

/**
 * The port that live writes go through (`POST /v2/airq/samples`, `POST /v2/airq/airrohr`):
 * a store that takes samples while it serves, and says when they are safe.
 *
 * The promise of {@link SampleWriter.writeSamples} resolves only once the accepted samples are
 * durable as the writer defines it, and the next read of the store that shares them serves
 * them: `JournaledStore` after its journal's group commit, `PostgresStore` after its
 * transaction commits. A write that cannot be made durable rejects (with
 * `DependencyUnavailableError` for a disk or a database that fails), and nothing of it is
 * served.
 *
 * @example
 * const report = await writer.writeSamples([{ installationId: 1001, name: 'PM25', atMs, value: 41.3 }]);
 * report; // { accepted: 1, rejected: [] }
 */
export interface SampleWriter {
  /**
   * Stores the valid samples of a batch with the policy of `InMemoryStore.ingest` (a sample
   * at a stored installation, type and timestamp replaces its value; the rejected ones are
   * reported, with their index in `samples`), and resolves once the accepted ones are durable.
   */
  writeSamples(samples: readonly Sample[]): Promise<IngestReport>;
  /**
   * The id of the installation whose `sensors` names `device` (e.g. `esp8266-12345678`),
   * whatever its state (active, replaced or removed); `undefined` when none does.
   */
  deviceInstallation(device: string): Promise<number | undefined>;
  /** Samples before this epoch-ms instant are refused; `-Infinity` when nothing was pruned. */
  readonly retainedFromMs: number;
}

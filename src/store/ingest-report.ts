/**
 * One measured sample as it is handed to a store.
 *
 * @example
 * const sample: Sample = { installationId: 1001, name: 'PM10', atMs: Date.UTC(2026, 10, 21, 9), value: 41.3 };
 */
export interface Sample {
  readonly installationId: number;
  /** A measurement type name such as `PM25` (see `MEASUREMENT_TYPE_NAMES`). */
  readonly name: string;
  /** Epoch milliseconds of the measurement. */
  readonly atMs: number;
  /** In the unit of the measurement type (µg/m³, hPa, %, °C …). */
  readonly value: number;
}

/** A sample that a store refused, with its position in the batch and every reason. */
export interface RejectedSample {
  /** Position of the sample in the batch passed to `ingest`. */
  readonly index: number;
  /** The sample exactly as it was passed. */
  readonly sample: unknown;
  /** Every problem found, separated by `; `. */
  readonly reason: string;
}

/** What `ingest` did with a batch. */
export interface IngestReport {
  /** Number of samples stored (a sample whose timestamp is already stored replaces its value). */
  readonly accepted: number;
  /** Every refused sample, in batch order; empty when the whole batch was stored. */
  readonly rejected: readonly RejectedSample[];
}

/** Options of `InMemoryStore.ingest`. */
export interface IngestOptions {
  /**
   * `false` (default): store the valid samples and report the rejected ones.
   * `true`: all-or-nothing; when any sample is rejected, store nothing and throw an
   * {@link IngestError} that lists every rejected sample.
   */
  readonly atomic?: boolean;
}

/** How many rejected samples an {@link IngestError} message spells out; `.rejected` has all. */
export const INGEST_ERROR_MESSAGE_LIMIT = 20;

/**
 * Thrown by an atomic ingest that refused at least one sample. Nothing of the batch was stored.
 * `rejected` lists every refused sample; the message spells out the first
 * {@link INGEST_ERROR_MESSAGE_LIMIT} and counts the rest.
 *
 * @example
 * try {
 *   store.ingest([{ installationId: 999, name: 'PM10', atMs: 0, value: 1 }], { atomic: true });
 * } catch (error) {
 *   (error as IngestError).rejected[0].reason; // 'unknown installation 999'
 * }
 */
export class IngestError extends Error {
  readonly rejected: readonly RejectedSample[];

  constructor(functionName: string, batchSize: number, rejected: readonly RejectedSample[]) {
    const shown = rejected
      .slice(0, INGEST_ERROR_MESSAGE_LIMIT)
      .map((entry) => `  [${entry.index}] ${entry.reason}`);
    const more = rejected.length - shown.length;
    if (more > 0) shown.push(`  … and ${more} more (see .rejected)`);
    super(
      `${functionName}: rejected ${rejected.length} of ${batchSize} samples; nothing was stored:\n${shown.join('\n')}`,
    );
    this.name = 'IngestError';
    this.rejected = Object.freeze([...rejected]);
  }
}

import { describeValue } from '../arguments/describe-value.js';
import {
  isMeasurementTypeName,
  MEASUREMENT_TYPE_NAMES,
  measurementTypeOrdinal,
} from '../meta/measurement-types.js';
import { sampleProblem } from '../series/sample-problem.js';
import { formatTimestamp } from '../time/instant.js';
import {
  IngestError,
  type IngestOptions,
  type IngestReport,
  type RejectedSample,
  type Sample,
} from './ingest-report.js';

/**
 * The samples of one batch that go to one (installation, measurement type) series, with
 * strictly ascending times; of a repeated time only the last sample is kept.
 */
export interface SeriesBatch {
  readonly installationId: number;
  /** Position of the type in `MEASUREMENT_TYPE_NAMES`. */
  readonly typeOrdinal: number;
  /** Epoch ms, strictly ascending. */
  readonly atMs: readonly number[];
  /** `values[i]` was measured at `atMs[i]`. */
  readonly values: readonly number[];
}

/** A validated, grouped batch, ready to be written without further checks. */
export interface IngestPlan {
  readonly batches: readonly SeriesBatch[];
  readonly accepted: number;
  readonly rejected: readonly RejectedSample[];
}

/** What the planner needs to know about the store it plans for. */
export interface IngestContext {
  isKnownInstallation(id: number): boolean;
  /** Samples before this epoch-ms instant are refused (pruned history stays pruned). */
  readonly retainedFromMs: number;
}

interface PendingGroup {
  readonly installationId: number;
  readonly typeOrdinal: number;
  readonly atMs: number[];
  readonly values: number[];
}

/**
 * Validates every sample of a batch and groups the valid ones per series. Nothing is written,
 * so the caller can still decide between keeping the valid part and refusing the whole batch.
 *
 * A sample is refused when it is not an object, its installation id is not a positive integer
 * or not known to the store, its name is not a measurement type, its timestamp or value is not
 * a finite number (`sampleProblem`), or it lies before the retention horizon. Every reason of a
 * sample is reported, separated by `; `.
 *
 * @example
 * planIngest([{ installationId: 1, name: 'PM10', atMs: 0, value: NaN }], context).rejected[0].reason;
 * // 'value must be a finite number, got NaN' (wording of the series module)
 */
export function planIngest(samples: readonly unknown[], context: IngestContext): IngestPlan {
  const rejected: RejectedSample[] = [];
  // Per installation, its groups by type ordinal: no key text to build for every sample.
  const groups = new Map<number, (PendingGroup | undefined)[]>();
  const batches: SeriesBatch[] = [];
  let accepted = 0;
  for (let index = 0; index < samples.length; index++) {
    const sample = samples[index];
    const reasons = sampleReasons(sample, context);
    if (reasons.length > 0) {
      rejected.push(Object.freeze({ index, sample, reason: reasons.join('; ') }));
      continue;
    }
    const valid = sample as Sample;
    const typeOrdinal = measurementTypeOrdinal(valid.name)!; // a valid sample's name is a type
    const { installationId } = valid;
    let byType = groups.get(installationId);
    if (byType === undefined) {
      byType = new Array<PendingGroup | undefined>(MEASUREMENT_TYPE_NAMES.length);
      groups.set(installationId, byType);
    }
    const group = byType[typeOrdinal];
    accepted++;
    if (group !== undefined) {
      group.atMs.push(valid.atMs);
      group.values.push(valid.value);
      continue;
    }
    // Literals of one element: a series' only sample (each of a push) takes no spare room.
    const created = { installationId, typeOrdinal, atMs: [valid.atMs], values: [valid.value] };
    byType[typeOrdinal] = created;
    batches.push(created);
  }
  for (let i = 0; i < batches.length; i++) batches[i] = sortedBatch(batches[i] as PendingGroup);
  return { accepted, rejected, batches };
}

/**
 * What a store answers for a planned batch, decided before it writes anything (the policy of
 * every store): with `{ atomic: true }` any rejected sample throws, so nothing is written;
 * otherwise the frozen report of the valid part and of every rejected sample.
 *
 * @param batchSize - how many samples were passed, for the error message
 * @param options - `atomic` defaults to `false` (keep the valid part)
 * @throws IngestError when `options.atomic` is `true` and any sample was rejected
 * @example
 * const plan = planIngest(samples, context); // samples[1] names an unknown installation
 * ingestReport('InMemoryStore.ingest', samples.length, plan); // { accepted: 1, rejected: [{ index: 1, … }] }
 * ingestReport('InMemoryStore.ingest', samples.length, plan, { atomic: true }); // throws IngestError
 */
export function ingestReport(
  functionName: string,
  batchSize: number,
  plan: IngestPlan,
  options: IngestOptions = {},
): IngestReport {
  if (options.atomic === true && plan.rejected.length > 0) {
    throw new IngestError(functionName, batchSize, plan.rejected);
  }
  return Object.freeze({ accepted: plan.accepted, rejected: Object.freeze([...plan.rejected]) });
}

/**
 * Why `value` is no installation id (a positive safe integer), or `undefined` when it is one:
 * the words of every sample check, the store's and the samples route's.
 *
 * @example
 * installationIdProblem(0); // 'installationId must be a positive integer, got 0'
 * installationIdProblem(1001); // undefined
 */
export function installationIdProblem(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return undefined;
  return `installationId must be a positive integer, got ${describeValue(value)}`;
}

function sampleReasons(sample: unknown, context: IngestContext): string[] {
  if (typeof sample !== 'object' || sample === null) {
    return [`sample must be an object, got ${describeValue(sample)}`];
  }
  const { installationId, name, atMs, value } = sample as Record<string, unknown>;
  const reasons: string[] = [];
  const idProblem = installationIdProblem(installationId);
  if (idProblem !== undefined) reasons.push(idProblem);
  else if (!context.isKnownInstallation(installationId as number)) {
    reasons.push(`unknown installation ${installationId}`);
  }
  if (!isMeasurementTypeName(name)) reasons.push(`unknown measurement type ${describeValue(name)}`);
  const problem = sampleProblem(atMs, value);
  if (problem !== undefined) reasons.push(problem);
  else if ((atMs as number) < context.retainedFromMs) {
    reasons.push(
      `timestamp ${formatTimestamp(atMs as number)} is before the retention horizon ${formatTimestamp(context.retainedFromMs)}`,
    );
  }
  return reasons;
}

// The group itself when its times already ascend strictly (a push, a sensor's upload in
// order), else sorted copies.
function sortedBatch(group: PendingGroup): SeriesBatch {
  const { atMs, values } = group;
  let ascending = true;
  for (let i = 1; i < atMs.length && ascending; i++) ascending = atMs[i - 1]! < atMs[i]!;
  if (ascending) return group;
  // Stable on equal timestamps, so that the last one of a run is the batch's latest word.
  const order = atMs.map((_, i) => i).sort((a, b) => atMs[a]! - atMs[b]! || a - b);
  const keptAt: number[] = [];
  const keptValues: number[] = [];
  for (const i of order) {
    const t = atMs[i]!;
    if (keptAt.length > 0 && keptAt[keptAt.length - 1] === t)
      keptValues[keptValues.length - 1] = values[i]!;
    else {
      keptAt.push(t);
      keptValues.push(values[i]!);
    }
  }
  return {
    installationId: group.installationId,
    typeOrdinal: group.typeOrdinal,
    atMs: keptAt,
    values: keptValues,
  };
}

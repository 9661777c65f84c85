import type { Pool } from 'pg';
import { MEASUREMENT_TYPE_NAMES } from '../../meta/measurement-types.js';
import type { WindowAverages } from '../../model/window-averages.js';
import { floorHourMs, MS_PER_HOUR } from '../../time/instant.js';
import type { TimeWindow } from '../../time/windows.js';

/** Installations whose recent samples one process keeps at most (least recently used go). */
export const RECENT_SAMPLES_CAPACITY = 2048;

/** The longest span of windows (first start to last end) answered from recent samples. */
const RECENT_SPAN_MS = 2 * MS_PER_HOUR;

// Every stored sample of one installation from a time on, in (time, type) order; none before
// the retention horizon, as in the window query.
const SAMPLES_FROM = `
SELECT type_ordinal::integer AS type, (extract(epoch FROM at) * 1000)::float8 AS at_ms, value
FROM airq_samples
WHERE installation_id = $1
  AND at >= airq_at($2) AND at >= (SELECT retained_from FROM airq_retention)
ORDER BY at, type_ordinal`;

interface SampleRow {
  readonly type: number;
  readonly at_ms: number;
  readonly value: number;
}

/** Every stored sample of one installation from `fromMs` on, as of data version `version`. */
interface Tail {
  readonly fromMs: number;
  readonly version: number;
  /** The confirmation it last answered under; it may answer again only under a newer one. */
  answeredUnder: number;
  /** Per type ordinal: ascending times and their values (empty when the type has none). */
  readonly atMs: readonly Float64Array[];
  readonly values: readonly Float64Array[];
}

/**
 * The newest raw samples of the installations whose moving hour a process serves, so that a
 * request whose data did not change costs no query beyond the change-log poll. An entry holds
 * every sample of one installation from the start of the hour before the one it was read for,
 * up to the end of time, and is used only while the installation's data version is the one
 * read before the samples were: any change committed since, by any process, moves the version
 * (the change feed files it), and the next call reads the samples again. A change committed
 * between that version read and the samples read is in the samples but not in the version,
 * which can only cause one needless reread.
 *
 * An entry answers at most once per {@link confirm} (a successful poll of the change log):
 * every answer from memory follows a poll that found the data unchanged, made after the
 * previous answer for that installation. A caller that does not poll (calls the store
 * directly, without `refresh`) reads the database every time, as if there were no copy.
 *
 * Only calls whose windows span at most two hours are served (the moving hour of every
 * payload); longer ones, such as the 24 history hours, keep reading the roll-up in SQL.
 *
 * @example
 * recent.confirm(); // after a poll of the change log
 * const records = await recent.windowAverages(pool, 1001, [movingHour], version);
 */
export class RecentSamples {
  readonly #tails = new Map<number, Tail>();
  readonly #capacity: number;
  #confirmations = 0;

  /** @param capacity - installations kept at most; default {@link RECENT_SAMPLES_CAPACITY} */
  constructor(capacity = RECENT_SAMPLES_CAPACITY) {
    this.#capacity = capacity;
  }

  /** Records a successful poll of the change log: every entry may answer once more. */
  confirm(): void {
    this.#confirmations++;
  }

  /** Forgets every installation's samples (when the data versions cannot be trusted). */
  clear(): void {
    this.#tails.clear();
  }

  /**
   * Whether {@link windowAverages} serves these windows (checked, whole-ms, non-empty).
   *
   * @param windows - windows already moved to the store's range, `fromMs <= tillMs`
   */
  serves(windows: readonly TimeWindow[]): boolean {
    if (windows.length === 0) return false;
    let fromMs = Number.POSITIVE_INFINITY;
    let tillMs = Number.NEGATIVE_INFINITY;
    for (const window of windows) {
      fromMs = Math.min(fromMs, window.fromMs);
      tillMs = Math.max(tillMs, window.tillMs);
    }
    return tillMs - fromMs <= RECENT_SPAN_MS;
  }

  /**
   * Means per type for each window, from the kept samples when they are still current for
   * `version` and reach back far enough, otherwise after reading them again (one query).
   *
   * @param version - the installation's data version for every time (`dataVersion(id, +∞)`),
   *   read before this call
   */
  async windowAverages(
    pool: Pool,
    installationId: number,
    windows: readonly TimeWindow[],
    version: number,
  ): Promise<readonly WindowAverages[]> {
    let fromMs = Number.POSITIVE_INFINITY;
    for (const window of windows) fromMs = Math.min(fromMs, window.fromMs);
    let tail = this.#tails.get(installationId);
    if (tail !== undefined) this.#tails.delete(installationId);
    const confirmation = this.#confirmations;
    if (
      tail === undefined ||
      tail.version !== version ||
      tail.fromMs > fromMs ||
      tail.answeredUnder >= confirmation
    ) {
      tail = await readTail(pool, installationId, floorHourMs(fromMs) - MS_PER_HOUR, version);
    }
    tail.answeredUnder = confirmation;
    this.#tails.set(installationId, tail);
    if (this.#tails.size > this.#capacity) {
      this.#tails.delete(this.#tails.keys().next().value!); // the least recently used
    }
    return Object.freeze(windows.map((window) => averagesIn(tail, window)));
  }
}

async function readTail(
  pool: Pool,
  installationId: number,
  fromMs: number,
  version: number,
): Promise<Tail> {
  const result = await pool.query<SampleRow>({
    name: 'airq_samples_from',
    text: SAMPLES_FROM,
    values: [installationId, fromMs],
  });
  const counts = new Array<number>(MEASUREMENT_TYPE_NAMES.length).fill(0);
  for (const row of result.rows) counts[row.type]!++;
  const atMs = counts.map((count) => new Float64Array(count));
  const values = counts.map((count) => new Float64Array(count));
  counts.fill(0);
  for (const { type, at_ms, value } of result.rows) {
    const i = counts[type]!++;
    atMs[type]![i] = at_ms;
    values[type]![i] = value;
  }
  return { fromMs, version, answeredUnder: -1, atMs, values };
}

// Types in canonical order, as the SQL path lists them.
function averagesIn(tail: Tail, window: TimeWindow): WindowAverages {
  const record: Record<string, number> = {};
  for (let type = 0; type < tail.atMs.length; type++) {
    const times = tail.atMs[type]!;
    const values = tail.values[type]!;
    let sum = 0;
    let count = 0;
    for (let i = firstAtOrAfter(times, window.fromMs); i < times.length; i++) {
      if (times[i]! >= window.tillMs) break;
      sum += values[i]!;
      count++;
    }
    if (count > 0) record[MEASUREMENT_TYPE_NAMES[type]!] = sum / count;
  }
  return Object.freeze(record);
}

function firstAtOrAfter(times: Float64Array, atMs: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[middle]! < atMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

import { floorHourMs } from '../time/instant.js';

/** How many hour marks one installation keeps before the two oldest are merged. */
export const DATA_VERSION_MARKS = 8;

interface ChangeMarks {
  /** Change numbers, ascending. */
  readonly changes: number[];
  /** Start of the UTC hour of the oldest sample each change touched, ascending. */
  readonly hoursMs: number[];
}

/**
 * Data versions per installation at hour resolution, for `MeasurementStore.dataVersion`.
 *
 * Every change gets a new number from one counter and is filed under the hour of the oldest
 * sample it touched. `versionBefore(id, beforeMs)` is the newest change filed under an hour
 * that starts before `beforeMs`; a change filed under a later hour is ignored, so samples that
 * arrive in order for the hour in progress leave the version of the hours before it alone,
 * while one late sample in a past hour changes it.
 *
 * The marks form a staircase (hours and change numbers both ascending): a new change removes
 * every mark at or after its hour, since it is newer than all of them. Past
 * {@link DATA_VERSION_MARKS} marks the two oldest merge into one with the older hour and the
 * newer change; that can only make a version change more often than needed (a cache miss),
 * never hide a change, because a new change always becomes the newest mark.
 *
 * @example
 * const versions = new DataVersions();
 * versions.record(7, Date.UTC(2026, 10, 21, 9, 5));   // a sample of the hour in progress
 * versions.versionBefore(7, Date.UTC(2026, 10, 21, 9)); // 0 (nothing before 09:00 changed)
 * versions.record(7, Date.UTC(2026, 10, 21, 7, 30));  // a late sample
 * versions.versionBefore(7, Date.UTC(2026, 10, 21, 9)); // 2
 */
export class DataVersions {
  readonly #marks = new Map<number, ChangeMarks>();
  #changes = 0;

  /**
   * Files a change of an installation's samples.
   *
   * @param oldestAtMs - epoch ms of the oldest sample added, replaced or removed; `-Infinity`
   *   when unknown (pruning), which changes the version for every `beforeMs`
   */
  record(installationId: number, oldestAtMs: number): void {
    const change = ++this.#changes;
    const hourMs = Number.isFinite(oldestAtMs) ? floorHourMs(oldestAtMs) : -Infinity;
    let marks = this.#marks.get(installationId);
    if (marks === undefined) {
      marks = { changes: [], hoursMs: [] };
      this.#marks.set(installationId, marks);
    }
    const { changes, hoursMs } = marks;
    let kept = hoursMs.length;
    while (kept > 0 && hoursMs[kept - 1]! >= hourMs) kept--; // kept > 0
    if (kept < hoursMs.length) {
      // Overwritten in place: `length = 0` would free the arrays' storage, and the push after
      // it allocate it again, for every sample of the hour in progress.
      changes[kept] = change;
      hoursMs[kept] = hourMs;
      changes.length = kept + 1;
      hoursMs.length = kept + 1;
      return;
    }
    changes.push(change);
    hoursMs.push(hourMs);
    if (changes.length > DATA_VERSION_MARKS) {
      // The merged mark keeps the older hour and the newer change: [c1 @ h0].
      changes.shift();
      hoursMs.splice(1, 1);
    }
  }

  /**
   * The newest change of the installation filed under an hour before `beforeMs`; 0 when none.
   */
  versionBefore(installationId: number, beforeMs: number): number {
    const marks = this.#marks.get(installationId);
    if (marks === undefined) return 0;
    const { changes, hoursMs } = marks;
    for (let i = hoursMs.length - 1; i >= 0; i--) {
      if (hoursMs[i]! < beforeMs) return changes[i]!; // i < length
    }
    return 0;
  }
}

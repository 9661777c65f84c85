// Brute-force references for the store: samples kept in a Map (last write per timestamp wins),
// averages by filtering and adding; replacement chains by walking pointers step by step.
import { MEASUREMENT_TYPE_NAMES } from '../../src/meta/measurement-types.js';
import type { InstallationLookup } from '../../src/store/measurement-store.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';

/** Whether the store must accept `sample`, decided without any of the store's code. */
export function naiveIsAcceptable(
  sample: unknown,
  knownIds: ReadonlySet<number>,
  retainedFromMs = -Infinity,
): boolean {
  if (typeof sample !== 'object' || sample === null) return false;
  const { installationId, name, atMs, value } = sample as Record<string, unknown>;
  return (
    typeof installationId === 'number' &&
    knownIds.has(installationId) &&
    typeof name === 'string' &&
    (MEASUREMENT_TYPE_NAMES as readonly string[]).includes(name) &&
    typeof atMs === 'number' &&
    Number.isInteger(atMs) &&
    Math.abs(atMs) <= 8.64e15 &&
    atMs >= retainedFromMs &&
    typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(value) <= 1e15
  );
}

/** Samples by (installation, type), last write per timestamp wins. */
export class NaiveStore {
  readonly #series = new Map<string, Map<number, number>>();

  add(sample: { installationId: number; name: string; atMs: number; value: number }): void {
    const key = `${sample.installationId}|${sample.name}`;
    let series = this.#series.get(key);
    if (series === undefined) {
      series = new Map();
      this.#series.set(key, series);
    }
    series.set(sample.atMs, sample.value);
  }

  pruneBefore(atMs: number): number {
    let removed = 0;
    for (const series of this.#series.values()) {
      for (const t of [...series.keys()]) {
        if (t < atMs) {
          series.delete(t);
          removed++;
        }
      }
    }
    return removed;
  }

  get sampleCount(): number {
    let count = 0;
    for (const series of this.#series.values()) count += series.size;
    return count;
  }

  /** Plain means per type for one window; types without samples are absent. */
  averages(installationId: number, fromMs: number, tillMs: number): Record<string, number> {
    const record: Record<string, number> = {};
    for (const name of MEASUREMENT_TYPE_NAMES) {
      const series = this.#series.get(`${installationId}|${name}`);
      if (series === undefined) continue;
      const inside = [...series].filter(([t]) => fromMs <= t && t < tillMs).map(([, v]) => v);
      if (inside.length > 0) record[name] = compensatedSum(inside) / inside.length;
    }
    return record;
  }
}

// Neumaier summation: the oracle must not be the less exact side of a comparison.
function compensatedSum(values: readonly number[]): number {
  let sum = 0;
  let compensation = 0;
  for (const v of values) {
    const t = sum + v;
    compensation += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + compensation;
}

/** True when both records have the same keys and values within a relative 1e-9. */
export function sameAverages(
  actual: Readonly<Record<string, number | undefined>>,
  expected: Readonly<Record<string, number>>,
): boolean {
  const keys = Object.keys(expected).sort();
  if (Object.keys(actual).sort().join() !== keys.join()) return false;
  return keys.every((key) => {
    const a = actual[key]!;
    const b = expected[key]!;
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  });
}

/**
 * What a query for each id should answer, by walking successor pointers one step at a time
 * (at most n steps, so a cycle shows up as running out of steps). `undefined` when the set has
 * a cycle or a successor that does not exist.
 */
export function naiveLookups(
  installations: readonly StoredInstallation[],
): Map<number, InstallationLookup['status'] | `replaced→${number}`> | undefined {
  const byId = new Map(installations.map((i) => [i.id, i]));
  if (byId.size !== installations.length) return undefined;
  const result = new Map<number, InstallationLookup['status'] | `replaced→${number}`>();
  for (const start of installations) {
    let node = start;
    let steps = 0;
    while (node.successorId !== undefined) {
      const next = byId.get(node.successorId);
      if (next === undefined || steps++ > installations.length) return undefined;
      node = next;
    }
    if (start.successorId === undefined)
      result.set(start.id, start.removed === true ? 'missing' : 'active');
    else result.set(start.id, node.removed === true ? 'missing' : `replaced→${node.id}`);
  }
  return result;
}

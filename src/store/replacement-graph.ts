import type { InstallationLookup } from './measurement-store.js';
import { publicInstallation, type StoredInstallation } from './stored-installation.js';

/**
 * Something that makes a set of installations unusable: the same id twice, a successor that is
 * not in the set, or a replacement cycle. `positions` are indexes into the analysed array, so
 * a file loader can point at the offending records.
 */
export interface ReplacementIssue {
  readonly kind: 'duplicate-id' | 'unknown-successor' | 'cycle';
  /** The installation ids involved, in the order the message names them. */
  readonly ids: readonly number[];
  readonly positions: readonly number[];
  readonly message: string;
}

/** The outcome of {@link analyseReplacements}. */
export interface ReplacementAnalysis {
  /** One lookup per installation id; meaningful only when `issues` is empty. */
  readonly lookups: ReadonlyMap<number, InstallationLookup>;
  readonly issues: readonly ReplacementIssue[];
}

const MISSING: InstallationLookup = Object.freeze({ status: 'missing' });

/**
 * Resolves what a query for each installation id answers, following replacement chains.
 *
 * Rules (see the spec's "States and transitions"):
 * - no `successorId` and not `removed` → `active`;
 * - a `successorId` (removed or not) → `replaced`, with `successorId` set to the *last*
 *   installation of the chain, so A → B → C answers C for both A and B;
 * - `removed` without a successor → `missing`;
 * - a chain that ends in a removed installation has no active end → `missing` for every
 *   installation on it (there is nothing left to redirect to).
 *
 * A duplicate id, a successor that does not exist and a cycle (A → B → A, or A → A) are
 * reported as issues naming the ids; every issue is found, not just the first.
 *
 * @param installations - validated installations
 * @example
 * const { lookups } = analyseReplacements([a(1, { successorId: 2 }), a(2, { successorId: 3 }), a(3)]);
 * lookups.get(1); // { status: 'replaced', installation: <1>, successorId: 3 }
 */
export function analyseReplacements(
  installations: readonly StoredInstallation[],
): ReplacementAnalysis {
  const issues: ReplacementIssue[] = [];
  const byId = new Map<number, StoredInstallation>();
  const positionOf = new Map<number, number>();
  installations.forEach((installation, position) => {
    const first = positionOf.get(installation.id);
    if (first !== undefined) {
      issues.push({
        kind: 'duplicate-id',
        ids: [installation.id],
        positions: [first, position],
        message: `installation id ${installation.id} appears more than once (positions ${first} and ${position})`,
      });
      return;
    }
    byId.set(installation.id, installation);
    positionOf.set(installation.id, position);
  });

  for (const installation of byId.values()) {
    const successorId = installation.successorId;
    if (successorId !== undefined && !byId.has(successorId)) {
      issues.push({
        kind: 'unknown-successor',
        ids: [installation.id, successorId],
        positions: [positionOf.get(installation.id) ?? -1],
        message: `installation ${installation.id} names successor ${successorId}, which does not exist`,
      });
    }
  }

  // Final active id of each chain member; null when the chain has no active end.
  const chainEnd = new Map<number, number | null>();
  for (const start of byId.keys()) {
    if (chainEnd.has(start)) continue;
    const path: number[] = [];
    const onPath = new Map<number, number>();
    let current = start;
    let end: number | null;
    for (;;) {
      const known = chainEnd.get(current);
      if (known !== undefined) {
        end = known;
        break;
      }
      const cycleStart = onPath.get(current);
      if (cycleStart !== undefined) {
        issues.push(cycleIssue(path.slice(cycleStart), positionOf));
        end = null;
        break;
      }
      const node = byId.get(current);
      if (node === undefined) {
        end = null; // dangling successor, already reported
        break;
      }
      if (node.successorId === undefined) {
        end = node.removed === true ? null : current;
        chainEnd.set(current, end);
        break;
      }
      onPath.set(current, path.length);
      path.push(current);
      current = node.successorId;
    }
    for (const id of path) chainEnd.set(id, end);
  }

  const lookups = new Map<number, InstallationLookup>();
  for (const [id, node] of byId) {
    const installation = publicInstallation(node);
    if (node.successorId !== undefined) {
      const end = chainEnd.get(id);
      lookups.set(
        id,
        end === null || end === undefined
          ? MISSING
          : Object.freeze({ status: 'replaced', installation, successorId: end }),
      );
    } else lookups.set(id, endLookup(node, installation));
  }
  return { lookups, issues };
}

/**
 * The lookup of an installation without a successor (the end of any chain that leads to it):
 * `active`, or `missing` when it is removed.
 *
 * @param installation - its public form (`publicInstallation(node)`), computed when omitted
 * @example
 * endLookup(a(7)); // { status: 'active', installation: <7> }
 */
export function endLookup(
  node: StoredInstallation,
  installation = publicInstallation(node),
): InstallationLookup {
  return node.removed === true ? MISSING : Object.freeze({ status: 'active', installation });
}

function cycleIssue(
  cycle: readonly number[],
  positionOf: ReadonlyMap<number, number>,
): ReplacementIssue {
  // Start the cycle at its smallest id so the same cycle always reads the same.
  let smallest = 0;
  for (let i = 1; i < cycle.length; i++) if (cycle[i]! < cycle[smallest]!) smallest = i;
  const ids = [...cycle.slice(smallest), ...cycle.slice(0, smallest)];
  return {
    kind: 'cycle',
    ids,
    positions: ids.map((id) => positionOf.get(id) ?? -1),
    message: `replacement cycle ${[...ids, ids[0]].join(' → ')}`,
  };
}

/**
 * Throws when {@link analyseReplacements} finds issues; the message names `functionName` and
 * lists every issue.
 *
 * @throws RangeError listing every duplicate id, unknown successor and cycle
 * @example
 * assertNoReplacementIssues('InMemoryStore', analysis);
 */
export function assertNoReplacementIssues(
  functionName: string,
  analysis: ReplacementAnalysis,
): void {
  if (analysis.issues.length === 0) return;
  const lines = analysis.issues.map((issue) => issue.message);
  throw new RangeError(`${functionName}: invalid installations: ${lines.join('; ')}`);
}

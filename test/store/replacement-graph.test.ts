import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseReplacements } from '../../src/store/replacement-graph.js';
import type { StoredInstallation } from '../../src/store/stored-installation.js';
import { installation } from '../helpers/store-fixtures.js';
import { naiveLookups } from '../helpers/store-oracle.js';

function statusOf(installations: readonly StoredInstallation[], id: number) {
  return analyseReplacements(installations).lookups.get(id);
}

describe('analyseReplacements', () => {
  it('answers active for an installation without successor', () => {
    const lookup = statusOf([installation(1)], 1);
    expect(lookup?.status).toBe('active');
  });

  it('resolves a chain A → B → C to C for both A and B', () => {
    const list = [
      installation(1, { successorId: 2 }),
      installation(2, { successorId: 3 }),
      installation(3),
    ];
    const { lookups, issues } = analyseReplacements(list);
    expect(issues).toEqual([]);
    expect(lookups.get(1)).toMatchObject({
      status: 'replaced',
      successorId: 3,
      installation: { id: 1 },
    });
    expect(lookups.get(2)).toMatchObject({
      status: 'replaced',
      successorId: 3,
      installation: { id: 2 },
    });
    expect(lookups.get(3)?.status).toBe('active');
  });

  it('counts a removed installation with a successor as replaced', () => {
    const list = [installation(1, { successorId: 2, removed: true }), installation(2)];
    expect(statusOf(list, 1)).toMatchObject({ status: 'replaced', successorId: 2 });
  });

  it('answers missing for a removed installation without successor', () => {
    expect(statusOf([installation(1, { removed: true })], 1)).toEqual({ status: 'missing' });
  });

  it('answers missing along a chain whose last installation was removed', () => {
    const list = [installation(1, { successorId: 2 }), installation(2, { removed: true })];
    expect(statusOf(list, 1)).toEqual({ status: 'missing' });
  });

  it('strips successorId and removed from the installation it returns', () => {
    const lookup = statusOf(
      [installation(1, { successorId: 2, removed: true }), installation(2)],
      1,
    );
    expect(lookup?.status).toBe('replaced');
    if (lookup?.status !== 'replaced') return;
    expect(lookup.installation).not.toHaveProperty('successorId');
    expect(lookup.installation).not.toHaveProperty('removed');
    expect(Object.isFrozen(lookup.installation)).toBe(true);
  });

  it('reports a cycle naming its ids, starting at the smallest', () => {
    const list = [
      installation(9, { successorId: 4 }),
      installation(4, { successorId: 7 }),
      installation(7, { successorId: 9 }),
    ];
    const { issues } = analyseReplacements(list);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ kind: 'cycle', ids: [4, 7, 9], positions: [1, 2, 0] });
    expect(issues[0]?.message).toBe('replacement cycle 4 → 7 → 9 → 4');
  });

  it('reports an installation that names itself as its successor', () => {
    const { issues } = analyseReplacements([installation(5, { successorId: 5 })]);
    expect(issues.map((issue) => issue.message)).toEqual(['replacement cycle 5 → 5']);
  });

  it('reports a successor that does not exist', () => {
    const { issues } = analyseReplacements([installation(1), installation(2, { successorId: 99 })]);
    expect(issues).toEqual([
      {
        kind: 'unknown-successor',
        ids: [2, 99],
        positions: [1],
        message: 'installation 2 names successor 99, which does not exist',
      },
    ]);
  });

  it('reports a duplicate id with both positions', () => {
    const { issues } = analyseReplacements([installation(3), installation(4), installation(3)]);
    expect(issues).toMatchObject([{ kind: 'duplicate-id', ids: [3], positions: [0, 2] }]);
  });

  it('reports every problem, not just the first', () => {
    const list = [
      installation(1, { successorId: 2 }),
      installation(2, { successorId: 1 }),
      installation(3, { successorId: 40 }),
      installation(5, { successorId: 5 }),
    ];
    expect(
      analyseReplacements(list)
        .issues.map((issue) => issue.kind)
        .sort(),
    ).toEqual(['cycle', 'cycle', 'unknown-successor']);
  });

  it('agrees with walking the successor pointers step by step', () => {
    const graphArb = fc.integer({ min: 1, max: 12 }).chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.option(fc.integer({ min: 1, max: n + 1 }), { nil: undefined, freq: 2 }), {
          minLength: n,
          maxLength: n,
        }),
        fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      ),
    );
    fc.assert(
      fc.property(graphArb, ([n, successors, removed]) => {
        const list = Array.from({ length: n }, (_, i) => {
          const extra: { successorId?: number; removed?: boolean } = {};
          const successorId = successors[i];
          if (successorId !== undefined) extra.successorId = successorId; // n + 1 does not exist
          if (removed[i]) extra.removed = true;
          return installation(i + 1, extra);
        });
        const expected = naiveLookups(list);
        const { lookups, issues } = analyseReplacements(list);
        if (expected === undefined) {
          expect(issues.length).toBeGreaterThan(0);
          return;
        }
        expect(issues).toEqual([]);
        for (const [id, status] of expected) {
          const lookup = lookups.get(id);
          const actual =
            lookup?.status === 'replaced' ? `replaced→${lookup.successorId}` : lookup?.status;
          expect(actual).toBe(status);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

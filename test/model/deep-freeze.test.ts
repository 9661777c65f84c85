import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/model/deep-freeze.js';

function everyObjectFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(everyObjectFrozen);
}

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, also below an already frozen member', () => {
    const inner = { limit: 15 };
    const table = deepFreeze({ rows: Object.freeze([inner]), name: 'WHO' });
    expect(Object.isFrozen(table)).toBe(true);
    expect(Object.isFrozen(table.rows)).toBe(true);
    expect(Object.isFrozen(inner)).toBe(true);
    expect(() => {
      (inner as { limit: number }).limit = 1;
    }).toThrow(TypeError);
  });

  it('returns the same tree, unchanged in content, with every object in it frozen', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = structuredClone(value);
        const frozen = typeof value === 'object' && value !== null ? deepFreeze(value) : value;
        expect(frozen).toBe(value);
        expect(frozen).toEqual(copy);
        expect(everyObjectFrozen(frozen)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

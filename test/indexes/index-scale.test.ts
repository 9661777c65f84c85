import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Concentrations } from '../../src/indexes/index-definition.js';
import {
  DOMINANCE_ORDER,
  dominantPollutant,
  outranks,
  readInput,
  worstBand,
} from '../../src/indexes/index-scale.js';
import { TIE_ORDER } from '../helpers/national-oracle-common.js';

// world-indexes.md §1: the input rules (negative → 0; NaN, ±Infinity and non-numbers absent)
// and the dominant pollutant (highest sub-index; ties PM25, PM10, O3, NO2, SO2, CO), each
// checked against a naive version written here.

const RUNS = { numRuns: 1000 };
// Names outside the tie order: src documents that they rank after it, alphabetically.
const OTHER_NAMES = ['NH3', 'O3_1H', 'BENZENE'];

function naiveReadInput(value: unknown): number | undefined {
  if (typeof value !== 'number') return undefined;
  if (Number.isNaN(value) || value === Infinity || value === -Infinity) return undefined;
  return value <= 0 ? 0 : value;
}

function naiveDominant(subIndexes: Readonly<Record<string, number>>): string | null {
  const names = Object.keys(subIndexes);
  if (names.length === 0) return null;
  const top = Math.max(...names.map((name) => subIndexes[name]!));
  const tied = names.filter((name) => subIndexes[name] === top);
  return TIE_ORDER.find((name) => tied.includes(name)) ?? tied.sort()[0]!;
}

const anyValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.double(),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, Number.MAX_VALUE, -Number.MIN_VALUE),
  fc.string(),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.bigInt(),
  fc.array(fc.integer(), { maxLength: 1 }),
);
// Small integers so that ties are common, sometimes fractions.
const subIndexArb = fc.oneof(
  fc.integer({ min: 0, max: 4 }),
  fc.double({ min: 0, max: 500, noNaN: true }),
);
const subIndexesArb = fc.dictionary(fc.constantFrom(...TIE_ORDER, ...OTHER_NAMES), subIndexArb, {
  maxKeys: 9,
});

describe('readInput', () => {
  it.each<[unknown, number | undefined]>([
    [12.5, 12.5],
    [0, 0],
    [-3, 0],
    [-0, 0],
    [Number.NaN, undefined],
    [Infinity, undefined],
    [-Infinity, undefined],
    ['12', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('reads %o as %o', (value, expected) => {
    expect(readInput({ PM25: value } as Concentrations, 'PM25')).toBe(expected);
  });

  it('reads an absent key or an inherited method as absent', () => {
    expect(readInput({ PM10: 5 }, 'PM25')).toBeUndefined();
    expect(readInput({}, 'toString')).toBeUndefined();
  });

  it('agrees with the naive rule on any value', () => {
    fc.assert(
      fc.property(anyValueArb, (value) => {
        expect(readInput({ NO2: value } as Concentrations, 'NO2')).toBe(naiveReadInput(value));
      }),
      RUNS,
    );
  });
});

describe('DOMINANCE_ORDER', () => {
  it('is the §1 tie order, frozen', () => {
    expect(DOMINANCE_ORDER).toEqual(TIE_ORDER);
    expect(Object.isFrozen(DOMINANCE_ORDER)).toBe(true);
  });
});

describe('outranks', () => {
  const names = [...TIE_ORDER, ...OTHER_NAMES];

  it('is a strict order: no name wins a tie against itself, and of two names exactly one wins', () => {
    for (const a of names) {
      expect(outranks(a, a)).toBe(false);
      for (const b of names) {
        if (a !== b) expect(outranks(a, b)).toBe(!outranks(b, a));
      }
    }
  });

  it('puts the tie order first, then other names alphabetically', () => {
    const ranked = [...TIE_ORDER, ...[...OTHER_NAMES].sort()];
    ranked.forEach((a, i) => {
      ranked.forEach((b, j) => {
        expect(outranks(a, b)).toBe(i < j);
      });
    });
  });
});

describe('dominantPollutant', () => {
  it.each<[Record<string, number>, string | null]>([
    [{ NO2: 4, O3: 4, PM10: 2 }, 'O3'],
    [{}, null],
    [{ O3: 5, SO2: 5 }, 'O3'],
    [{ PM10: 2, PM25: 2 }, 'PM25'],
    [{ PM25: 100, PM10: 100 }, 'PM25'],
    [{ CO: 3, SO2: 3 }, 'SO2'],
    [{ CO: 3, SO2: 2 }, 'CO'],
    [{ NH3: 7, CO: 7 }, 'CO'],
    [{ O3_1H: 1, NH3: 1 }, 'NH3'],
    [{ PM25: 0 }, 'PM25'],
  ])('of %o is %s', (subIndexes, expected) => {
    expect(dominantPollutant(subIndexes)).toBe(expected);
  });

  it('is the naive argmax with the tie order', () => {
    fc.assert(
      fc.property(subIndexesArb, (subIndexes) => {
        expect(dominantPollutant(subIndexes)).toBe(naiveDominant(subIndexes));
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the keys', () => {
    fc.assert(
      fc.property(subIndexesArb, fc.integer(), (subIndexes, seed) => {
        const entries = Object.entries(subIndexes);
        const rotated = entries.map((_, i) => entries[(i + Math.abs(seed)) % entries.length]!);
        const reversed = Object.fromEntries(rotated.reverse());
        expect(dominantPollutant(reversed)).toBe(dominantPollutant(subIndexes));
      }),
      RUNS,
    );
  });
});

describe('worstBand', () => {
  // Bands of a made-up index: 1 up to 10, 2 up to 100, 3 above.
  const bandOf = (_: string, c: number) => (c > 100 ? 3 : c > 10 ? 2 : 1);
  const pollutants = ['O3', 'NO2', 'PM25'] as const;

  it.each<[Concentrations, ReturnType<typeof worstBand> | undefined]>([
    [
      { NO2: 120, O3: 30 },
      { value: 3, subIndexes: { O3: 2, NO2: 3 }, dominantPollutant: 'NO2' },
    ],
    [
      { PM25: 5, O3: 50, NO2: 11 },
      { value: 2, subIndexes: { O3: 2, NO2: 2, PM25: 1 }, dominantPollutant: 'O3' },
    ],
    [{ PM25: -4 }, { value: 1, subIndexes: { PM25: 1 }, dominantPollutant: 'PM25' }],
    [{ SO2: 500, NO2: Number.NaN }, undefined],
    [{}, undefined],
  ])('of %o is %o', (concentrations, expected) => {
    expect(worstBand(concentrations, pollutants, bandOf)).toEqual(expected);
  });

  it('hands each present pollutant and its read value to bandOf, in the order of the list', () => {
    const calls: [string, number][] = [];
    worstBand({ PM25: -1, SO2: 9, NO2: 2.5, O3: Infinity }, pollutants, (pollutant, c) => {
      calls.push([pollutant, c]);
      return 1;
    });
    expect(calls).toEqual([
      ['NO2', 2.5],
      ['PM25', 0],
    ]);
  });

  it('is the naive highest band of the present pollutants, the dominant one by the tie order', () => {
    const concentrationsArb = fc.dictionary(
      fc.constantFrom(...TIE_ORDER, ...OTHER_NAMES),
      anyValueArb,
      { maxKeys: 9 },
    );
    fc.assert(
      fc.property(concentrationsArb, (concentrations) => {
        const subIndexes: Record<string, number> = {};
        for (const pollutant of TIE_ORDER) {
          const c = naiveReadInput(concentrations[pollutant]);
          if (c !== undefined) subIndexes[pollutant] = bandOf(pollutant, c);
        }
        const values = Object.values(subIndexes);
        const expected =
          values.length === 0
            ? undefined
            : {
                value: Math.max(...values),
                subIndexes,
                dominantPollutant: naiveDominant(subIndexes),
              };
        expect(worstBand(concentrations as Concentrations, TIE_ORDER, bandOf)).toEqual(expected);
      }),
      RUNS,
    );
  });
});

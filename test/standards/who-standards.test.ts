import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WHO_EDITION,
  isWhoEdition,
  WHO_EDITIONS,
  WHO_GUIDELINES,
  type WhoEdition,
} from '../../src/standards/who.js';
import { whoStandards } from '../../src/standards/who-standards.js';
import {
  REFERENCE_WHO_AVERAGING,
  REFERENCE_WHO_EDITIONS,
  REFERENCE_WHO_LIMITS,
  type ReferenceWhoEdition,
} from '../helpers/index-reference-tables.js';

const RUNS = { numRuns: 1000 };
const editionArb = fc.constantFrom(...REFERENCE_WHO_EDITIONS);
const pollutantArb = fc.constantFrom('PM25' as const, 'PM10' as const);
const valueArb = fc.double({ min: 0, max: 1e5, noNaN: true });

// The limits of the reference (section 4), transcribed in test, not src's WHO_GUIDELINES.
function limitOf(edition: ReferenceWhoEdition, pollutant: 'PM25' | 'PM10'): number {
  return REFERENCE_WHO_LIMITS[edition][pollutant];
}

function percentOf(value: number, pollutant: string, edition: ReferenceWhoEdition): number {
  const standard = whoStandards({ [pollutant]: value }, { edition })[0]!;
  expect(standard.pollutant).toBe(pollutant);
  return standard.percent;
}

describe('whoStandards: examples', () => {
  it('compares PM25 then PM10 with the WHO 2021 24-hour guidelines by default', () => {
    expect(DEFAULT_WHO_EDITION).toBe('WHO_2021');
    expect(whoStandards({ PM10: 22.5, PM25: 18.7, NO2: 80, TEMPERATURE: 4 })).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 15, percent: 124.67, averaging: '24h' },
      { name: 'WHO', pollutant: 'PM10', limit: 45, percent: 50, averaging: '24h' },
    ]);
  });

  it('uses the 2005 limits when asked', () => {
    expect(whoStandards({ PM25: 25, PM10: 35.53 }, { edition: 'WHO_2005' })).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 25, percent: 100, averaging: '24h' },
      { name: 'WHO', pollutant: 'PM10', limit: 50, percent: 71.06, averaging: '24h' },
    ]);
  });

  it('computes percent from the unrounded value, rounding half-up', () => {
    // 15.0015 / 15 × 100 = 100.01 exactly in decimal; stored just below, still shown as 100.01.
    expect(whoStandards({ PM25: 15.0015 })[0]?.percent).toBe(100.01);
    // A value that would show as 15 still counts its hidden decimals.
    expect(whoStandards({ PM25: 15.004 })[0]?.percent).toBe(100.03);
  });

  it('returns one entry per PM pollutant present, none when absent or not finite', () => {
    expect(whoStandards({})).toEqual([]);
    expect(whoStandards({ NO2: 40, PM1: 10 })).toEqual([]);
    expect(whoStandards({ PM25: Number.NaN, PM10: Number.POSITIVE_INFINITY })).toEqual([]);
    expect(whoStandards({ PM10: 45 }).map((s) => s.pollutant)).toEqual(['PM10']);
  });

  it('counts a negative concentration as 0 percent', () => {
    expect(whoStandards({ PM25: -3 })).toEqual([
      { name: 'WHO', pollutant: 'PM25', limit: 15, percent: 0, averaging: '24h' },
    ]);
  });

  it('never throws or gives a non-finite percent for huge values', () => {
    expect(Number.isFinite(whoStandards({ PM25: Number.MAX_VALUE })[0]?.percent)).toBe(true);
  });

  it('rejects misuse, naming function, parameter and value', () => {
    expect(() => whoStandards({}, { edition: 'WHO_2030' as WhoEdition })).toThrow(
      'whoStandards: options.edition must be one of WHO_2021, WHO_2005, got "WHO_2030"',
    );
    expect(() => whoStandards(undefined as unknown as Record<string, number>)).toThrow(TypeError);
    expect(() => whoStandards(undefined as unknown as Record<string, number>)).toThrow(
      'whoStandards: concentrations must be an object of numbers, got undefined',
    );
  });

  it('knows its editions', () => {
    expect(isWhoEdition('WHO_2005')).toBe(true);
    expect(isWhoEdition('who_2005')).toBe(false);
    expect(Object.isFrozen(WHO_GUIDELINES.WHO_2021[0])).toBe(true);
    expect(WHO_EDITIONS).toEqual(REFERENCE_WHO_EDITIONS);
  });

  it('holds the guideline values of the reference, PM25 then PM10', () => {
    for (const edition of REFERENCE_WHO_EDITIONS) {
      expect(WHO_GUIDELINES[edition]).toEqual(
        (['PM25', 'PM10'] as const).map((pollutant) => ({
          pollutant,
          limit: REFERENCE_WHO_LIMITS[edition][pollutant],
          averaging: REFERENCE_WHO_AVERAGING,
        })),
      );
    }
  });
});

describe('whoStandards: properties', () => {
  it('is 100 percent at the limit and 50 at half the limit', () => {
    fc.assert(
      fc.property(editionArb, pollutantArb, (edition, pollutant) => {
        const limit = limitOf(edition, pollutant);
        expect(percentOf(limit, pollutant, edition)).toBe(100);
        expect(percentOf(limit / 2, pollutant, edition)).toBe(50);
      }),
      { numRuns: 1000 },
    );
  });

  it('is linear in the value: value / limit × 100 within half a hundredth', () => {
    fc.assert(
      fc.property(editionArb, pollutantArb, valueArb, (edition, pollutant, value) => {
        const exact = (value / limitOf(edition, pollutant)) * 100;
        expect(Math.abs(percentOf(value, pollutant, edition) - exact)).toBeLessThanOrEqual(
          0.005 + 1e-9 * Math.max(1, exact),
        );
      }),
      RUNS,
    );
  });

  it('scales with the value: k times the limit is k × 100 percent', () => {
    fc.assert(
      fc.property(
        editionArb,
        pollutantArb,
        fc.integer({ min: 0, max: 10_000 }),
        (edition, pollutant, k) => {
          expect(percentOf(k * limitOf(edition, pollutant), pollutant, edition)).toBe(k * 100);
        },
      ),
      RUNS,
    );
  });

  it('is monotone non-decreasing in the value', () => {
    fc.assert(
      fc.property(editionArb, pollutantArb, valueArb, valueArb, (edition, pollutant, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(percentOf(low, pollutant, edition)).toBeLessThanOrEqual(
          percentOf(high, pollutant, edition),
        );
      }),
      RUNS,
    );
  });
});

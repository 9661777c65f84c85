import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { INDEX_DEFINITIONS } from '../../src/indexes/index-definitions.js';
import {
  CN_EDITIONS,
  CN_LEVELS,
  CN_NODES,
  CN_POLLUTANTS,
  CN_SO2_24H_NODES,
  type CnOracleEdition,
  cnCeil,
  cnOracle,
  cnRawIaqi,
} from '../helpers/cn-aqi-oracle.js';
import { expectLevelList, oracleLevel } from '../helpers/in-naqi-oracle.js';
import { oracleDominant } from '../helpers/national-oracle-common.js';

// Expected values come from world-indexes.md §7 (the worked table, transcribed below) and from
// the oracle in test/helpers, never from src's tables.

const RUNS = { numRuns: 1000 };
type Input = Partial<Record<string, number>>;

const cn = (concentrations: Input, edition: CnOracleEdition = '2026') =>
  computeIndex(concentrations, { indexType: 'CN_AQI', edition });

// µg/m³ per unit of the printed table: CO is printed in mg/m³.
const ugm3PerUnit = (key: string) => (key === 'CO' ? 1000 : 1);

// Every node of a key in µg/m³, over both editions.
const nodes = (key: string) =>
  key === 'SO2_24H'
    ? CN_SO2_24H_NODES
    : [...new Set(CN_EDITIONS.flatMap((e) => CN_NODES[e][key]!))].map((n) => n * ugm3PerUnit(key));

const OFFSETS = [0, -0.01, 0.01];
const EDITION_ARB = fc.constantFrom(...CN_EDITIONS);

// Reported concentrations up to past the last node, the nodes and their neighbours, negatives
// and absurdly high values.
const concentrationArb = (key: string): fc.Arbitrary<number> => {
  const top = Math.max(...nodes(key), key === 'SO2' ? 2620 : 0);
  return fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: top * 1300 }).map((t) => t / 1000) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...nodes(key)), fc.constantFrom(...OFFSETS))
        .map(([n, d]) => Math.max(Math.round((n + d) * 100) / 100, 0)),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
  );
};

const KEYS = [...CN_POLLUTANTS, 'SO2_24H'];
const inputArb: fc.Arbitrary<Input> = fc.record(
  Object.fromEntries(KEYS.map((k) => [k, concentrationArb(k)])),
  { requiredKeys: [] },
);

function expectOracle(concentrations: Input, edition: CnOracleEdition): void {
  const index = cn(concentrations, edition);
  const expected = cnOracle(concentrations, edition);
  if (expected === null) {
    expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
    expect(index.dominantPollutant).toBeNull();
    return;
  }
  const level = oracleLevel(CN_LEVELS, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
}

describe('CN_AQI: every worked example of world-indexes.md §7', () => {
  it.each<[CnOracleEdition, Input, number, string, string | null]>([
    ['2026', { PM25: 60 }, 100, 'GOOD', 'PM25'],
    ['2026', { PM25: 75 }, 114, 'LIGHTLY_POLLUTED', 'PM25'], // 113.64, published test value
    ['2026', { PM10: 150 }, 112, 'LIGHTLY_POLLUTED', 'PM10'], // 111.54, published test value
    ['2026', { PM25: 60.11 }, 101, 'LIGHTLY_POLLUTED', 'PM25'], // 100.1 rounded up
    ['2026', { PM25: 20, PM10: 30, SO2: 10, NO2: 15, CO: 500, O3: 60 }, 30, 'EXCELLENT', null],
    ['2026', { PM25: 60, PM10: 120 }, 100, 'GOOD', 'PM25'], // a tie at 100
    ['2026', { NO2: 350 }, 115, 'LIGHTLY_POLLUTED', 'NO2'], // exactly 115
    ['2026', { SO2: 2000 }, 200, 'MODERATELY_POLLUTED', 'SO2'],
    ['2026', { PM25: 600 }, 567, 'SEVERELY_POLLUTED', 'PM25'], // 566.67
    ['2026', { PM25: 4.9 }, 7, 'EXCELLENT', null], // exactly 7 (§1)
    ['2012', { PM25: 75 }, 100, 'GOOD', 'PM25'],
    ['2012', { PM10: 150 }, 100, 'GOOD', 'PM10'],
    ['2012', { SO2: 900, SO2_24H: 1000 }, 225, 'HEAVILY_POLLUTED', 'SO2'],
    ['2012', { O3: 160.8 }, 51, 'GOOD', 'O3'], // exactly 51
  ])('%s: %j → %d %s', (edition, concentrations, value, level, dominant) => {
    const index = cn(concentrations, edition);
    const { color } = oracleLevel(CN_LEVELS, value);
    expect(index).toMatchObject({ name: 'CN_AQI', value, level, color });
    expect(index.dominantPollutant).toBe(dominant);
    expect(cnOracle(concentrations, edition)?.value).toBe(value);
  });

  it('uses 2026 by default and rejects an unknown edition', () => {
    expect(INDEX_DEFINITIONS.CN_AQI.editions).toEqual(['2026', '2012']);
    expect(computeIndex({ PM25: 75 }, { indexType: 'CN_AQI' }).value).toBe(114);
    expect(() =>
      computeIndex({ PM25: 75 }, { indexType: 'CN_AQI', edition: '2020' as never }),
    ).toThrow(RangeError);
  });
});

describe('CN_AQI: the scale', () => {
  it('lists the levels and colours of §7, frozen, with texts in English and Polish', () => {
    const levels = INDEX_DEFINITIONS.CN_AQI.levels;
    expectLevelList(levels, CN_LEVELS);
    expect(INDEX_DEFINITIONS.CN_AQI.levelBounds).toBe('lower-inclusive');
    const pl = computeIndex({ NO2: 350 }, { indexType: 'CN_AQI', language: 'pl' });
    expect(pl.advice).toBe(levels[2]!.advice.pl);
  });

  it('gives 0, not −0, for clean air', () => {
    expect(Object.is(cn({ PM25: 0, O3: 0 }).value, 0)).toBe(true);
    expect(Object.is(cn({ PM25: 0 }).subIndexes.PM25, 0)).toBe(true);
  });
});

describe('CN_AQI agrees with the oracle', () => {
  it('on and ±0.01 around every node of every pollutant, in both editions', () => {
    for (const edition of CN_EDITIONS) {
      for (const key of KEYS) {
        for (const node of nodes(key)) {
          for (const offset of OFFSETS) {
            const c = Math.max(Math.round((node + offset) * 100) / 100, 0);
            // SO2_24H only matters with a 1-h SO2 above 800.
            expectOracle(key === 'SO2_24H' ? { SO2: 900, SO2_24H: c } : { [key]: c }, edition);
            expectOracle({ [key]: c, SO2: 800.01, SO2_24H: 300 }, edition);
          }
        }
      }
    }
  });

  it('for any concentrations, in both editions', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => expectOracle(input, edition)),
      RUNS,
    );
  });
});

describe('CN_AQI properties', () => {
  it('is monotone non-decreasing in each pollutant (2012 SO2: only without SO2_24H)', () => {
    fc.assert(
      fc.property(
        inputArb,
        EDITION_ARB,
        fc.constantFrom(...KEYS),
        fc.double({ min: 0, max: 5000, noNaN: true }),
        (input, edition, key, increase) => {
          fc.pre(input[key] !== undefined);
          // In 2012 a 1-h SO2 crossing 800 switches to SO2_24H's IAQI, which may be lower
          // (the reference's rule), so SO2 is monotone there only when SO2_24H is absent.
          const given =
            edition === '2012' && key === 'SO2' ? { ...input, SO2_24H: Number.NaN } : input;
          const higher = { ...given, [key]: Math.max(given[key]!, 0) + increase };
          const before = cn(given, edition).value;
          if (before === null) return;
          expect(cn(higher, edition).value!).toBeGreaterThanOrEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('puts the value in its level range, with that level colour', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => {
        const index = cn(input, edition);
        fc.pre(index.value !== null);
        const level = oracleLevel(CN_LEVELS, index.value!);
        expect(Number.isInteger(index.value)).toBe(true);
        expect([index.level, index.color]).toEqual([level.level, level.color]);
      }),
      RUNS,
    );
  });

  it('names the argmax as dominant above 50, and none up to 50', () => {
    fc.assert(
      fc.property(inputArb, EDITION_ARB, (input, edition) => {
        const index = cn(input, edition);
        fc.pre(index.value !== null);
        if (index.value! <= 50) expect(index.dominantPollutant).toBeNull();
        else {
          expect(index.dominantPollutant).toBe(oracleDominant(index.subIndexes));
          expect(index.subIndexes[index.dominantPollutant!]).toBe(index.value);
        }
      }),
      RUNS,
    );
  });

  it('is no data without any of the six pollutants (SO2_24H alone does not count)', () => {
    const absentArb = fc.constantFrom(
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    );
    fc.assert(
      fc.property(absentArb, fc.double({ noNaN: true }), EDITION_ARB, (bad, so2Daily, edition) => {
        const input = {
          ...Object.fromEntries(CN_POLLUTANTS.map((p) => [p, bad])),
          SO2_24H: so2Daily,
        };
        const index = cn(input, edition);
        expect(index).toMatchObject({ value: null, level: 'UNKNOWN', color: '#999999' });
        expect(index.dominantPollutant).toBeNull();
      }),
      RUNS,
    );
  });

  it('differs between the editions only in PM between the 50 and 150 nodes, and in SO2 above 800 with SO2_24H', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const recent = cn(input, '2026').subIndexes;
        const old = cn(input, '2012').subIndexes;
        expect(Object.keys(recent)).toEqual(Object.keys(old));
        for (const key of Object.keys(recent)) {
          const c = Math.max(input[key]!, 0);
          const inPmBand =
            (key === 'PM25' && c > 35 && c < 115) || (key === 'PM10' && c > 50 && c < 250);
          const so2Switch = key === 'SO2' && c > 800 && Number.isFinite(input.SO2_24H);
          if (inPmBand) expect(recent[key]!).toBeGreaterThanOrEqual(old[key]!);
          else if (!so2Switch) expect(recent[key]).toBe(old[key]);
        }
      }),
      RUNS,
    );
    // On the 2026 IAQI-100 nodes the editions part: 100 against 2012's 80 and 82.
    expect([cn({ PM25: 60 }).value, cn({ PM25: 60 }, '2012').value]).toEqual([100, 82]);
    expect([cn({ PM10: 120 }).value, cn({ PM10: 120 }, '2012').value]).toEqual([100, 85]);
    expect([
      cn({ SO2: 801, SO2_24H: 10 }).value,
      cn({ SO2: 801, SO2_24H: 10 }, '2012').value,
    ]).toEqual([200, 10]);
  });

  it('reads SO2_24H only in 2012 and only for a 1-h SO2 above 800', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.double({ min: 0, max: 5000, noNaN: true }),
        EDITION_ARB,
        (input, so2Daily, edition) => {
          fc.pre(edition === '2026' || !(Math.max(input.SO2 ?? 0, 0) > 800));
          const { SO2_24H: _ignored, ...without } = input;
          expect(cn({ ...without, SO2_24H: so2Daily }, edition)).toEqual(cn(without, edition));
        },
      ),
      RUNS,
    );
  });

  it('reads CO in mg/m³ × 1000: the IAQI of m mg/m³ on the printed nodes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200_000 }), EDITION_ARB, (thousandths, edition) => {
        const mg = thousandths / 1000;
        const expected = cnCeil(cnRawIaqi(CN_NODES[edition].CO!, mg));
        expect(cn({ CO: mg * 1000 }, edition).subIndexes.CO).toBe(expected);
      }),
      RUNS,
    );
  });
});

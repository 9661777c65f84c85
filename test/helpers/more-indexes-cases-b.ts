// What the KOR_CAI, SGP_PSI and HKG_AQHI tests share: computeIndex with each definition, the
// check of a result against the oracle, and the concentrations the properties draw. Places on a
// table come from the oracle's transcription (more-indexes-oracle-b.ts), never from src.
import fc from 'fast-check';
import { expect } from 'vitest';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { HKG_AQHI_INDEX } from '../../src/indexes/hkg-aqhi.js';
import { KOR_CAI_INDEX } from '../../src/indexes/kor-cai.js';
import { SGP_PSI_INDEX } from '../../src/indexes/sgp-psi.js';
import { type OracleLevel, type OracleResult, oracleLevel } from './in-naqi-oracle.js';
import {
  AQHI_BETA,
  CAI_LEVELS,
  CAI_POLLUTANTS,
  CAI_ROWS,
  caiOracle,
  HK_AQHI_LEVELS,
  hkAqhiOracle,
  oracleUgm3FromPpb,
  PSI_LEVELS,
  psiNodes,
  psiOracle,
} from './more-indexes-oracle-b.js';
import { expectNoData } from './national-oracle-common.js';

/** Concentrations by key, µg/m³; an omitted key is absent. */
export type Input = Partial<Record<string, number>>;

type Language = 'en' | 'pl';

/** KOR_CAI of `concentrations`, through computeIndex with the definition. */
export const cai = (concentrations: Input, language?: Language) =>
  computeIndex(concentrations, { indexType: KOR_CAI_INDEX, language });

/** SGP_PSI of `concentrations`. */
export const psi = (concentrations: Input, language?: Language) =>
  computeIndex(concentrations, { indexType: SGP_PSI_INDEX, language });

/** HKG_AQHI of `concentrations`. */
export const hkAqhi = (concentrations: Input, language?: Language) =>
  computeIndex(concentrations, { indexType: HKG_AQHI_INDEX, language });

type Compute = (concentrations: Input) => ReturnType<typeof computeIndex>;

// The result agrees with the oracle: value, sub-indexes (no extra key, even an undefined one),
// dominant pollutant, level and colour; or both say no data.
function expectAgreement(
  name: string,
  compute: Compute,
  oracle: (concentrations: Input) => OracleResult | null,
  levels: readonly OracleLevel[],
  concentrations: Input,
): void {
  const index = compute(concentrations);
  const expected = oracle(concentrations);
  if (expected === null) {
    expectNoData(index, name);
    return;
  }
  const level = oracleLevel(levels, expected.value);
  expect(index.value).toBe(expected.value);
  expect(index.subIndexes).toStrictEqual(expected.subIndexes);
  expect(index.dominantPollutant).toBe(expected.dominantPollutant);
  expect([index.level, index.color]).toEqual([level.level, level.color]);
}

/** KOR_CAI of `concentrations` agrees with the oracle. */
export const expectCaiOracle = (concentrations: Input) =>
  expectAgreement('KOR_CAI', cai, caiOracle, CAI_LEVELS, concentrations);

/** SGP_PSI of `concentrations` agrees with the oracle. */
export const expectPsiOracle = (concentrations: Input) =>
  expectAgreement('SGP_PSI', psi, psiOracle, PSI_LEVELS, concentrations);

/** HKG_AQHI of `concentrations` agrees with the oracle. */
export const expectHkAqhiOracle = (concentrations: Input) =>
  expectAgreement('HKG_AQHI', hkAqhi, hkAqhiOracle, HK_AQHI_LEVELS, concentrations);

/** §5: µg/m³ of a value printed in the CAI table's unit (ppm for the gases). */
export const caiUgm3 = (pollutant: string, printed: number) =>
  pollutant.startsWith('PM') ? printed : oracleUgm3FromPpb(pollutant, printed * 1000);

/** Every CAI pollutant at 0 but `pollutant` at `ugm3`: the minimum is met, the rest 0. */
export const caiAlone = (pollutant: string, ugm3: number): Input =>
  Object.fromEntries(CAI_POLLUTANTS.map((p) => [p, p === pollutant ? ugm3 : 0]));

/** §6: the keys SGP_PSI reads. */
export const PSI_KEYS = ['PM25', 'PM10', 'SO2', 'CO', 'O3', 'O3_1H', 'NO2'] as const;

/** §6: the nodes of a column as [µg/m³, PSI] (CO is printed in mg/m³). */
export const psiNodesUgm3 = (key: string) =>
  psiNodes(key).map(([c, i]) => [c * (key === 'CO' ? 1000 : 1), i] as const);

/** §7: the pollutants HKG_AQHI reads. */
export const AQHI_KEYS = ['NO2', 'SO2', 'O3', 'PM10', 'PM25'] as const;

/** §7: NO2 whose term alone is `risk` percent, with O3 and PM25 at 0 (minimum met, no risk). */
export const riskOnly = (risk: number): Input => ({
  NO2: Math.log(1 + risk / 100) / AQHI_BETA.NO2!,
  O3: 0,
  PM25: 0,
});

// Reported values up to 1.2 × `top`, places of the table and a hair or half a unit around
// them, negatives, absurdly high values, and absent ones (undefined, NaN, ±Infinity).
function concentrationArb(
  top: number,
  places: readonly number[],
): fc.Arbitrary<number | undefined> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.integer({ min: 0, max: Math.ceil(top * 1200) }).map((t) => t / 1000),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...places), fc.constantFrom(0, -1e-6, 1e-6, 0.5, -0.5))
        .map(([c, d]) => Math.max(c + d, 0)),
    },
    { weight: 1, arbitrary: fc.double({ min: -50, max: 0, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1e9, noNaN: true }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        undefined,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
      ),
    },
  );
}

function inputArb(
  keys: readonly string[],
  arbOf: (key: string) => fc.Arbitrary<number | undefined>,
) {
  return fc.record(Object.fromEntries(keys.map((key) => [key, arbOf(key)])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Input>;
}

/** KOR_CAI inputs, around every printed bound. */
export const caiInputArb: fc.Arbitrary<Input> = inputArb(CAI_POLLUTANTS, (p) =>
  concentrationArb(
    caiUgm3(p, CAI_ROWS[p]![3]![1]),
    CAI_ROWS[p]!.flat().map((b) => caiUgm3(p, b)),
  ),
);

/** SGP_PSI inputs (O3_1H included), around every node. */
export const psiInputArb: fc.Arbitrary<Input> = inputArb(PSI_KEYS, (key) => {
  const nodes = psiNodesUgm3(key).map(([c]) => c);
  return concentrationArb(nodes.at(-1)!, nodes);
});

/** HKG_AQHI inputs: 3-h means up to 1200 µg/m³ and beyond. */
export const hkAqhiInputArb: fc.Arbitrary<Input> = inputArb(AQHI_KEYS, () =>
  concentrationArb(1000, [0, 50, 100, 200, 400, 1000, 3000]),
);

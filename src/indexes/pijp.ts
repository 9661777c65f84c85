import { checkOneOf } from '../arguments/argument-checks.js';
import { gridIndex } from './grid-index.js';
import { defineIndexTable, type IndexLevelDefinition, type IndexTable } from './index-table.js';
import { DEFAULT_PIJP_EDITION, PIJP_THRESHOLDS, type PijpEdition } from './pijp-thresholds.js';

// Decided: the GIOŚ classes become a number by mapping each class bound onto the upper end of
// its level, so the numeric value and the class always agree (see pijpIndexTable).
const PIJP_INDEX_BREAKPOINTS: readonly number[] = /* @__PURE__ */ Object.freeze([
  0, 1, 3, 5, 7, 10,
]);

const PIJP_LEVELS: readonly IndexLevelDefinition[] = [
  {
    level: 'VERY_GOOD',
    minValue: 0,
    maxValue: 1,
    color: '#57B108',
    description: {
      en: 'Very good air quality.',
      pl: 'Bardzo dobra jakość powietrza.',
    },
    advice: {
      en: 'Ideal for every kind of outdoor activity.',
      pl: 'Idealne warunki do każdej aktywności na zewnątrz.',
    },
  },
  {
    level: 'GOOD',
    minValue: 1,
    maxValue: 3,
    color: '#B0DD10',
    description: {
      en: 'Good air quality.',
      pl: 'Dobra jakość powietrza.',
    },
    advice: {
      en: 'Time outdoors is fine for everyone.',
      pl: 'Przebywanie na zewnątrz jest bezpieczne dla wszystkich.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 3,
    maxValue: 5,
    color: '#FFD911',
    description: {
      en: 'Moderate air quality.',
      pl: 'Umiarkowana jakość powietrza.',
    },
    advice: {
      en: 'Sensitive groups should watch how they feel and take breaks outdoors.',
      pl: 'Osoby z grup wrażliwych powinny obserwować samopoczucie i robić przerwy na zewnątrz.',
    },
  },
  {
    level: 'SATISFACTORY',
    minValue: 5,
    maxValue: 7,
    color: '#E58100',
    description: {
      en: 'Sufficient air quality.',
      pl: 'Dostateczna jakość powietrza.',
    },
    advice: {
      en: 'Sensitive people should limit time outdoors and everyone should avoid hard exercise.',
      pl: 'Osoby wrażliwe powinny ograniczyć pobyt na zewnątrz, a wszyscy unikać ciężkiego wysiłku.',
    },
  },
  {
    level: 'BAD',
    minValue: 7,
    maxValue: 10,
    color: '#E50000',
    description: {
      en: 'Bad air quality.',
      pl: 'Zła jakość powietrza.',
    },
    advice: {
      en: 'Avoid outdoor exercise; sensitive people should stay indoors.',
      pl: 'Unikaj wysiłku na zewnątrz; osoby wrażliwe powinny zostać w domu.',
    },
  },
  {
    level: 'VERY_BAD',
    minValue: 10,
    maxValue: null,
    color: '#990000',
    description: {
      en: 'Very bad air quality.',
      pl: 'Bardzo zła jakość powietrza.',
    },
    advice: {
      en: 'Everyone should stay indoors with the windows closed.',
      pl: 'Wszyscy powinni pozostać w domu przy zamkniętych oknach.',
    },
  },
];

/**
 * Builds the PIJP table for one edition of the GIOŚ thresholds. The numeric value maps the
 * class bounds onto 0, 1, 3, 5, 7, 10 (the last slope continues above 10), and levels are
 * upper-inclusive, so the level of a value always equals the GIOŚ class of the concentration:
 * PM10 exactly 20 µg/m³ gives 1, VERY_GOOD. Particulates count by default; the gas grids are
 * carried for callers who ask for them.
 *
 * @param edition - default `'2019-10'`
 * @throws RangeError for an edition that is not in PIJP_THRESHOLDS
 * @example
 * pijpIndexTable('2019-10').grids.PM10; // [0, 20, 50, 80, 110, 150]
 */
export function pijpIndexTable(edition: PijpEdition = DEFAULT_PIJP_EDITION): IndexTable {
  checkOneOf('pijpIndexTable', 'edition', edition, Object.keys(PIJP_THRESHOLDS));
  const grids: Record<string, readonly number[]> = {};
  for (const [pollutant, bounds] of Object.entries(PIJP_THRESHOLDS[edition])) {
    grids[pollutant] = [0, ...bounds];
  }
  return defineIndexTable({
    name: 'PIJP',
    indexBreakpoints: PIJP_INDEX_BREAKPOINTS,
    grids,
    countedPollutants: ['PM10', 'PM25'],
    levelBounds: 'upper-inclusive',
    levels: PIJP_LEVELS,
  });
}

/**
 * The PIJP table on the default threshold edition (October 2019).
 *
 * @example
 * PIJP_TABLE.levels.map((l) => l.level); // ['VERY_GOOD', 'GOOD', 'MODERATE', 'SATISFACTORY', 'BAD', 'VERY_BAD']
 */
export const PIJP_TABLE: IndexTable = /* @__PURE__ */ pijpIndexTable();

/** Every threshold edition, the default (newest) first. */
export const PIJP_EDITIONS: readonly PijpEdition[] = /* @__PURE__ */ Object.freeze([
  DEFAULT_PIJP_EDITION,
]);

/**
 * The PIJP table of every edition, built once so that `computeIndex` can pick one per call.
 *
 * @example
 * PIJP_TABLES['2019-10'] === PIJP_TABLE; // true
 */
export const PIJP_TABLES: Readonly<Record<PijpEdition, IndexTable>> = /* @__PURE__ */ Object.freeze(
  {
    // A literal key, not `[DEFAULT_PIJP_EDITION]`: bundlers must assume a computed key has
    // effects, and would keep PIJP in every bundle.
    '2019-10': PIJP_TABLE,
  },
);

/** A level of PIJP, the GIOŚ class of the concentration. */
export type PijpLevel = 'VERY_GOOD' | 'GOOD' | 'MODERATE' | 'SATISFACTORY' | 'BAD' | 'VERY_BAD';

/** A pollutant with a PIJP grid (only PM10 and PM25 count unless `countedPollutants` says so). */
export type PijpPollutant = 'PM10' | 'PM25' | 'O3' | 'NO2' | 'SO2';

/**
 * PIJP as an index definition, for `computeIndexWith`: editions as in {@link PIJP_EDITIONS}.
 *
 * @example
 * computeIndexWith(PIJP_INDEX, { PM10: 20 }, { edition: '2019-10' }).level; // 'VERY_GOOD'
 */
export const PIJP_INDEX = /* @__PURE__ */ gridIndex<'PIJP', PijpLevel, PijpPollutant, PijpEdition>(
  PIJP_TABLE,
  PIJP_TABLES,
);

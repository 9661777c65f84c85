/**
 * The EAQI of world-indexes.md §4, transcribed by hand, and a naive EAQI written straight from
 * its text. Tests of `src/indexes/eaqi.ts` take their expected values from here; nothing in
 * this file imports src. It also holds what the UK DAQI oracle shares with it: the result type
 * and the checks of a result and of level texts (the §1 conventions are in
 * `national-oracle-common.ts`).
 */

import { expect } from 'vitest';
import { NO_DATA_FIELDS, readInput, TIE_ORDER } from './national-oracle-common.js';

/** The pollutants of the EAQI (§1: no CO). */
export const EAQI_REFERENCE_POLLUTANTS = ['PM25', 'PM10', 'NO2', 'O3', 'SO2'] as const;

/** The editions, the default first (§1.1). */
export const EAQI_REFERENCE_EDITIONS = ['2025', '2019'] as const;

/** An EAQI edition. */
export type EaqiReferenceEdition = (typeof EAQI_REFERENCE_EDITIONS)[number];

/** One row of the §4 table: a level, its colour and its upper bounds (µg/m³) per edition. */
export interface EaqiReferenceRow {
  readonly value: number;
  readonly level: string;
  readonly color: string;
  /** Upper bounds, `[PM25, PM10, NO2, O3, SO2]`; `null` on the open EXTREMELY_POOR row. */
  readonly bounds: Readonly<Record<EaqiReferenceEdition, readonly number[] | null>>;
}

/** The §4 table, row by row as printed. */
export const EAQI_REFERENCE_ROWS: readonly EaqiReferenceRow[] = [
  row(1, 'GOOD', '#50F0E6', [5, 15, 10, 60, 20], [10, 20, 40, 50, 100]),
  row(2, 'FAIR', '#50CCAA', [15, 45, 25, 100, 40], [20, 40, 90, 100, 200]),
  row(3, 'MODERATE', '#F0E641', [50, 120, 60, 120, 125], [25, 50, 120, 130, 350]),
  row(4, 'POOR', '#FF5050', [90, 195, 100, 160, 190], [50, 100, 230, 240, 500]),
  row(5, 'VERY_POOR', '#960032', [140, 270, 150, 180, 275], [75, 150, 340, 380, 750]),
  row(6, 'EXTREMELY_POOR', '#7D2181', null, null),
];

function row(
  value: number,
  level: string,
  color: string,
  bounds2025: readonly number[] | null,
  bounds2019: readonly number[] | null,
): EaqiReferenceRow {
  return { value, level, color, bounds: { '2025': bounds2025, '2019': bounds2019 } };
}

/** Every upper bound of one pollutant in one edition, lowest first (the table's column). */
export function eaqiReferenceColumn(edition: EaqiReferenceEdition, pollutant: string): number[] {
  const column = EAQI_REFERENCE_POLLUTANTS.indexOf(pollutant as never);
  return EAQI_REFERENCE_ROWS.flatMap((r) => {
    const bounds = r.bounds[edition];
    return bounds === null ? [] : [bounds[column]!];
  });
}

/** The band of `c`: one more than the number of upper bounds it exceeds. */
export function naiveEaqiBand(edition: EaqiReferenceEdition, pollutant: string, c: number): number {
  return 1 + eaqiReferenceColumn(edition, pollutant).filter((bound) => c > bound).length;
}

/** The pollutant with the highest sub-index, ties by the §1 {@link TIE_ORDER}: a sort. */
export function naiveArgmaxBySort(subIndexes: Readonly<Record<string, number>>): string | null {
  const ranked = Object.entries(subIndexes).sort(
    ([a, x], [b, y]) => y - x || TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b),
  );
  return ranked[0]?.[0] ?? null;
}

/** What `computeIndex` must return for the EAQI, or `null` for no data. */
export interface NaiveIndexResult {
  readonly value: number;
  readonly level: string;
  readonly color: string;
  readonly dominantPollutant: string | null;
  readonly subIndexes: Readonly<Record<string, number>>;
}

/** The EAQI of a set of concentrations, straight from §1 and §4. */
export function naiveEaqi(
  concentrations: Readonly<Record<string, unknown>>,
  edition: EaqiReferenceEdition,
): NaiveIndexResult | null {
  const subIndexes: Record<string, number> = {};
  for (const pollutant of EAQI_REFERENCE_POLLUTANTS) {
    const c = readInput(concentrations[pollutant]);
    if (c !== undefined) subIndexes[pollutant] = naiveEaqiBand(edition, pollutant, c);
  }
  const bands = Object.values(subIndexes);
  if (bands.length === 0) return null;
  const value = Math.max(...bands);
  const levelRow = EAQI_REFERENCE_ROWS.find((r) => r.value === value)!;
  return {
    value,
    level: levelRow.level,
    color: levelRow.color,
    dominantPollutant: naiveArgmaxBySort(subIndexes),
    subIndexes,
  };
}

/** The fields of a `computeIndex` result that the oracles predict. */
export interface ComputedIndexFields {
  readonly value: number | null;
  readonly level: string;
  readonly color: string;
  readonly dominantPollutant: string | null;
  readonly subIndexes: Readonly<Record<string, number>>;
}

/** Asserts that a `computeIndex` result is the oracle's (no data when the oracle says `null`). */
export function expectIndexMatches(
  actual: ComputedIndexFields,
  expected: NaiveIndexResult | null,
): void {
  const { value, level, color, dominantPollutant, subIndexes } = actual;
  expect({ value, level, color, dominantPollutant, subIndexes }).toEqual(
    expected ?? NO_DATA_FIELDS,
  );
}

/** A level as src defines it, structurally (this file does not import src). */
export interface LevelLike {
  readonly level: string;
  readonly minValue: number;
  readonly maxValue: number | null;
  readonly color: string;
  readonly description: Readonly<Record<'en' | 'pl', string>>;
  readonly advice: Readonly<Record<'en' | 'pl', string>>;
}

/** The facts of each level that the reference fixes: name, range and colour (no texts). */
export function levelFacts(levels: readonly LevelLike[]) {
  return levels.map(({ level, minValue, maxValue, color }) => ({
    level,
    minValue,
    maxValue,
    color,
  }));
}

/**
 * Asserts that every level has a description and advice in English and in Polish (its own
 * sentence, capitalised, ending with a full stop), all frozen, and that the Polish uses its
 * diacritics somewhere.
 */
export function expectLevelTexts(levels: readonly LevelLike[]): void {
  for (const level of levels) {
    for (const text of [level.description, level.advice]) {
      expect(text.en).toMatch(/^[A-Z].*\.$/);
      expect(text.pl).toMatch(/^[A-ZĄĆĘŁŃÓŚŹŻ].*\.$/);
      expect(text.pl).not.toBe(text.en);
      expect(Object.isFrozen(text)).toBe(true);
    }
    expect(Object.isFrozen(level)).toBe(true);
  }
  expect(levels.some((l) => /[ąćęłńóśźż]/.test(l.advice.pl + l.description.pl))).toBe(true);
}

import { LANGUAGES } from '../model/api-types.js';
import type { IndexTable } from './index-table.js';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

function isStrictlyIncreasingFromZero(values: readonly number[]): boolean {
  if (values[0] !== 0) return false;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (!Number.isFinite(value) || value <= values[i - 1]!) return false;
  }
  return true;
}

/**
 * Lists what is wrong with an index table, one readable sentence per problem; an empty list
 * means the computation and the meta list can rely on it. The tests run it over every
 * built-in table; run it over your own table before passing it to `computeIndexWithTable`.
 *
 * @param table - the table to check
 * @returns problems, e.g. `['grid PM10 has 4 breakpoints, expected 5']`; `[]` when sound
 * @example
 * indexTableProblems(CAQI_TABLE); // []
 */
export function indexTableProblems(table: IndexTable): string[] {
  const problems: string[] = [];
  const breakpoints = table.indexBreakpoints;
  if (breakpoints.length < 2 || !isStrictlyIncreasingFromZero(breakpoints)) {
    problems.push('indexBreakpoints must be at least 2 finite values rising strictly from 0');
  }
  for (const [pollutant, grid] of Object.entries(table.grids)) {
    if (grid.length !== breakpoints.length) {
      problems.push(
        `grid ${pollutant} has ${grid.length} breakpoints, expected ${breakpoints.length}`,
      );
    }
    if (!isStrictlyIncreasingFromZero(grid)) {
      problems.push(`grid ${pollutant} must be finite concentrations rising strictly from 0`);
    }
  }
  if (table.countedPollutants.length === 0) problems.push('countedPollutants is empty');
  for (const pollutant of table.countedPollutants) {
    if (!Object.hasOwn(table.grids, pollutant)) {
      problems.push(`counted pollutant ${pollutant} has no grid`);
    }
  }

  const levels = table.levels;
  if (levels.length === 0) problems.push('levels is empty');
  const names = new Set<string>();
  levels.forEach((level, i) => {
    if (level.level === '' || names.has(level.level)) {
      problems.push(`level ${i} has an empty or repeated name ${JSON.stringify(level.level)}`);
    }
    names.add(level.level);
    const expectedMin = i === 0 ? 0 : levels[i - 1]!.maxValue;
    if (level.minValue !== expectedMin) {
      problems.push(`level ${level.level} starts at ${level.minValue}, expected ${expectedMin}`);
    }
    const isLast = i === levels.length - 1;
    if (isLast !== (level.maxValue === null)) {
      problems.push(`level ${level.level}: only the last level is open (maxValue null)`);
    }
    if (level.maxValue !== null && !(level.maxValue > level.minValue)) {
      problems.push(`level ${level.level} has an empty range`);
    }
    if (!HEX_COLOR.test(level.color)) {
      problems.push(`level ${level.level} colour ${JSON.stringify(level.color)} is not #RRGGBB`);
    }
    for (const language of LANGUAGES) {
      if (!level.description[language] || !level.advice[language]) {
        problems.push(`level ${level.level} lacks a ${language} description or advice`);
      }
    }
  });
  return problems;
}

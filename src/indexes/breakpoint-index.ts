import { checkObject, checkOneOf, checkSafeInteger } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { breakpointRows, interpolateRows } from './breakpoint-rows.js';
import { ceilInteger, roundHalfUpInteger, truncateTo } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels, type IndexLevelDefinition, type LevelBounds } from './index-table.js';
import { type ConvertibleGas, MOLAR_MASS_G_PER_MOL, ugm3ToPpb } from './unit-conversion.js';

// An AQI-style index as data, the way the US, Indian and Chinese indexes are built: per
// pollutant a unit, a resolution and rows of breakpoints; the sub-index is the row's linear
// interpolation, rounded; the index is the largest sub-index.

/** One pollutant of a breakpoint index. */
export interface BreakpointPollutant {
  /** Hours the input must already be averaged over (`computeIndex` averages nothing). */
  readonly averagingHours: number;
  /**
   * The unit of the rows. Inputs are µg/m³; `ppb` and `ppm` are converted at 25 °C and need a
   * gas with a molar mass in airq (NO2, O3, SO2, CO). Default `ugm3`.
   */
  readonly unit?: 'ugm3' | 'ppb' | 'ppm' | undefined;
  /**
   * Decimals the converted concentration keeps before the rows are read, by `truncate` (as EPA
   * does) or `half-up` (as CPCB does); omit both to read the value as it is.
   */
  readonly decimals?: number | undefined;
  /** How `decimals` are kept. Default `truncate`. */
  readonly concentrationRounding?: 'truncate' | 'half-up' | undefined;
  /**
   * The rows `[cLo, cHi, iLo, iHi]`, lowest first, in `unit`: a concentration in `[cLo, cHi]`
   * maps linearly onto `[iLo, iHi]`; above the last row its slope continues.
   */
  readonly rows: readonly (readonly [number, number, number, number])[];
}

/** What {@link defineBreakpointIndex} reads. */
export interface BreakpointIndexSpec<
  Name extends string,
  Level extends string,
  Pollutant extends string,
> {
  /** The index name results carry. */
  readonly name: Name;
  /** The levels, lowest first, the last open (`maxValue: null`). */
  readonly levels: readonly IndexLevelDefinition<Level>[];
  /** Which end of a level's range belongs to it. Default `lower-inclusive`. */
  readonly levelBounds?: LevelBounds | undefined;
  /** Each pollutant with its unit, resolution, averaging period and rows. */
  readonly pollutants: Readonly<Record<Pollutant, BreakpointPollutant>>;
  /** How a sub-index becomes an integer: `half-up` (EPA, CPCB) or `up` (MEE). Default `half-up`. */
  readonly subIndexRounding?: 'half-up' | 'up' | undefined;
}

/** A breakpoint index: an {@link IndexDefinition} that also states its averaging periods. */
export interface BreakpointIndex<
  Name extends string,
  Level extends string,
  Pollutant extends string,
> extends IndexDefinition<Name, Level, Pollutant, never> {
  /** Pollutant → hours its input must already be averaged over. */
  readonly averagingHours: Readonly<Record<Pollutant, number>>;
}

const UNITS = /* @__PURE__ */ Object.freeze(['ugm3', 'ppb', 'ppm'] as const);

/**
 * Defines an AQI-style index from its tables: per pollutant the rows of breakpoints, the unit
 * they are in, the resolution inputs are cut to and the averaging period. Each sub-index is
 * the linear interpolation on its row, made an integer; the index is the largest sub-index and
 * its pollutant the dominant one. The result goes to `computeIndexWith` or `computeIndex`.
 *
 * @throws TypeError or RangeError naming the field when the spec is malformed (an unknown
 *   unit, a volume unit for a gas without a molar mass, no rows, a row that is not 4 finite
 *   numbers)
 * @example
 * const text = { en: 'Text.', pl: 'Tekst.' };
 * const index = defineBreakpointIndex({
 *   name: 'MY_AQI',
 *   levels: [
 *     { level: 'OK', minValue: 0, maxValue: 50, color: '#00E400', description: text, advice: text },
 *     { level: 'BAD', minValue: 51, maxValue: null, color: '#FF0000', description: text, advice: text },
 *   ],
 *   pollutants: { NO2: { averagingHours: 1, unit: 'ppb', decimals: 0, rows: [[0, 50, 0, 50], [51, 100, 51, 100]] } },
 * });
 * computeIndexWith(index, { NO2: 100 }).value; // 53 (100 µg/m³ is 53.1 ppb, cut to 53)
 */
export function defineBreakpointIndex<
  const Name extends string,
  const Level extends string,
  const Pollutant extends string,
>(spec: BreakpointIndexSpec<Name, Level, Pollutant>): BreakpointIndex<Name, Level, Pollutant> {
  const where = 'defineBreakpointIndex';
  checkObject(where, 'spec.pollutants', spec.pollutants);
  const names = Object.keys(spec.pollutants) as Pollutant[];
  const readers = names.map((pollutant) => pollutantReader(pollutant, spec.pollutants[pollutant]));
  const averagingHours = {} as Record<Pollutant, number>;
  for (const pollutant of names)
    averagingHours[pollutant] = spec.pollutants[pollutant].averagingHours;
  const roundSubIndex = spec.subIndexRounding === 'up' ? ceilInteger : roundHalfUpInteger;
  checkOneOf(where, 'spec.subIndexRounding', spec.subIndexRounding ?? 'half-up', ['half-up', 'up']);
  return Object.freeze({
    name: spec.name,
    editions: Object.freeze([]),
    inputs: Object.freeze(names),
    levels: defineIndexLevels(spec.levels),
    levelBounds: spec.levelBounds ?? 'lower-inclusive',
    averagingHours: Object.freeze(averagingHours),
    compute(concentrations: Concentrations<string>): IndexComputation<Pollutant> | undefined {
      const subIndexes: Partial<Record<Pollutant, number>> = {};
      for (const { pollutant, rows, toTable } of readers) {
        const ugm3 = readInput(concentrations, pollutant);
        if (ugm3 === undefined) continue;
        const raw = interpolateRows(rows, toTable(ugm3));
        subIndexes[pollutant] = Math.min(roundSubIndex(raw), Number.MAX_VALUE);
      }
      const dominant = dominantPollutant(subIndexes);
      if (dominant === null) return undefined;
      return { value: subIndexes[dominant]!, subIndexes, dominantPollutant: dominant };
    },
  });
}

// A pollutant's rows and the step from µg/m³ to the rows' unit and resolution, checked once.
function pollutantReader<Pollutant extends string>(
  pollutant: Pollutant,
  spec: BreakpointPollutant,
) {
  const where = 'defineBreakpointIndex';
  const path = `spec.pollutants.${pollutant}`;
  checkObject(where, path, spec);
  const unit = spec.unit ?? 'ugm3';
  checkOneOf(where, `${path}.unit`, unit, UNITS);
  if (unit !== 'ugm3' && !Object.hasOwn(MOLAR_MASS_G_PER_MOL, pollutant)) {
    const expectation = `must be ugm3 for ${pollutant}, which has no molar mass in airq`;
    throw argumentError(RangeError, where, `${path}.unit`, expectation, unit);
  }
  const decimals = spec.decimals;
  if (decimals !== undefined) checkSafeInteger(where, `${path}.decimals`, decimals);
  const rounding = spec.concentrationRounding ?? 'truncate';
  checkOneOf(where, `${path}.concentrationRounding`, rounding, ['truncate', 'half-up']);
  if (!Array.isArray(spec.rows) || spec.rows.length === 0) {
    throw argumentError(TypeError, where, `${path}.rows`, 'must be a non-empty array', spec.rows);
  }
  for (const row of spec.rows) {
    if (!Array.isArray(row) || row.length !== 4 || !row.every(Number.isFinite)) {
      throw argumentError(
        TypeError,
        where,
        `${path}.rows`,
        'must hold [cLo, cHi, iLo, iHi] rows of finite numbers',
        row,
      );
    }
  }
  const gas = pollutant as ConvertibleGas;
  const scale = unit === 'ppm' ? 1000 : 1;
  const toTable = (ugm3: number): number => {
    const c = unit === 'ugm3' ? ugm3 : ugm3ToPpb(gas, ugm3) / scale;
    if (decimals === undefined) return c;
    if (rounding === 'truncate') return truncateTo(c, decimals);
    return roundHalfUpInteger(c * 10 ** decimals) / 10 ** decimals;
  };
  return { pollutant, rows: breakpointRows(spec.rows), toTable };
}

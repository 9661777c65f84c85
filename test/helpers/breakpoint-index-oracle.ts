// HARBOUR_AQI, a national index defined outside airq for the tests of defineBreakpointIndex,
// and its naive oracle written here: convert at 25 °C with the molar masses below, cut to the
// resolution, find the row, interpolate, make an integer. The molar masses and 24.45 L/mol are
// the usual textbook values. Nothing here imports src.
import { EPS, oracleDominant, oracleInput } from './national-oracle-common.js';

const MOLAR_MASS: Readonly<Record<string, number>> = { NO2: 46.0055, O3: 47.9982, CO: 28.01 };
const say = { en: 'Text.', pl: 'Tekst.' };
/** The levels of HARBOUR_AQI (texts are placeholders). */
export const LEVELS = [
  { level: 'CLEAN', minValue: 0, maxValue: 50, color: '#00E400', description: say, advice: say },
  { level: 'HAZY', minValue: 51, maxValue: 100, color: '#FFFF00', description: say, advice: say },
  {
    level: 'SMOGGY',
    minValue: 101,
    maxValue: null,
    color: '#FF0000',
    description: say,
    advice: say,
  },
] as const;

/** One row of a table: [cLo, cHi, iLo, iHi]. */
export type Row = readonly [number, number, number, number];
/** How the oracle reads one pollutant: the unit of its rows, its resolution and its rows. */
export interface OraclePollutant {
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  readonly decimals?: number;
  readonly halfUp?: boolean;
  readonly rows: readonly Row[];
}

/** The tables of HARBOUR_AQI, as the oracle reads them. */
export const SPEC: Readonly<Record<'PM25' | 'PM10' | 'NO2' | 'CO' | 'NH3', OraclePollutant>> = {
  PM25: {
    unit: 'ugm3',
    decimals: 0,
    halfUp: true,
    rows: [
      [0, 20, 0, 50],
      [21, 50, 51, 100],
      [51, 150, 101, 200],
    ],
  },
  PM10: {
    unit: 'ugm3',
    decimals: 1,
    halfUp: true,
    rows: [
      [0, 50, 0, 50],
      [50.1, 100, 51, 100],
    ],
  },
  NO2: {
    unit: 'ppb',
    decimals: 0,
    rows: [
      [0, 50, 0, 50],
      [51, 150, 51, 100],
      [151, 400, 101, 200],
    ],
  },
  CO: {
    unit: 'ppm',
    decimals: 1,
    rows: [
      [0, 4.4, 0, 50],
      [4.5, 9.4, 51, 100],
    ],
  },
  NH3: {
    unit: 'ugm3',
    rows: [
      [0, 200, 0, 50],
      [200, 400, 50, 100],
    ],
  },
};

function oracleSubIndex(
  pollutant: string,
  spec: OraclePollutant,
  ugm3: number,
  up: boolean,
): number {
  let c = ugm3;
  if (spec.unit !== 'ugm3') c = (ugm3 * 24.45) / MOLAR_MASS[pollutant]!;
  if (spec.unit === 'ppm') c /= 1000;
  if (spec.decimals !== undefined) {
    const scale = 10 ** spec.decimals;
    c = spec.halfUp
      ? Math.floor(c * scale + 0.5 + EPS) / scale
      : Math.floor(c * scale + EPS) / scale;
  }
  // The first row whose top holds c; below a row's start its iLo; above the last, its slope.
  const row = spec.rows.find(([, cHi]) => c <= cHi) ?? spec.rows.at(-1)!;
  const [cLo, cHi, iLo, iHi] = row;
  const raw = c < cLo ? iLo : iLo + ((iHi - iLo) / (cHi - cLo)) * (c - cLo);
  return up ? Math.ceil(raw - EPS) + 0 : Math.floor(raw + 0.5 + EPS);
}

/** HARBOUR_AQI of `concentrations` (µg/m³ by key), sub-indexes rounded up when `up`. */
export function oracle(concentrations: Readonly<Record<string, number>>, up = false) {
  const subIndexes: Record<string, number> = {};
  for (const [pollutant, spec] of Object.entries(SPEC)) {
    const ugm3 = oracleInput(concentrations, pollutant);
    if (ugm3 !== undefined) subIndexes[pollutant] = oracleSubIndex(pollutant, spec, ugm3, up);
  }
  if (Object.keys(subIndexes).length === 0) return undefined;
  const top = Math.max(...Object.values(subIndexes));
  // NH3 is outside the usual tie order: it wins a tie only against nothing listed.
  const dominant = oracleDominant(subIndexes) ?? 'NH3';
  return { value: top, subIndexes, dominant };
}

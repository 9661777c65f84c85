import { type BreakpointRow, breakpointRows } from './breakpoint-rows.js';
import type { ConvertibleGas } from './unit-conversion.js';

// The US EPA AQI tables as data (EPA, TAD 2024 and TAD 2018). Edition 2024 is the
// revision effective 6 May 2024 (TAD-2024); edition 2012 is the table of TAD-2018. Each table
// is in the unit and resolution EPA writes it in, so a truncated input falls into exactly one
// row. The rules in us-aqi.ts read their thresholds from these rows: 1-h O3 starts at its first
// breakpoint (0.125 ppm), 8-h O3 ends at its last (0.200 ppm), 1-h SO2 ends at 304 ppb and
// 24-h SO2 starts at 305 ppb.

/** A US AQI edition: `2024` (default) or `2012`. */
export type UsAqiEdition = '2024' | '2012';

/** The US AQI inputs: the six pollutants plus the secondary `O3_1H` and `SO2_24H`. */
export type UsAqiInput = 'PM25' | 'PM10' | 'O3' | 'O3_1H' | 'CO' | 'SO2' | 'SO2_24H' | 'NO2';

/** How an input (µg/m³) is brought onto its table: the unit and the decimals kept. */
export interface UsAqiInputUnit {
  /** The gas converted at 25 °C, or `null` for particles, whose tables are in µg/m³. */
  readonly gas: ConvertibleGas | null;
  /** `ugm3`, `ppb` or `ppm`. */
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  /** Decimals kept by truncation: PM25 0.1 µg/m³, O3 0.001 ppm, CO 0.1 ppm, the rest integers. */
  readonly decimals: number;
}

/**
 * The unit and truncation of every input [AIRNOW-EQ, TAD-2018].
 *
 * @example
 * US_AQI_INPUT_UNITS.O3; // { gas: 'O3', unit: 'ppm', decimals: 3 }
 */
export const US_AQI_INPUT_UNITS: Readonly<Record<UsAqiInput, UsAqiInputUnit>> =
  /* @__PURE__ */ Object.freeze({
    PM25: /* @__PURE__ */ Object.freeze({ gas: null, unit: 'ugm3', decimals: 1 }),
    PM10: /* @__PURE__ */ Object.freeze({ gas: null, unit: 'ugm3', decimals: 0 }),
    O3: /* @__PURE__ */ Object.freeze({ gas: 'O3', unit: 'ppm', decimals: 3 }),
    O3_1H: /* @__PURE__ */ Object.freeze({ gas: 'O3', unit: 'ppm', decimals: 3 }),
    CO: /* @__PURE__ */ Object.freeze({ gas: 'CO', unit: 'ppm', decimals: 1 }),
    SO2: /* @__PURE__ */ Object.freeze({ gas: 'SO2', unit: 'ppb', decimals: 0 }),
    SO2_24H: /* @__PURE__ */ Object.freeze({ gas: 'SO2', unit: 'ppb', decimals: 0 }),
    NO2: /* @__PURE__ */ Object.freeze({ gas: 'NO2', unit: 'ppb', decimals: 0 }),
  });

/** The rows of every input in one edition, lowest first; the last row is extrapolated. */
export type UsAqiBreakpoints = Readonly<Record<UsAqiInput, readonly BreakpointRow[]>>;

type Columns = Readonly<Partial<Record<UsAqiInput, readonly number[]>>>;

// The AQI bands of each edition as flat [I_lo, I_hi] pairs; 2012 splits Hazardous in two.
const BANDS_2024 = /* @__PURE__ */ Object.freeze([
  0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500,
]);
const BANDS_2012 = /* @__PURE__ */ Object.freeze([
  0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 400, 401, 500,
]);

// Where a column starts when not at AQI 0: 1-h O3 defines nothing below 101, 24-h SO2 nothing
// below 201.
const FIRST_AQI: Readonly<Partial<Record<UsAqiInput, number>>> = /* @__PURE__ */ Object.freeze({
  O3_1H: 101,
  SO2_24H: 201,
});

// The columns both editions share, as flat [C_lo, C_hi] pairs: every band up to 300, the
// whole of the 8-h O3 (2015) and 1-h SO2 columns, which end at 300 and 200.
const SHARED_COLUMNS: Columns = /* @__PURE__ */ Object.freeze({
  PM10: [0, 54, 55, 154, 155, 254, 255, 354, 355, 424],
  O3: [0, 0.054, 0.055, 0.07, 0.071, 0.085, 0.086, 0.105, 0.106, 0.2],
  O3_1H: [0.125, 0.164, 0.165, 0.204, 0.205, 0.404],
  CO: [0, 4.4, 4.5, 9.4, 9.5, 12.4, 12.5, 15.4, 15.5, 30.4],
  SO2: [0, 35, 36, 75, 76, 185, 186, 304],
  SO2_24H: [305, 604],
  NO2: [0, 53, 54, 100, 101, 360, 361, 649, 650, 1249],
});

// One edition's rows: each input's shared pairs followed by the edition's own, lined up with
// the bands from the input's first AQI on.
function editionRows(bands: readonly number[], own: Columns): UsAqiBreakpoints {
  const rows = {} as Record<UsAqiInput, readonly BreakpointRow[]>;
  for (const input of Object.keys(US_AQI_INPUT_UNITS) as UsAqiInput[]) {
    const ranges = [...(SHARED_COLUMNS[input] ?? []), ...(own[input] ?? [])];
    const first = bands.indexOf(FIRST_AQI[input] ?? 0);
    const tuples: [number, number, number, number][] = [];
    for (let k = 0; k < ranges.length; k += 2) {
      tuples.push([ranges[k]!, ranges[k + 1]!, bands[first + k]!, bands[first + k + 1]!]);
    }
    rows[input] = breakpointRows(tuples);
  }
  return Object.freeze(rows);
}

/**
 * The breakpoint rows of each edition: PM25 and PM10 in µg/m³, O3 and CO in ppm, SO2 and NO2
 * in ppb. Edition 2012 has the older PM25 column and splits the Hazardous row 301–500 into
 * 301–400 and 401–500; every other row is the same in both.
 *
 * @example
 * US_AQI_BREAKPOINTS['2024'].PM25[0]; // { cLo: 0, cHi: 9, iLo: 0, iHi: 50 }
 * US_AQI_BREAKPOINTS['2012'].PM25[0]; // { cLo: 0, cHi: 12, iLo: 0, iHi: 50 }
 * US_AQI_BREAKPOINTS['2012'].NO2.at(-1); // { cLo: 1650, cHi: 2049, iLo: 401, iHi: 500 }
 */
export const US_AQI_BREAKPOINTS: Readonly<Record<UsAqiEdition, UsAqiBreakpoints>> =
  /* @__PURE__ */ Object.freeze({
    '2024': /* @__PURE__ */ editionRows(BANDS_2024, {
      PM25: [0, 9, 9.1, 35.4, 35.5, 55.4, 55.5, 125.4, 125.5, 225.4, 225.5, 325.4],
      PM10: [425, 604],
      O3_1H: [0.405, 0.604],
      CO: [30.5, 50.4],
      SO2_24H: [605, 1004],
      NO2: [1250, 2049],
    }),
    '2012': /* @__PURE__ */ editionRows(BANDS_2012, {
      PM25: [0, 12, 12.1, 35.4, 35.5, 55.4, 55.5, 150.4, 150.5, 250.4, 250.5, 350.4, 350.5, 500.4],
      PM10: [425, 504, 505, 604],
      O3_1H: [0.405, 0.504, 0.505, 0.604],
      CO: [30.5, 40.4, 40.5, 50.4],
      SO2_24H: [605, 804, 805, 1004],
      NO2: [1250, 1649, 1650, 2049],
    }),
  });

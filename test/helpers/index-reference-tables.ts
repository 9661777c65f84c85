/**
 * The facts of `/work/shared/reference/indexes.md`, transcribed by hand for the tests. Tests
 * take their expected values from here (and from the naive oracles in `index-oracles.ts`),
 * never from src's own tables, so a wrong number in src cannot agree with itself. Nothing in
 * this file imports src.
 */

/** Index type names, the default (VENDOR_CAQI) first, in the order the meta list shows them. */
export const REFERENCE_INDEX_TYPE_NAMES = ['VENDOR_CAQI', 'CAQI', 'PIJP'] as const;

/**
 * Every indexType value the API accepts, case-sensitive as the spec spells them: the spec's
 * three grid indexes, the six national indexes that issue 10 (world-indexes.md §3) adds, then
 * the seven of issue 33 (more-indexes.md §1).
 */
export const REFERENCE_ALL_INDEX_TYPE_NAMES: readonly string[] = [
  ...REFERENCE_INDEX_TYPE_NAMES,
  'US_AQI',
  'EAQI',
  'UK_DAQI',
  'IN_NAQI',
  'CN_AQI',
  'CA_AQHI',
  'DEU_UBA',
  'FRA_ATMO',
  'KOR_CAI',
  'SGP_PSI',
  'HKG_AQHI',
  'AUS_AQC',
  'THA_AQI',
];

/** One of {@link REFERENCE_INDEX_TYPE_NAMES}. */
export type ReferenceIndexTypeName = (typeof REFERENCE_INDEX_TYPE_NAMES)[number];

/** A level as the reference's level tables write it (section 2). */
export interface ReferenceLevel {
  readonly level: string;
  readonly minValue: number;
  /** `null` for the open top level (`125+`). */
  readonly maxValue: number | null;
  readonly color: string;
}

/** Everything the reference says about one index. */
export interface ReferenceIndex {
  readonly name: ReferenceIndexTypeName;
  /** Index values at the breakpoints. */
  readonly indexBreakpoints: readonly number[];
  /** Concentrations (µg/m³) at the breakpoints, per pollutant. */
  readonly grids: Readonly<Record<string, readonly number[]>>;
  /** Pollutants that count by default (section 1, "decided"). */
  readonly countedPollutants: readonly string[];
  /** CAQI and VENDOR_CAQI are lower-inclusive, PIJP upper-inclusive (section 2, "decided"). */
  readonly levelBounds: 'lower-inclusive' | 'upper-inclusive';
  readonly levels: readonly ReferenceLevel[];
}

/** Section 1: the CAQI index values at the breakpoints. */
export const REFERENCE_CAQI_BREAKPOINTS = [0, 25, 50, 75, 100] as const;

/** Section 1: the CAQI hourly grid (CO is the 8-hour mean). */
export const REFERENCE_CAQI_GRID: Readonly<Record<string, readonly number[]>> = {
  PM10: [0, 25, 50, 90, 180],
  PM25: [0, 15, 30, 55, 110],
  NO2: [0, 50, 100, 200, 400],
  O3: [0, 60, 120, 180, 240],
  SO2: [0, 50, 100, 350, 500],
  CO: [0, 5000, 7500, 10000, 20000],
};

/**
 * Section 2: GIOŚ class upper bounds in force since October 2019 (1-hour values), for the
 * classes VERY_GOOD, GOOD, MODERATE, SATISFACTORY and BAD; above the last is VERY_BAD.
 */
export const REFERENCE_GIOS_BOUNDS: Readonly<Record<string, readonly number[]>> = {
  PM10: [20, 50, 80, 110, 150],
  PM25: [13, 35, 55, 75, 110],
  O3: [70, 120, 150, 180, 240],
  NO2: [40, 100, 150, 230, 400],
  SO2: [50, 100, 200, 350, 500],
};

/** Section 2: GIOŚ class names, best first; index `k` is the class above `k` bounds. */
export const REFERENCE_GIOS_CLASSES = [
  'VERY_GOOD',
  'GOOD',
  'MODERATE',
  'SATISFACTORY',
  'BAD',
  'VERY_BAD',
] as const;

/** Section 2 ("decided"): the PIJP numeric values the class bounds map onto. */
export const REFERENCE_PIJP_BREAKPOINTS = [0, 1, 3, 5, 7, 10] as const;

/**
 * Section 2: the PIJP threshold editions, the default first (2019-10; a later GIOŚ edition is
 * not confirmed, so it is the only one).
 */
export const REFERENCE_PIJP_EDITIONS = ['2019-10'] as const;

/**
 * world-indexes.md section 1 (decided): the order that breaks a tie for the dominant pollutant,
 * the first winning; any other name comes after these, in alphabetical order.
 */
export const REFERENCE_DOMINANCE_ORDER = ['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO'] as const;

/**
 * world-indexes.md section 1 and more-indexes.md section 1: the input names of the built-in
 * indexes, the six pollutants in the tie order, then the secondary keys O3_1H, O3_4H (AUS_AQC's
 * 4-h O3) and SO2_24H.
 */
export const REFERENCE_INPUT_NAMES: readonly string[] = [
  'PM25',
  'PM10',
  'O3',
  'NO2',
  'SO2',
  'CO',
  'O3_1H',
  'O3_4H',
  'SO2_24H',
];

/** Section 2: the colour and value of the no-data index. */
export const REFERENCE_NO_DATA_COLOR = '#999999';

const VENDOR_CAQI: ReferenceIndex = {
  name: 'VENDOR_CAQI',
  indexBreakpoints: REFERENCE_CAQI_BREAKPOINTS,
  grids: REFERENCE_CAQI_GRID,
  countedPollutants: ['PM10', 'PM25'],
  levelBounds: 'lower-inclusive',
  levels: [
    { level: 'VERY_LOW', minValue: 0, maxValue: 25, color: '#6BC926' },
    { level: 'LOW', minValue: 25, maxValue: 50, color: '#D1CF1E' },
    { level: 'MEDIUM', minValue: 50, maxValue: 75, color: '#EFBB0F' },
    { level: 'HIGH', minValue: 75, maxValue: 87.5, color: '#EF7120' },
    { level: 'VERY_HIGH', minValue: 87.5, maxValue: 100, color: '#EF2A36' },
    { level: 'EXTREME', minValue: 100, maxValue: 125, color: '#B00057' },
    { level: 'AIRMAGEDDON', minValue: 125, maxValue: null, color: '#770078' },
  ],
};

const CAQI: ReferenceIndex = {
  name: 'CAQI',
  indexBreakpoints: REFERENCE_CAQI_BREAKPOINTS,
  grids: REFERENCE_CAQI_GRID,
  countedPollutants: ['PM10', 'PM25'],
  levelBounds: 'lower-inclusive',
  levels: [
    { level: 'VERY_LOW', minValue: 0, maxValue: 25, color: '#79BC6A' },
    { level: 'LOW', minValue: 25, maxValue: 50, color: '#B9CE45' },
    { level: 'MEDIUM', minValue: 50, maxValue: 75, color: '#EDC100' },
    { level: 'HIGH', minValue: 75, maxValue: 100, color: '#F69208' },
    { level: 'VERY_HIGH', minValue: 100, maxValue: null, color: '#960018' },
  ],
};

const PIJP: ReferenceIndex = {
  name: 'PIJP',
  indexBreakpoints: REFERENCE_PIJP_BREAKPOINTS,
  grids: Object.fromEntries(
    Object.entries(REFERENCE_GIOS_BOUNDS).map(([pollutant, bounds]) => [pollutant, [0, ...bounds]]),
  ),
  countedPollutants: ['PM10', 'PM25'],
  levelBounds: 'upper-inclusive',
  levels: [
    { level: 'VERY_GOOD', minValue: 0, maxValue: 1, color: '#57B108' },
    { level: 'GOOD', minValue: 1, maxValue: 3, color: '#B0DD10' },
    { level: 'MODERATE', minValue: 3, maxValue: 5, color: '#FFD911' },
    { level: 'SATISFACTORY', minValue: 5, maxValue: 7, color: '#E58100' },
    { level: 'BAD', minValue: 7, maxValue: 10, color: '#E50000' },
    { level: 'VERY_BAD', minValue: 10, maxValue: null, color: '#990000' },
  ],
};

/** The three indexes of the reference, by name. */
export const REFERENCE_INDEXES: Readonly<Record<ReferenceIndexTypeName, ReferenceIndex>> = {
  VENDOR_CAQI,
  CAQI,
  PIJP,
};

/** Section 4: WHO 24-hour guideline values (µg/m³) per edition, PM25 then PM10. */
export const REFERENCE_WHO_LIMITS = {
  WHO_2021: { PM25: 15, PM10: 45 },
  WHO_2005: { PM25: 25, PM10: 50 },
} as const;

/** One of the WHO editions of {@link REFERENCE_WHO_LIMITS}, the default (2021) first. */
export type ReferenceWhoEdition = keyof typeof REFERENCE_WHO_LIMITS;

/** The WHO editions, the default first. */
export const REFERENCE_WHO_EDITIONS: readonly ReferenceWhoEdition[] = ['WHO_2021', 'WHO_2005'];

/** Section 4: the averaging period of every WHO limit in a payload. */
export const REFERENCE_WHO_AVERAGING = '24h';

/**
 * Section 5: the measurement type names with their units, in the order of `values` in a
 * payload (PM1, PM25, PM10, PRESSURE, HUMIDITY, TEMPERATURE, then the rest in table order).
 */
export const REFERENCE_PAYLOAD_ORDER = [
  'PM1',
  'PM25',
  'PM10',
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
  'WIND_SPEED',
  'WIND_BEARING',
  'NO2',
  'O3',
  'SO2',
  'CO',
  'H2S',
  'NO',
] as const;

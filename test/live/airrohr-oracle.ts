// The oracle of the airRohr tests, written from the airRohr reference (§2) and the store's
// plausible ranges as the spec states them, never from src's tables: for each measurement, its
// sources in order, the divisor and the accepted range.

export interface ReferenceRow {
  readonly name: string;
  readonly sources: readonly string[];
  readonly divisor: number;
  readonly low: number;
  readonly high: number;
}

export const REFERENCE_TABLE: readonly ReferenceRow[] = [
  {
    name: 'PM10',
    sources: ['SDS_P1', 'PMS_P1', 'SPS30_P1', 'HPM_P1', 'NPM_P1', 'P1'],
    divisor: 1,
    low: 0,
    high: 2000,
  },
  {
    name: 'PM25',
    sources: ['SDS_P2', 'PMS_P2', 'SPS30_P2', 'HPM_P2', 'NPM_P2', 'P2'],
    divisor: 1,
    low: 0,
    high: 2000,
  },
  { name: 'PM1', sources: ['PMS_P0', 'SPS30_P0', 'NPM_P0', 'P0'], divisor: 1, low: 0, high: 2000 },
  {
    name: 'TEMPERATURE',
    sources: [
      'BME280_temperature',
      'SHT3X_temperature',
      'HTU21D_temperature',
      'temperature',
      'BMP280_temperature',
      'BMP_temperature',
      'SCD30_temperature',
      'DS18B20_temperature',
    ],
    divisor: 1,
    low: -90,
    high: 65,
  },
  {
    name: 'HUMIDITY',
    sources: ['BME280_humidity', 'SHT3X_humidity', 'HTU21D_humidity', 'humidity', 'SCD30_humidity'],
    divisor: 1,
    low: 0,
    high: 100,
  },
  {
    name: 'PRESSURE',
    sources: ['BME280_pressure', 'BMP280_pressure', 'BMP_pressure', 'pressure'],
    divisor: 100,
    low: 300,
    high: 1100,
  },
];

/** Value types the reference names as ignored, and a few spellings that are not value types. */
export const IGNORED_VALUE_TYPES = [
  'signal',
  'samples',
  'min_micro',
  'max_micro',
  'interval',
  'SPS30_P4',
  'SPS30_TS',
  'SPS30_N1',
  'PMS_N1',
  'IPS_P1',
  'pressure_at_sealevel',
  'noise_LAeq',
  'conc_co2_ppm',
  'GPS_lat',
  'GPS_timestamp',
  'sds_p1',
  'Temperature',
] as const;

/** One generated element: what is pushed, and the number it carries when it is well formed. */
export interface OracleElement {
  readonly valueType: string;
  readonly value: unknown;
  /** The pushed number, or `undefined` when the value is not a number at all. */
  readonly meaning: number | undefined;
}

export interface OracleResult {
  readonly readings: { name: string; value: number; source: string }[];
  readonly ignored: string[];
  readonly skipped: { valueType: string; value: unknown }[];
}

function rowOf(valueType: string): ReferenceRow | undefined {
  return REFERENCE_TABLE.find((row) => row.sources.includes(valueType));
}

/** The value in airq's unit when the element is usable, else `undefined`. */
function usable(element: OracleElement): number | undefined {
  const row = rowOf(element.valueType);
  if (row === undefined || element.meaning === undefined) return undefined;
  const value =
    row.divisor === 1 ? element.meaning : Number((element.meaning / row.divisor).toPrecision(12));
  return value >= row.low && value <= row.high ? value : undefined;
}

/**
 * What a push must yield, computed the slow way: for each measurement, walk its sources in the
 * reference's order and take the first usable element of the first source that has one.
 */
export function oracleRead(elements: readonly OracleElement[]): OracleResult {
  const readings: OracleResult['readings'] = [];
  const winners = new Set<OracleElement>();
  const winnerType = new Map<string, string>();
  for (const row of REFERENCE_TABLE) {
    search: for (const source of row.sources) {
      for (const element of elements) {
        if (element.valueType !== source) continue;
        const value = usable(element);
        if (value === undefined) continue;
        readings.push({ name: row.name, value, source });
        winners.add(element);
        winnerType.set(row.name, source);
        break search;
      }
    }
  }
  const ignored: string[] = [];
  const skipped: OracleResult['skipped'] = [];
  for (const element of elements) {
    const row = rowOf(element.valueType);
    if (row === undefined) {
      if (!ignored.includes(element.valueType)) ignored.push(element.valueType);
    } else if (usable(element) === undefined) {
      skipped.push({ valueType: element.valueType, value: element.value });
    } else if (!winners.has(element)) {
      if (winnerType.get(row.name) === element.valueType) {
        skipped.push({ valueType: element.valueType, value: element.value });
      } else if (!ignored.includes(element.valueType)) ignored.push(element.valueType);
    }
  }
  return { readings, ignored, skipped };
}

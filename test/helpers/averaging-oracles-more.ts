// Naive averaging for the seven indexes of more-indexes.md, written from its §2 without reading
// src/averaging: the table retyped row by row, the 24-h maximum as a filter and Math.max, and
// AirKorea's C24E in the text's own notation (C12, Ca_j, C4) on a newest-first series. Slow on
// purpose and obviously right.

/** An hour of a newest-first series: a number, or `undefined` when the hour is missing. */
type Hour = number | undefined;

/** One printed row of more-indexes.md §2 (several keys can share a row). */
export interface MoreOracleRow {
  readonly index: string;
  readonly editions: readonly string[];
  readonly keys: readonly string[];
  readonly method: 'hour' | 'running' | 'max' | 'kr-c24e';
  readonly hours: number;
  readonly min: number;
  readonly of: number;
}

/** more-indexes.md §2, one printed row a line ("1 h" with capture "—": the hour exists). */
// biome-ignore format: one printed row a line, so the table can be read against the reference
export const MORE_ORACLE_ROWS: readonly MoreOracleRow[] = [
  { index: 'DEU_UBA', editions: ['2025'], keys: ['PM25', 'PM10', 'O3', 'NO2', 'SO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'DEU_UBA', editions: ['2019'], keys: ['PM25', 'PM10'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'DEU_UBA', editions: ['2019'], keys: ['NO2', 'O3'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'FRA_ATMO', editions: ['2021'], keys: ['PM25', 'PM10'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'FRA_ATMO', editions: ['2021'], keys: ['NO2', 'O3', 'SO2'], method: 'max', hours: 24, min: 18, of: 24 },
  { index: 'KOR_CAI', editions: ['2018'], keys: ['PM25', 'PM10'], method: 'kr-c24e', hours: 12, min: 9, of: 12 },
  { index: 'KOR_CAI', editions: ['2018'], keys: ['O3', 'NO2', 'SO2', 'CO'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'SGP_PSI', editions: ['2014'], keys: ['PM25', 'PM10', 'SO2'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'SGP_PSI', editions: ['2014'], keys: ['O3', 'CO'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'SGP_PSI', editions: ['2014'], keys: ['O3_1H'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'SGP_PSI', editions: ['2014'], keys: ['NO2'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'HKG_AQHI', editions: ['2013'], keys: ['NO2', 'O3', 'SO2', 'PM10', 'PM25'], method: 'running', hours: 3, min: 2, of: 3 },
  { index: 'AUS_AQC', editions: ['2020'], keys: ['PM25', 'PM10', 'NO2', 'SO2', 'O3'], method: 'hour', hours: 1, min: 1, of: 1 },
  { index: 'AUS_AQC', editions: ['2020'], keys: ['O3_4H'], method: 'running', hours: 4, min: 3, of: 4 },
  { index: 'AUS_AQC', editions: ['2020'], keys: ['CO'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'THA_AQI', editions: ['2023'], keys: ['PM25', 'PM10'], method: 'running', hours: 24, min: 18, of: 24 },
  { index: 'THA_AQI', editions: ['2023'], keys: ['O3', 'CO'], method: 'running', hours: 8, min: 6, of: 8 },
  { index: 'THA_AQI', editions: ['2023'], keys: ['NO2', 'SO2'], method: 'hour', hours: 1, min: 1, of: 1 },
];

/** more-indexes.md §1.1: the seven indexes with their editions, the default first. */
export const MORE_ORACLE_EDITIONS: Readonly<Record<string, readonly string[]>> = {
  DEU_UBA: ['2025', '2019'],
  FRA_ATMO: ['2021'],
  KOR_CAI: ['2018'],
  SGP_PSI: ['2014'],
  HKG_AQHI: ['2013'],
  AUS_AQC: ['2020'],
  THA_AQI: ['2023'],
};

/** The highest present hour among the `hours` newest, when at least `min` are present. */
export function naiveRunningMax(
  series: readonly Hour[],
  hours: number,
  min: number,
): number | undefined {
  const present = series.slice(0, hours).filter((v): v is number => v !== undefined);
  if (present.length < min) return undefined;
  return Math.max(...present);
}

/** §2's M: 70 µg/m³ for PM10, 30 for PM2.5. */
export const KR_M: Readonly<Record<string, number>> = { PM10: 70, PM25: 30 };

const EPSILON = 1e-9;

/**
 * §2's `kr-c24e` as printed, newest first: C12 = mean of the 12 newest present hours (at least
 * 9); for each of the 4 newest present hours Ca_j = 0.75·C_j when C_j ≥ M − ε and
 * 0.9 − ε ≤ C_j / C12 ≤ 1.7 + ε (never when C12 = 0), else C_j; C4 = mean of the Ca_j (at
 * least 3 of 4); C24E = (12·C12 + 12·C4) / 24.
 */
export function naiveKrC24e(series: readonly Hour[], pollutant: string): number | undefined {
  const last12 = series.slice(0, 12).filter((v): v is number => v !== undefined);
  const last4 = series.slice(0, 4).filter((v): v is number => v !== undefined);
  if (last12.length < 9 || last4.length < 3) return undefined;
  const c12 = last12.reduce((a, b) => a + b, 0) / last12.length;
  const m = KR_M[pollutant]!;
  const adjusted = last4.map((c) => {
    const ratioHolds = c12 !== 0 && c / c12 >= 0.9 - EPSILON && c / c12 <= 1.7 + EPSILON;
    return c >= m - EPSILON && ratioHolds ? 0.75 * c : c;
  });
  const c4 = adjusted.reduce((a, b) => a + b, 0) / adjusted.length;
  return (12 * c12 + 12 * c4) / 24;
}

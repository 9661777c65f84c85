import type { LocalizedText } from '../i18n/language.js';

/**
 * Every measurement name airq knows, in the order a payload lists its values: particulates,
 * then weather, then gases.
 */
export const MEASUREMENT_TYPE_NAMES = Object.freeze([
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
] as const);

/** A known measurement name, e.g. `PM25`. */
export type MeasurementTypeName = (typeof MEASUREMENT_TYPE_NAMES)[number];

/**
 * Whether `x` is a known measurement name (exact spelling).
 *
 * @example
 * isMeasurementTypeName('PM25'); // true
 * isMeasurementTypeName('PM2.5'); // false
 */
export function isMeasurementTypeName(x: unknown): x is MeasurementTypeName {
  return measurementTypeOrdinal(x) !== undefined;
}

const ORDINAL_BY_NAME: ReadonlyMap<string, number> = new Map(
  MEASUREMENT_TYPE_NAMES.map((name, ordinal) => [name, ordinal]),
);

/**
 * The position of a measurement name in {@link MEASUREMENT_TYPE_NAMES} (the canonical order,
 * and the ordinal that series, journal records and thread messages store), or `undefined` for
 * anything else.
 *
 * @example
 * measurementTypeOrdinal('PM10'); // 2
 * measurementTypeOrdinal('PM2.5'); // undefined
 */
export function measurementTypeOrdinal(name: unknown): number | undefined {
  return typeof name === 'string' ? ORDINAL_BY_NAME.get(name) : undefined;
}

/** Unit and translated label of one measurement type. */
export interface MeasurementTypeDefinition {
  /** Unit symbol as shown to people, e.g. `µg/m³`. */
  readonly unit: string;
  /** Short label per language. */
  readonly label: LocalizedText;
}

const MICROGRAMS_PER_CUBIC_METRE = 'µg/m³';

/** Units and labels of every measurement type. Polish writes the PM2.5 decimal with a comma. */
export const MEASUREMENT_TYPES: Readonly<Record<MeasurementTypeName, MeasurementTypeDefinition>> =
  Object.freeze({
    PM1: define(MICROGRAMS_PER_CUBIC_METRE, 'PM1', 'PM1'),
    PM25: define(MICROGRAMS_PER_CUBIC_METRE, 'PM2.5', 'PM2,5'),
    PM10: define(MICROGRAMS_PER_CUBIC_METRE, 'PM10', 'PM10'),
    PRESSURE: define('hPa', 'Pressure', 'Ciśnienie'),
    HUMIDITY: define('%', 'Humidity', 'Wilgotność'),
    TEMPERATURE: define('°C', 'Temperature', 'Temperatura'),
    WIND_SPEED: define('km/h', 'Wind speed', 'Prędkość wiatru'),
    WIND_BEARING: define('°', 'Wind direction', 'Kierunek wiatru'),
    NO2: define(MICROGRAMS_PER_CUBIC_METRE, 'NO₂', 'NO₂'),
    O3: define(MICROGRAMS_PER_CUBIC_METRE, 'O₃', 'O₃'),
    SO2: define(MICROGRAMS_PER_CUBIC_METRE, 'SO₂', 'SO₂'),
    CO: define(MICROGRAMS_PER_CUBIC_METRE, 'CO', 'CO'),
    H2S: define(MICROGRAMS_PER_CUBIC_METRE, 'H₂S', 'H₂S'),
    NO: define(MICROGRAMS_PER_CUBIC_METRE, 'NO', 'NO'),
  });

function define(unit: string, en: string, pl: string): MeasurementTypeDefinition {
  return Object.freeze({ unit, label: Object.freeze({ en, pl }) });
}

import { checkFiniteNumber, checkOneOf } from '../arguments/argument-checks.js';

// µg/m³ to the volume units of 40 CFR 50. 40 CFR 50.3 states the standards at 25 °C and
// 760 mm Hg, where a mole of an ideal gas takes 24.45 litres. The molar masses are the sums of
// the IUPAC conventional atomic masses (N 14.0067, O 15.9994, S 32.065, C 12.0107); they differ
// in the last digits from the rounded masses of airq/indexes' AQI tables (SO2 64.066, CO 28.01),
// which follow the index tables' own convention.

/** Molar masses (g/mol) used to convert assessment values to ppb and ppm. */
export const US_MOLAR_MASS_G_PER_MOL = Object.freeze({
  NO2: 46.0055,
  SO2: 64.0638,
  O3: 47.9982,
  CO: 28.0101,
});

/** A gas that 40 CFR 50 states in ppb or ppm. */
export type UsGas = keyof typeof US_MOLAR_MASS_G_PER_MOL;

const US_GASES = Object.freeze(Object.keys(US_MOLAR_MASS_G_PER_MOL) as UsGas[]);

/** Litres per mole at 25 °C and 101.325 kPa (40 CFR 50.3). */
export const US_MOLAR_VOLUME_L = 24.45;

/**
 * µg/m³ to ppb at the US reference conditions: `(µg/m³ × 24.45) / M`.
 *
 * @example
 * ugm3ToUsPpb('NO2', 188.1); // 99.97… (188.1 × 24.45 / 46.0055)
 */
export function ugm3ToUsPpb(gas: UsGas, ugm3: number): number {
  checkOneOf('ugm3ToUsPpb', 'gas', gas, US_GASES);
  checkFiniteNumber('ugm3ToUsPpb', 'ugm3', ugm3);
  return (ugm3 * US_MOLAR_VOLUME_L) / US_MOLAR_MASS_G_PER_MOL[gas];
}

/**
 * µg/m³ to ppm at the US reference conditions: `((µg/m³ × 24.45) / M) / 1000`.
 *
 * @example
 * ugm3ToUsPpm('CO', 10_000); // 8.7289…
 */
export function ugm3ToUsPpm(gas: UsGas, ugm3: number): number {
  checkOneOf('ugm3ToUsPpm', 'gas', gas, US_GASES);
  checkFiniteNumber('ugm3ToUsPpm', 'ugm3', ugm3);
  return (ugm3 * US_MOLAR_VOLUME_L) / US_MOLAR_MASS_G_PER_MOL[gas] / 1000;
}

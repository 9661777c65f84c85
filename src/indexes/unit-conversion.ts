// Gas concentrations in µg/m³ to the volume units some national tables use, at 25 °C and
// 1 atm, where one mole of gas takes 24.45 litres (world-indexes.md §1).

/** Molar masses in g/mol of the gases whose tables are in ppb or ppm. */
export const MOLAR_MASS_G_PER_MOL = Object.freeze({
  NO2: 46.0055,
  O3: 47.9982,
  SO2: 64.066,
  CO: 28.01,
});

/** A gas with a molar mass in {@link MOLAR_MASS_G_PER_MOL}. */
export type ConvertibleGas = keyof typeof MOLAR_MASS_G_PER_MOL;

// Litres per mole of an ideal gas at 25 °C and 1 atm.
const MOLAR_VOLUME_L = 24.45;

/**
 * µg/m³ to ppb: `µg/m³ × 24.45 / M`.
 *
 * @example
 * ugm3ToPpb('SO2', 900); // 343.47… (US AQI truncates it to 343)
 */
export function ugm3ToPpb(gas: ConvertibleGas, ugm3: number): number {
  return (ugm3 * MOLAR_VOLUME_L) / MOLAR_MASS_G_PER_MOL[gas];
}

/**
 * µg/m³ to ppm: ppb / 1000.
 *
 * @example
 * ugm3ToPpm('CO', 9623.1); // 8.4000… (8.4 ppm)
 */
export function ugm3ToPpm(gas: ConvertibleGas, ugm3: number): number {
  return ugm3ToPpb(gas, ugm3) / 1000;
}

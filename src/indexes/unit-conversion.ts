// Gas concentrations in µg/m³ to the volume units some national tables use, at 25 °C and
// 1 atm, where one mole of gas takes 24.45 litres.

/** Molar masses in g/mol of the gases whose tables are in ppb or ppm. */
export const MOLAR_MASS_G_PER_MOL = /* @__PURE__ */ Object.freeze({
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

/**
 * ppb to µg/m³, the inverse of {@link ugm3ToPpb}: `ppb × M / 24.45`. Importers use it for
 * sources that report gases by volume.
 *
 * @example
 * ppbToUgm3('SO2', 489); // 1281.32… (489 × 64.066 / 24.45)
 */
export function ppbToUgm3(gas: ConvertibleGas, ppb: number): number {
  return (ppb * MOLAR_MASS_G_PER_MOL[gas]) / MOLAR_VOLUME_L;
}

/**
 * ppm to µg/m³: `ppm × 1000 × M / 24.45`.
 *
 * @example
 * ppmToUgm3('CO', 0.3); // 343.68… (0.3 ppm of CO)
 */
export function ppmToUgm3(gas: ConvertibleGas, ppm: number): number {
  return ppbToUgm3(gas, ppm * 1000);
}

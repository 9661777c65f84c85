import { classLevels, lowerInclusiveClass } from './class-bounds.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { AUS_AQC_EDITIONS, type IndexEdition } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { type ConvertibleGas, ugm3ToPpb, ugm3ToPpm } from './unit-conversion.js';

// Australia's air quality categories as New South Wales reports them since November 2020 (Qld,
// SA and WA print the same rows): five categories of hourly thresholds, the worst pollutant
// deciding, so `value` is the category 1–5. The edges are lower-inclusive ("< 25 | 25 – < 50"):
// a value on an edge is already in the higher category. Gases are converted at 25 °C as
// everywhere in airq, although Australian analysers report by volume (*decided*).

/** A pollutant of the categories (`O3_4H` reports under `O3`). */
export type AusAqcPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of the categories: Good, Fair, Poor, Very poor, Extremely poor. */
export type AusAqcLevel = 'GOOD' | 'FAIR' | 'POOR' | 'VERY_POOR' | 'EXTREMELY_POOR';

/** An input of the categories: a pollutant, or `O3_4H`, the 4-h running mean of O3. */
export type AusAqcInput = AusAqcPollutant | 'O3_4H';

/** How one input is read: the pollutant it reports as, its table's unit and edges. */
export interface AusAqcRow {
  /** The sub-index it reports as. */
  readonly pollutant: AusAqcPollutant;
  /** The unit of `edges`: µg/m³ for particles, ppb (pphm × 10) or ppm for gases at 25 °C. */
  readonly unit: 'ugm3' | 'ppb' | 'ppm';
  /** Lower edges of categories 2–5, increasing. */
  readonly edges: readonly number[];
}

/**
 * Each input's row of the NSW table, in the order the sub-indexes are listed: PM as 1-h means,
 * NO2, SO2 and O3 1-h, `O3_4H` the 4-h running mean, CO the 8-h running mean.
 *
 * @example
 * AUS_AQC_ROWS.SO2; // { pollutant: 'SO2', unit: 'ppb', edges: [133, 200, 300, 400] }
 */
export const AUS_AQC_ROWS: Readonly<Record<AusAqcInput, AusAqcRow>> = /* @__PURE__ */ Object.freeze(
  {
    PM25: /* @__PURE__ */ row('PM25', 'ugm3', [25, 50, 100, 300]),
    PM10: /* @__PURE__ */ row('PM10', 'ugm3', [50, 100, 200, 600]),
    O3: /* @__PURE__ */ row('O3', 'ppb', [67, 100, 150, 200]),
    O3_4H: /* @__PURE__ */ row('O3', 'ppb', [54, 80, 120, 160]),
    NO2: /* @__PURE__ */ row('NO2', 'ppb', [80, 120, 180, 240]),
    SO2: /* @__PURE__ */ row('SO2', 'ppb', [133, 200, 300, 400]),
    CO: /* @__PURE__ */ row('CO', 'ppm', [6, 9, 13.5, 18]),
  },
);

function row(pollutant: AusAqcPollutant, unit: AusAqcRow['unit'], edges: number[]): AusAqcRow {
  return Object.freeze({ pollutant, unit, edges: Object.freeze(edges) });
}

// Every input the categories read, in the order of AUS_AQC_ROWS.
const AUS_AQC_INPUTS = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(AUS_AQC_ROWS) as AusAqcInput[],
);

// The category of one input. Only O3 and O3_4H share a pollutant: the worse of the two counts.
function categoryOf(input: AusAqcInput, ugm3: number): number {
  const { pollutant, unit, edges } = AUS_AQC_ROWS[input];
  const gas = pollutant as ConvertibleGas;
  let c = ugm3;
  if (unit === 'ppb') c = ugm3ToPpb(gas, ugm3);
  else if (unit === 'ppm') c = ugm3ToPpm(gas, ugm3);
  return lowerInclusiveClass(edges, c);
}

function computeAusAqc(
  concentrations: Concentrations<string>,
): IndexComputation<AusAqcPollutant> | undefined {
  const subIndexes: Partial<Record<AusAqcPollutant, number>> = {};
  for (const input of AUS_AQC_INPUTS) {
    const ugm3 = readInput(concentrations, input);
    if (ugm3 === undefined) continue;
    const pollutant = AUS_AQC_ROWS[input].pollutant;
    subIndexes[pollutant] = Math.max(subIndexes[pollutant] ?? 0, categoryOf(input, ugm3));
  }
  Object.freeze(subIndexes);
  const dominant = dominantPollutant(subIndexes);
  if (dominant === null) return undefined;
  return { value: subIndexes[dominant]!, subIndexes, dominantPollutant: dominant };
}

// Colours: Queensland names them (green, yellow, orange, red, dark red); hexes from OpenAQ.
const AUS_AQC_LEVELS = /* @__PURE__ */ classLevels<AusAqcLevel>([
  {
    level: 'GOOD',
    color: '#41A93B',
    description: { en: 'Good air quality.', pl: 'Dobra jakość powietrza.' },
    advice: {
      en: 'Enjoy your normal outdoor activities.',
      pl: 'Możesz normalnie spędzać czas na zewnątrz.',
    },
  },
  {
    level: 'FAIR',
    color: '#EEC800',
    description: { en: 'Fair air quality.', pl: 'Zadowalająca jakość powietrza.' },
    advice: {
      en: 'Sensitive people should watch for symptoms and may reduce exertion outdoors.',
      pl: 'Osoby wrażliwe powinny obserwować objawy i mogą ograniczyć wysiłek na zewnątrz.',
    },
  },
  {
    level: 'POOR',
    color: '#E47301',
    description: { en: 'Poor air quality.', pl: 'Zła jakość powietrza.' },
    advice: {
      en: 'Sensitive people should reduce or reschedule strenuous outdoor activity.',
      pl: 'Osoby wrażliwe powinny ograniczyć forsowny wysiłek na zewnątrz lub przełożyć go na później.',
    },
  },
  {
    level: 'VERY_POOR',
    color: '#B70027',
    description: { en: 'Very poor air quality.', pl: 'Bardzo zła jakość powietrza.' },
    advice: {
      en: 'Sensitive people should avoid strenuous outdoor activity; everyone else should reduce it.',
      pl: 'Osoby wrażliwe powinny unikać forsownego wysiłku na zewnątrz, a pozostali go ograniczyć.',
    },
  },
  {
    level: 'EXTREMELY_POOR',
    color: '#590018',
    description: { en: 'Extremely poor air quality.', pl: 'Skrajnie zła jakość powietrza.' },
    advice: {
      en: 'Everyone should avoid strenuous outdoor activity; sensitive people should stay indoors.',
      pl: 'Wszyscy powinni unikać forsownego wysiłku na zewnątrz; osoby wrażliwe powinny zostać w domu.',
    },
  },
]);

/**
 * AUS_AQC, the air quality categories of New South Wales (edition `2020`): `value` is the
 * worst category, 1 (GOOD) to 5 (EXTREMELY_POOR, open above the last edge), of PM25, PM10,
 * NO2, SO2 (1 h), O3 (the worse of its 1-h mean and `O3_4H`, its 4-h running mean) and CO (8-h
 * running mean), all in µg/m³; each present pollutant has its category as sub-index, and the
 * dominant pollutant is the worst one (ties: PM25, PM10, O3, NO2, SO2, CO).
 *
 * @example
 * computeIndex({ O3: 100, O3_4H: 240 }, { indexType: AUS_AQC_INDEX });
 * // value 4, level 'VERY_POOR', subIndexes { O3: 4 } (122.3 ppb over 4 h)
 * computeIndex({ PM25: 25 }, { indexType: AUS_AQC_INDEX }).level; // 'FAIR'
 */
export const AUS_AQC_INDEX: IndexDefinition<
  'AUS_AQC',
  AusAqcLevel,
  AusAqcPollutant,
  IndexEdition<'AUS_AQC'>
> = /* @__PURE__ */ Object.freeze({
  name: 'AUS_AQC',
  editions: AUS_AQC_EDITIONS,
  inputs: AUS_AQC_INPUTS,
  levels: AUS_AQC_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeAusAqc,
});

import type { LocalizedText } from '../i18n/language.js';
import { roundHalfUpInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { CA_AQHI_EDITIONS, type IndexEdition } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels, type IndexLevelDefinition } from './index-table.js';
import { ugm3ToPpb } from './unit-conversion.js';

// Canada's Air Quality Health Index (ECCC; Stieb et al. 2008). Not a table but Stieb et al.'s
// formula: AQHI = (10/10.4) × 100 × Σ (e^(β·C) − 1) over O3 and NO2 in ppb and PM25 in µg/m³,
// each a 3-h running mean.

// β per pollutant; the order is the one the results list them in.
const BETA = /* @__PURE__ */ Object.freeze({ PM25: 0.000487, O3: 0.000537, NO2: 0.000871 });

const SCALE = (10 / 10.4) * 100;

// The scale starts at 1: a raw value below 0.5 still shows as 1 (*decided*).
const MINIMUM_VALUE = 1;

/** A pollutant of the AQHI. */
export type CaAqhiPollutant = 'PM25' | 'O3' | 'NO2';

/** A level of the AQHI; each holds several values, each with its colour. */
export type CaAqhiLevel = 'LOW' | 'MODERATE' | 'HIGH' | 'VERY_HIGH';

interface Band {
  readonly level: CaAqhiLevel;
  readonly description: LocalizedText;
  readonly advice: LocalizedText;
}

const LOW: Band = {
  level: 'LOW',
  description: {
    en: 'Low health risk: ideal air for outdoor activities.',
    pl: 'Niskie ryzyko dla zdrowia: idealne powietrze do aktywności na zewnątrz.',
  },
  advice: {
    en: 'Enjoy your usual outdoor activities.',
    pl: 'Korzystaj z aktywności na zewnątrz jak zwykle.',
  },
};

const MODERATE: Band = {
  level: 'MODERATE',
  description: {
    en: 'Moderate health risk: people with heart or lung conditions may feel it.',
    pl: 'Umiarkowane ryzyko dla zdrowia: osoby z chorobami serca lub płuc mogą je odczuć.',
  },
  advice: {
    en: 'If you are at risk and have symptoms, take strenuous outdoor activity easier or later.',
    pl: 'Jeśli należysz do grupy ryzyka i masz objawy, ogranicz lub przełóż forsowny wysiłek na zewnątrz.',
  },
};

const HIGH: Band = {
  level: 'HIGH',
  description: {
    en: 'High health risk: people at risk are likely to be affected and others may feel symptoms.',
    pl: 'Wysokie ryzyko dla zdrowia: osoby z grup ryzyka prawdopodobnie je odczują, inni mogą mieć objawy.',
  },
  advice: {
    en: 'People at risk, children and older adults should reduce strenuous outdoor activity; others should if they have symptoms.',
    pl: 'Osoby z grup ryzyka, dzieci i seniorzy powinni ograniczyć forsowny wysiłek na zewnątrz, a pozostali – gdy mają objawy.',
  },
};

const VERY_HIGH: Band = {
  level: 'VERY_HIGH',
  description: {
    en: 'Very high health risk for everyone.',
    pl: 'Bardzo wysokie ryzyko dla zdrowia wszystkich.',
  },
  advice: {
    en: 'People at risk should avoid strenuous outdoor activity; everyone else should reduce or reschedule it.',
    pl: 'Osoby z grup ryzyka powinny unikać forsownego wysiłku na zewnątrz, a pozostali ograniczyć go lub przełożyć.',
  },
};

// One level entry per value 1 … 10 and one for 11 and above, each with its colour (ECCC).
// biome-ignore format: the colour scale as printed, one band per line
const STEPS: readonly (readonly [number, string, Band])[] = [
  [1, '#00CCFF', LOW], [2, '#0099CC', LOW], [3, '#006699', LOW],
  [4, '#FFFF00', MODERATE], [5, '#FFCC00', MODERATE], [6, '#FF9933', MODERATE],
  [7, '#FF6666', HIGH], [8, '#FF0000', HIGH], [9, '#CC0000', HIGH], [10, '#990000', HIGH],
  [11, '#660000', VERY_HIGH],
];

// The level entry of one step; the last step is open upwards.
function stepLevel(
  [value, color, band]: readonly [number, string, Band],
  i: number,
): IndexLevelDefinition<CaAqhiLevel> {
  return {
    level: band.level,
    minValue: value,
    maxValue: i === STEPS.length - 1 ? null : value,
    color,
    description: band.description,
    advice: band.advice,
  };
}

// One pollutant's exponential term, e^(β·C) − 1.
function term(pollutant: keyof typeof BETA, amount: number): number {
  return Math.exp(BETA[pollutant] * amount) - 1;
}

// A term's share of the raw AQHI, (10/10.4) × 100 × term, half up to 2 decimals; capped at the
// largest double so that absurd input cannot turn into Infinity.
function shownShare(exponentialTerm: number): number {
  const share = Math.min(SCALE * exponentialTerm, Number.MAX_VALUE);
  return share >= Number.MAX_VALUE / 100 ? share : roundHalfUpInteger(share * 100) / 100;
}

function compute(
  concentrations: Concentrations<string>,
): IndexComputation<CaAqhiPollutant> | undefined {
  const pm25 = readInput(concentrations, 'PM25');
  const o3 = readInput(concentrations, 'O3');
  const no2 = readInput(concentrations, 'NO2');
  if (pm25 === undefined || o3 === undefined || no2 === undefined) return undefined;
  const terms = {
    PM25: term('PM25', pm25),
    O3: term('O3', ugm3ToPpb('O3', o3)),
    NO2: term('NO2', ugm3ToPpb('NO2', no2)),
  };
  // The formula as written, so the raw value does not depend on how the shares round.
  const raw = Math.min(SCALE * (terms.O3 + terms.NO2 + terms.PM25), Number.MAX_VALUE);
  return {
    value: Math.max(roundHalfUpInteger(raw), MINIMUM_VALUE),
    subIndexes: Object.freeze({
      PM25: shownShare(terms.PM25),
      O3: shownShare(terms.O3),
      NO2: shownShare(terms.NO2),
    }),
    // The largest exponential term; an exact tie goes by the usual order (PM25, O3, NO2).
    dominantPollutant: dominantPollutant(terms),
  };
}

/**
 * CA_AQHI, Canada's Air Quality Health Index (one edition, `2008`): the formula of Stieb et
 * al. on 3-h means of O3 and NO2 (µg/m³, converted to ppb at 25 °C, not truncated) and PM25
 * (µg/m³). `value` is the raw AQHI rounded half up, at least 1 and not capped (the "10+" of
 * the public display stays 11, 12, …); there is one level entry per value 1 … 10 and one open
 * entry from 11 (LOW 1–3, MODERATE 4–6, HIGH 7–10, VERY_HIGH), each with its own colour. All
 * three pollutants are required. `subIndexes` holds each pollutant's share of the raw AQHI,
 * (10/10.4) × 100 × (e^(β·C) − 1), rounded half up to 2 decimals, so the three add up to the
 * raw value within rounding; `dominantPollutant` is the one with the largest exponential term
 * (ties PM25, O3, NO2). Input so absurd that an exponential overflows gives the largest double,
 * not Infinity.
 *
 * @example
 * CA_AQHI_INDEX.compute({ O3: 60, NO2: 20, PM25: 8 }, '2008');
 * // { value: 3, subIndexes: { PM25: 0.38, O3: 1.59, NO2: 0.89 }, dominantPollutant: 'O3' } (raw 2.861)
 * CA_AQHI_INDEX.compute({ O3: 60, PM25: 8 }, '2008'); // undefined (no NO2)
 */
export const CA_AQHI_INDEX: IndexDefinition<
  'CA_AQHI',
  CaAqhiLevel,
  CaAqhiPollutant,
  IndexEdition<'CA_AQHI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'CA_AQHI',
  editions: CA_AQHI_EDITIONS,
  inputs: /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.keys(BETA)),
  levels: /* @__PURE__ */ defineIndexLevels(/* @__PURE__ */ STEPS.map(stepLevel)),
  levelBounds: 'lower-inclusive',
  compute,
});

import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { EAQI_EDITIONS, type IndexEdition } from './index-editions.js';
import { worstBand } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// The EEA European Air Quality Index (EEA; ETC HE Report 2024/17). It is categorical: each pollutant
// falls into one of six bands and the index is the worst band, so `value` is the level number
// 1–6 and a pollutant's sub-index is its band number.

/** The pollutants the EAQI reads, all in µg/m³; CO is not part of it. */
export const EAQI_POLLUTANTS = /* @__PURE__ */ Object.freeze([
  'PM25',
  'PM10',
  'NO2',
  'O3',
  'SO2',
] as const);

/** A pollutant of the EAQI. */
export type EaqiPollutant = (typeof EAQI_POLLUTANTS)[number];

/**
 * Upper bounds in µg/m³ of the bands GOOD … VERY_POOR (levels 1–5) per pollutant and edition;
 * above the last bound a pollutant is EXTREMELY_POOR (6). Edition 2025 is ETC HE Report
 * 2024/17 Table 5.2 on 1-h values; edition 2019 the bands used from about 2019/20 until then,
 * with PM as 24-h running means (the averaging is the payload layer's job).
 *
 * @example
 * EAQI_BANDS.PM25['2025']; // [5, 15, 50, 90, 140]
 */
export const EAQI_BANDS: Readonly<
  Record<EaqiPollutant, Readonly<Record<IndexEdition<'EAQI'>, readonly number[]>>>
> = /* @__PURE__ */ Object.freeze({
  PM25: /* @__PURE__ */ byEdition([5, 15, 50, 90, 140], [10, 20, 25, 50, 75]),
  PM10: /* @__PURE__ */ byEdition([15, 45, 120, 195, 270], [20, 40, 50, 100, 150]),
  NO2: /* @__PURE__ */ byEdition([10, 25, 60, 100, 150], [40, 90, 120, 230, 340]),
  O3: /* @__PURE__ */ byEdition([60, 100, 120, 160, 180], [50, 100, 130, 240, 380]),
  SO2: /* @__PURE__ */ byEdition([20, 40, 125, 190, 275], [100, 200, 350, 500, 750]),
});

// One pollutant's bounds, the 2025 column of the reference table beside the 2019 one.
function byEdition(
  bounds2025: readonly number[],
  bounds2019: readonly number[],
): Readonly<Record<IndexEdition<'EAQI'>, readonly number[]>> {
  return Object.freeze({ '2025': Object.freeze(bounds2025), '2019': Object.freeze(bounds2019) });
}

/**
 * The band (1–6) of a concentration: the first band whose upper bound is at least the
 * unrounded value, 6 above the last bound. The EEA legend prints integer ranges with gaps
 * (0–5, 6–15, …); comparing the unrounded value closes them, so PM25 5 is GOOD and 5.1 FAIR
 * (*decided*).
 *
 * @param upperBounds - the five bounds of one pollutant, e.g. `EAQI_BANDS.PM25['2025']`
 * @param concentration - µg/m³, non-negative
 * @example
 * eaqiBand(EAQI_BANDS.PM25['2025'], 5.1); // 2
 * eaqiBand(EAQI_BANDS.PM25['2025'], 500); // 6
 */
export function eaqiBand(upperBounds: readonly number[], concentration: number): number {
  const i = upperBounds.findIndex((bound) => concentration <= bound);
  return i < 0 ? upperBounds.length + 1 : i + 1;
}

function computeEaqi(
  concentrations: Concentrations<string>,
  edition: IndexEdition<'EAQI'>,
): IndexComputation<EaqiPollutant> | undefined {
  return worstBand(concentrations, EAQI_POLLUTANTS, (pollutant, c) =>
    eaqiBand(EAQI_BANDS[pollutant][edition], c),
  );
}

// One level per band; a level's range is its own number. Colours: the EEA index app, the
// same in both editions.
/** A level of the EAQI, one per band. */
export type EaqiLevel = 'GOOD' | 'FAIR' | 'MODERATE' | 'POOR' | 'VERY_POOR' | 'EXTREMELY_POOR';

const EAQI_LEVELS = /* @__PURE__ */ defineIndexLevels<EaqiLevel>([
  {
    level: 'GOOD',
    minValue: 1,
    maxValue: 1,
    color: '#50F0E6',
    description: {
      en: 'Good air quality.',
      pl: 'Dobra jakość powietrza.',
    },
    advice: {
      en: 'Enjoy your usual outdoor activities.',
      pl: 'Możesz jak zwykle korzystać z aktywności na świeżym powietrzu.',
    },
  },
  {
    level: 'FAIR',
    minValue: 2,
    maxValue: 2,
    color: '#50CCAA',
    description: {
      en: 'Fair air quality.',
      pl: 'Zadowalająca jakość powietrza.',
    },
    advice: {
      en: 'Outdoor activities are fine for everyone, sensitive people included.',
      pl: 'Aktywność na zewnątrz jest w porządku dla wszystkich, także dla osób wrażliwych.',
    },
  },
  {
    level: 'MODERATE',
    minValue: 3,
    maxValue: 3,
    color: '#F0E641',
    description: {
      en: 'Moderate air quality.',
      pl: 'Umiarkowana jakość powietrza.',
    },
    advice: {
      en: 'Sensitive people should consider cutting down on intense outdoor activity.',
      pl: 'Osoby wrażliwe powinny rozważyć ograniczenie intensywnego wysiłku na zewnątrz.',
    },
  },
  {
    level: 'POOR',
    minValue: 4,
    maxValue: 4,
    color: '#FF5050',
    description: {
      en: 'Poor air quality.',
      pl: 'Słaba jakość powietrza.',
    },
    advice: {
      en: 'Cut down on intense outdoor activity if you have symptoms; sensitive people should cut it down regardless.',
      pl: 'Ogranicz intensywny wysiłek na zewnątrz, jeśli odczuwasz dolegliwości; osoby wrażliwe powinny go ograniczyć niezależnie od samopoczucia.',
    },
  },
  {
    level: 'VERY_POOR',
    minValue: 5,
    maxValue: 5,
    color: '#960032',
    description: {
      en: 'Very poor air quality.',
      pl: 'Bardzo słaba jakość powietrza.',
    },
    advice: {
      en: 'Everyone should reduce physical activity outdoors; sensitive people should avoid it.',
      pl: 'Wszyscy powinni ograniczyć wysiłek fizyczny na zewnątrz; osoby wrażliwe powinny go unikać.',
    },
  },
  {
    level: 'EXTREMELY_POOR',
    minValue: 6,
    maxValue: null,
    color: '#7D2181',
    description: {
      en: 'Extremely poor air quality.',
      pl: 'Skrajnie zła jakość powietrza.',
    },
    advice: {
      en: 'Avoid physical activity outdoors; sensitive people should stay indoors with the windows shut.',
      pl: 'Unikaj wysiłku fizycznego na zewnątrz; osoby wrażliwe powinny zostać w domu przy zamkniętych oknach.',
    },
  },
]);

/**
 * The EAQI: `value` is the worst pollutant's band, 1 (GOOD) to 6 (EXTREMELY_POOR, open above
 * the last bound); each present pollutant's sub-index is its band, and the dominant pollutant
 * the worst one (ties: PM25, PM10, O3, NO2, SO2). Editions `2025` (default) and `2019`.
 *
 * @example
 * EAQI_INDEX.compute({ PM25: 12, NO2: 70, O3: 90 }, '2025');
 * // { value: 4, subIndexes: { PM25: 2, NO2: 4, O3: 2 }, dominantPollutant: 'NO2' }
 */
export const EAQI_INDEX: IndexDefinition<
  'EAQI',
  EaqiLevel,
  EaqiPollutant,
  IndexEdition<'EAQI'>
> = /* @__PURE__ */ Object.freeze({
  name: 'EAQI',
  editions: EAQI_EDITIONS,
  inputs: EAQI_POLLUTANTS,
  levels: EAQI_LEVELS,
  levelBounds: 'lower-inclusive',
  compute: computeEaqi,
});

import { type BreakpointRow, interpolateRows, nodeRows } from './breakpoint-rows.js';
import { ceilInteger } from './float-safe.js';
import type { Concentrations, IndexComputation, IndexDefinition } from './index-definition.js';
import { CN_AQI_EDITIONS, type IndexEdition } from './index-editions.js';
import { dominantPollutant, readInput } from './index-scale.js';
import { defineIndexLevels } from './index-table.js';

// China's AQI as the MEE's standard HJ 633 reports it hourly. Each pollutant's IAQI is the
// linear interpolation between consecutive nodes of its table, rounded up ("进位取整"); a value
// on a node gets that node's IAQI and above the last node (IAQI 500) the last slope continues.
// Concentrations are not rounded first (*decided*).

type CnEdition = IndexEdition<'CN_AQI'>;

// The IAQI of every node, aligned with the concentration nodes below.
const IAQI_NODES = [0, 50, 100, 150, 200, 300, 400, 500] as const;

// SO2 1-h nodes end at 800 µg/m³ (IAQI 200); above it the edition decides.
const SO2_1H_TOP = 800;
const SO2_ABOVE_TOP_IAQI = 200;

// Both editions share these; PM uses the 24-h breakpoints on 1-h means (*decided*), the gases
// their 1-h breakpoints. CO is stored in µg/m³ (the mg/m³ nodes × 1000) so no input is divided.
// (Constants of their own, not an object spread into each edition: a bundler must assume a
// spread or a property read has effects, and would keep every index in a bundle of one.)
const O3_ROWS = /* @__PURE__ */ nodeRows([0, 160, 200, 300, 400, 800, 1000, 1200], IAQI_NODES);
const NO2_ROWS = /* @__PURE__ */ nodeRows([0, 100, 200, 700, 1200, 2340, 3090, 3840], IAQI_NODES);
const SO2_ROWS = /* @__PURE__ */ nodeRows([0, 150, 500, 650, SO2_1H_TOP], IAQI_NODES);
const CO_ROWS = /* @__PURE__ */ nodeRows(
  [0, 5000, 10_000, 35_000, 60_000, 90_000, 120_000, 150_000],
  IAQI_NODES,
);

// The editions differ in the PM nodes at IAQI 100: 2026 PM25 60 and PM10 120, 2012 75 and 150.
const TABLES: Readonly<Record<CnEdition, Readonly<Record<string, readonly BreakpointRow[]>>>> =
  /* @__PURE__ */ Object.freeze({
    '2026': /* @__PURE__ */ editionRows(
      [0, 35, 60, 115, 150, 250, 350, 500],
      [0, 50, 120, 250, 350, 420, 500, 600],
    ),
    '2012': /* @__PURE__ */ editionRows(
      [0, 35, 75, 115, 150, 250, 350, 500],
      [0, 50, 150, 250, 350, 420, 500, 600],
    ),
  });

// One edition's rows, in the order the sub-indexes are listed: PM25 and PM10 on the edition's
// own nodes, the gases on the rows both editions share.
function editionRows(
  pm25Nodes: readonly number[],
  pm10Nodes: readonly number[],
): Readonly<Record<string, readonly BreakpointRow[]>> {
  return Object.freeze({
    PM25: nodeRows(pm25Nodes, IAQI_NODES),
    PM10: nodeRows(pm10Nodes, IAQI_NODES),
    O3: O3_ROWS,
    NO2: NO2_ROWS,
    SO2: SO2_ROWS,
    CO: CO_ROWS,
  });
}

// The 24-h SO2 table, read only by edition 2012 for a 1-h SO2 above 800 µg/m³.
const SO2_24H_ROWS = /* @__PURE__ */ nodeRows([0, 50, 150, 475, 800, 1600, 2100, 2620], IAQI_NODES);

/** A pollutant of China's AQI (`SO2_24H` reports under `SO2`). */
export type CnAqiPollutant = 'PM25' | 'PM10' | 'O3' | 'NO2' | 'SO2' | 'CO';

/** A level of China's AQI. */
export type CnAqiLevel =
  | 'EXCELLENT'
  | 'GOOD'
  | 'LIGHTLY_POLLUTED'
  | 'MODERATELY_POLLUTED'
  | 'HEAVILY_POLLUTED'
  | 'SEVERELY_POLLUTED';

const LEVELS = /* @__PURE__ */ defineIndexLevels<CnAqiLevel>([
  {
    level: 'EXCELLENT',
    minValue: 0,
    maxValue: 50,
    color: '#00E400',
    description: {
      en: 'Excellent air quality with practically no pollution.',
      pl: 'Doskonała jakość powietrza, praktycznie bez zanieczyszczeń.',
    },
    advice: {
      en: 'Everyone can be active outdoors as usual.',
      pl: 'Wszyscy mogą swobodnie spędzać czas aktywnie na zewnątrz.',
    },
  },
  {
    level: 'GOOD',
    minValue: 51,
    maxValue: 100,
    color: '#FFFF00',
    description: {
      en: 'Good air quality; a few unusually sensitive people may be slightly affected.',
      pl: 'Dobra jakość powietrza; nieliczne, wyjątkowo wrażliwe osoby mogą ją lekko odczuć.',
    },
    advice: {
      en: 'Unusually sensitive people should cut down on outdoor activity.',
      pl: 'Osoby wyjątkowo wrażliwe powinny ograniczyć aktywność na zewnątrz.',
    },
  },
  {
    level: 'LIGHTLY_POLLUTED',
    minValue: 101,
    maxValue: 150,
    color: '#FF7E00',
    description: {
      en: 'Lightly polluted: sensitive people may feel their symptoms worsen, healthy people some irritation.',
      pl: 'Lekkie zanieczyszczenie: u osób wrażliwych mogą nasilić się objawy, a u zdrowych pojawić się podrażnienie.',
    },
    advice: {
      en: 'Children, older adults and people with heart or lung disease should cut long, hard exercise outdoors.',
      pl: 'Dzieci, seniorzy i osoby z chorobami serca lub płuc powinni ograniczyć długi, intensywny wysiłek na zewnątrz.',
    },
  },
  {
    level: 'MODERATELY_POLLUTED',
    minValue: 151,
    maxValue: 200,
    color: '#FF0000',
    description: {
      en: 'Moderately polluted: symptoms worsen in sensitive people, and the heart and lungs of healthy people may suffer.',
      pl: 'Umiarkowane zanieczyszczenie: objawy u osób wrażliwych się nasilają, a serce i płuca osób zdrowych mogą ucierpieć.',
    },
    advice: {
      en: 'Sensitive groups should avoid long, hard exercise outdoors; everyone else should do less of it.',
      pl: 'Grupy wrażliwe powinny unikać długiego, intensywnego wysiłku na zewnątrz, a pozostali go ograniczyć.',
    },
  },
  {
    level: 'HEAVILY_POLLUTED',
    minValue: 201,
    maxValue: 300,
    color: '#99004C',
    description: {
      en: 'Heavily polluted: people with heart or lung disease tolerate exercise worse and many healthy people have symptoms.',
      pl: 'Silne zanieczyszczenie: chorzy na serce lub płuca gorzej znoszą wysiłek, a wiele zdrowych osób ma objawy.',
    },
    advice: {
      en: 'Sensitive groups should stay indoors and stop outdoor activity; everyone else should cut it down.',
      pl: 'Grupy wrażliwe powinny zostać w domu i przerwać aktywność na zewnątrz, a pozostali ją ograniczyć.',
    },
  },
  {
    level: 'SEVERELY_POLLUTED',
    minValue: 301,
    maxValue: null,
    color: '#7E0023',
    description: {
      en: 'Severely polluted: even healthy people tolerate exercise worse and have marked symptoms.',
      pl: 'Bardzo silne zanieczyszczenie: nawet zdrowi gorzej znoszą wysiłek i mają wyraźne objawy.',
    },
    advice: {
      en: 'Sensitive groups should stay indoors and rest; everyone else should avoid going outside.',
      pl: 'Grupy wrażliwe powinny zostać w domu i odpoczywać, a pozostali unikać wychodzenia na zewnątrz.',
    },
  },
]);

// The IAQI of a concentration on its rows, rounded up float-safely.
function iaqi(rows: readonly BreakpointRow[], ugm3: number): number {
  return ceilInteger(interpolateRows(rows, ugm3));
}

// SO2 1 h above 800 µg/m³: 2026 sets IAQI 200; 2012 takes SO2_24H on the 24-h table when it
// is given and 200 otherwise (*decided*).
function so2AboveTop(concentrations: Concentrations<string>, edition: CnEdition): number {
  const so2Daily = edition === '2012' ? readInput(concentrations, 'SO2_24H') : undefined;
  return so2Daily === undefined ? SO2_ABOVE_TOP_IAQI : iaqi(SO2_24H_ROWS, so2Daily);
}

// A primary pollutant exists only above this AQI [HJ633].
const PRIMARY_POLLUTANT_ABOVE = 50;

// `edition` is one of `editions`, checked by computeIndex.
function compute(
  concentrations: Concentrations<string>,
  edition: CnEdition,
): IndexComputation<CnAqiPollutant> | undefined {
  const table = TABLES[edition];
  const subIndexes: Partial<Record<CnAqiPollutant, number>> = {};
  let value = -1;
  for (const [pollutant, rows] of Object.entries(table)) {
    const ugm3 = readInput(concentrations, pollutant);
    if (ugm3 === undefined) continue;
    const sub =
      pollutant === 'SO2' && ugm3 > SO2_1H_TOP
        ? so2AboveTop(concentrations, edition)
        : iaqi(rows, ugm3);
    subIndexes[pollutant as CnAqiPollutant] = sub;
    value = Math.max(value, sub);
  }
  if (value < 0) return undefined;
  return {
    value,
    subIndexes: Object.freeze(subIndexes),
    dominantPollutant: value > PRIMARY_POLLUTANT_ABOVE ? dominantPollutant(subIndexes) : null,
  };
}

/**
 * CN_AQI, China's hourly AQI (HJ 633; editions `2026`, the default, and `2012`): the IAQI of
 * each 1-h mean (PM25, PM10 on the 24-h breakpoints; SO2, NO2, O3, CO on the 1-h ones, all in
 * µg/m³), rounded up; the AQI is the largest, with levels EXCELLENT (0–50) to
 * SEVERELY_POLLUTED (≥ 301). The 2012 edition also reads `SO2_24H`, and only when 1-h SO2 is
 * above 800 µg/m³. `dominantPollutant` is `null` up to AQI 50.
 *
 * @example
 * CN_AQI_INDEX.compute({ PM25: 75 }, '2026'); // { value: 114, subIndexes: { PM25: 114 }, dominantPollutant: 'PM25' }
 * CN_AQI_INDEX.compute({ PM25: 75 }, '2012').value; // 100
 * CN_AQI_INDEX.compute({ SO2: 900, SO2_24H: 1000 }, '2012').value; // 225
 */
export const CN_AQI_INDEX: IndexDefinition<'CN_AQI', CnAqiLevel, CnAqiPollutant, CnEdition> =
  /* @__PURE__ */ Object.freeze({
    name: 'CN_AQI',
    editions: CN_AQI_EDITIONS,
    inputs: /* @__PURE__ */ Object.freeze(['PM25', 'PM10', 'O3', 'NO2', 'SO2', 'CO', 'SO2_24H']),
    levels: LEVELS,
    levelBounds: 'lower-inclusive',
    compute,
  });

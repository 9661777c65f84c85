import type { IndexEdition } from '../indexes/index-editions.js';
import type { NationalIndexTypeName } from '../indexes/index-table.js';
import type { AveragedInputKey, AveragedPollutant, AveragingRule } from './averaging-rules.js';
import { KR_C24E_HOURS, KR_C24E_MIN_HOURS } from './kr-c24e.js';
import { NOWCAST_HOURS, NOWCAST_MIN_RECENT, NOWCAST_RECENT_HOURS } from './now-cast.js';

// The averaging periods and data-capture rules of each agency, as data: for each national index
// and edition, how each input of `computeIndex` is built from hourly means and which capture
// rule it must pass. The rows of the first six are world-indexes.md §2 (EPA and AirNow, EEA,
// Defra, CPCB, MEE's HJ 633, ECCC), those of the next seven more-indexes.md §2 (UBA, the French
// arrêté, AirKorea, NEA, EPD, NSW, PCD). The three Polish-region indexes (VENDOR_CAQI, CAQI,
// PIJP) are not here: they keep the payload's own averaging. A new edition or index is new rows
// here, with no code of its own. Rows in the key order PM25, PM10, NO2, O3, SO2, CO, O3_1H,
// O3_4H, SO2_24H; the comments cite the reference's source tags.

/** The rows of every edition of every national index. */
export type AveragingRows = {
  readonly [T in NationalIndexTypeName]: Readonly<
    Record<IndexEdition<T>, readonly AveragingRule[]>
  >;
};

function latestHour(key: AveragedInputKey, source = key as AveragedPollutant): AveragingRule {
  return Object.freeze({ key, source, method: 'hour', hours: 1, minHours: 1, ofLatestHours: 1 });
}

function running(
  key: AveragedInputKey,
  hours: number,
  minHours: number,
  source = key as AveragedPollutant,
): AveragingRule {
  return Object.freeze({ key, source, method: 'running', hours, minHours, ofLatestHours: hours });
}

function maxOf(key: AveragedPollutant, hours: number, minHours: number): AveragingRule {
  return Object.freeze({ key, source: key, method: 'max', hours, minHours, ofLatestHours: hours });
}

function nowCastOf(key: AveragedPollutant): AveragingRule {
  return Object.freeze({
    key,
    source: key,
    method: 'nowcast',
    hours: NOWCAST_HOURS,
    minHours: NOWCAST_MIN_RECENT,
    ofLatestHours: NOWCAST_RECENT_HOURS,
  });
}

// C12's capture rule is the row's; C4's (3 of the 4 newest) lives in kr-c24e.ts.
function krC24eOf(key: 'PM25' | 'PM10'): AveragingRule {
  return Object.freeze({
    key,
    source: key,
    method: 'kr-c24e',
    hours: KR_C24E_HOURS,
    minHours: KR_C24E_MIN_HOURS,
    ofLatestHours: KR_C24E_HOURS,
  });
}

// Every key a latest 1-h mean, as several indexes read their hourly reports.
function latestHours(...keys: AveragedPollutant[]): readonly AveragingRule[] {
  return Object.freeze(keys.map((key) => latestHour(key)));
}

const US_AQI = Object.freeze([
  nowCastOf('PM25'), // NowCast, 2 of the 3 newest hours [AIRNOW-NC]
  nowCastOf('PM10'),
  latestHour('NO2'), // [AIRNOW-OTHER]
  running('O3', 8, 6), // 8-h running mean, 6 of 8 (decided; AirNow uses an ozone NowCast)
  latestHour('SO2'),
  running('CO', 8, 6), // 6 of 8 (decided, as O3)
  latestHour('O3_1H', 'O3'), // the latest 1-h O3 [40CFR58G]
  running('SO2_24H', 24, 18, 'SO2'), // 18 of 24 [AIRNOW-OTHER]
]);

// The hourly real-time report: 1-h means of all six [HJ633]
const CN_AQI_2026 = latestHours('PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO');

/** The rows of world-indexes.md §2 and more-indexes.md §2, by index and edition. */
export const AVERAGING_ROWS: AveragingRows = Object.freeze({
  US_AQI: Object.freeze({ '2024': US_AQI, '2012': US_AQI }),
  EAQI: Object.freeze({
    // 1-h means of all five, PM included [ETC-HE, EEA-AQI, OPENAQ-EU]
    '2025': latestHours('PM25', 'PM10', 'NO2', 'O3', 'SO2'),
    '2019': Object.freeze([
      running('PM25', 24, 18), // 24-h running PM, 18 of 24 [OPENAQ-EU]
      running('PM10', 24, 18),
      latestHour('NO2'),
      latestHour('O3'),
      latestHour('SO2'),
    ]),
  }),
  UK_DAQI: Object.freeze({
    '2013': Object.freeze([
      running('PM25', 24, 18), // [DEFRA, OPENAQ-UK]
      running('PM10', 24, 18),
      latestHour('NO2'),
      running('O3', 8, 6),
      latestHour('SO2'), // DEFRA's 15-min mean; airq has hourly data at best (decided)
    ]),
  }),
  IN_NAQI: Object.freeze({
    '2014': Object.freeze([
      running('PM25', 24, 16), // 16 of 24 [CPCB-HOW]
      running('PM10', 24, 16),
      running('NO2', 24, 16),
      running('O3', 8, 6), // 6 of 8 (decided) [CPCB-2014]
      running('SO2', 24, 16),
      running('CO', 8, 6),
    ]),
  }),
  CN_AQI: Object.freeze({
    '2026': CN_AQI_2026,
    // GB 3095 validity rule for the 24-h SO2 mean: 20 of 24 [HJ633]
    '2012': Object.freeze([...CN_AQI_2026, running('SO2_24H', 24, 20, 'SO2')]),
  }),
  CA_AQHI: Object.freeze({
    '2008': Object.freeze([
      running('PM25', 3, 2), // 3-h running means, 2 of 3 [AQHI-ALB]
      running('NO2', 3, 2),
      running('O3', 3, 2),
    ]),
  }),
  DEU_UBA: Object.freeze({
    // "Stundenmittel": the latest 1-h mean of all five [UBA-LQI]
    '2025': latestHours('PM25', 'PM10', 'NO2', 'O3', 'SO2'),
    '2019': Object.freeze([
      running('PM25', 24, 18), // "stündlich gleitendes Tagesmittel", 18 of 24 (decided) [UBA-BER]
      running('PM10', 24, 18),
      latestHour('NO2'),
      latestHour('O3'),
    ]),
  }),
  FRA_ATMO: Object.freeze({
    '2021': Object.freeze([
      running('PM25', 24, 18), // the daily mean as a 24-h running mean (decided) [ATMO-ARR]
      running('PM10', 24, 18),
      maxOf('NO2', 24, 18), // the day's highest hourly mean over the last 24 h (decided)
      maxOf('O3', 24, 18),
      maxOf('SO2', 24, 18),
    ]),
  }),
  KOR_CAI: Object.freeze({
    '2018': Object.freeze([
      krC24eOf('PM25'), // AirKorea's predicted 24-h mean [KR-CALC]
      krC24eOf('PM10'),
      latestHour('NO2'), // 1-h values [KR-JEJU]
      latestHour('O3'),
      latestHour('SO2'),
      latestHour('CO'),
    ]),
  }),
  SGP_PSI: Object.freeze({
    '2014': Object.freeze([
      running('PM25', 24, 18), // 24-h means, 18 of 24 (decided) [SG-2014, SG-SHEET]
      running('PM10', 24, 18),
      latestHour('NO2'), // 1-h NO2 [SG-SHEET]
      running('O3', 8, 6), // 8-h O3 and CO, 6 of 8 (decided)
      running('SO2', 24, 18),
      running('CO', 8, 6),
      latestHour('O3_1H', 'O3'), // read above 785 µg/m³ of 8-h O3
    ]),
  }),
  HKG_AQHI: Object.freeze({
    '2013': Object.freeze([
      running('PM25', 3, 2), // 3-h moving averages [HK-FAQ], 2 of 3 (decided, as CA_AQHI)
      running('PM10', 3, 2),
      running('NO2', 3, 2),
      running('O3', 3, 2),
      running('SO2', 3, 2),
    ]),
  }),
  AUS_AQC: Object.freeze({
    '2020': Object.freeze([
      latestHour('PM25'), // hourly categories [NSW-AQC, NSW-GLOSS]
      latestHour('PM10'),
      latestHour('NO2'),
      latestHour('O3'),
      latestHour('SO2'),
      running('CO', 8, 6), // 8-h rolling CO, 6 of 8 (decided)
      running('O3_4H', 4, 3, 'O3'), // 4-h rolling O3, 3 of 4 (decided)
    ]),
  }),
  THA_AQI: Object.freeze({
    '2023': Object.freeze([
      running('PM25', 24, 18), // "เฉลี่ย 24 ชั่วโมงต่อเนื่อง", 18 of 24 (decided) [TH-KKC, TH-BMA]
      running('PM10', 24, 18),
      latestHour('NO2'), // 1-h NO2 and SO2
      running('O3', 8, 6), // 8-h O3 and CO, 6 of 8 (decided) [TH-KKC]
      latestHour('SO2'),
      running('CO', 8, 6),
    ]),
  }),
});

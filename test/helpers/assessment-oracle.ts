// A naive, independent implementation of the assessment rules, for the property tests and as the
// benchmark's baseline: hours as an array of { atMs, value } objects and a Map, days and months
// from Date.UTC, a sort for every percentile and rank. It shares no code with src/assessment and
// copies no table from it: every number below is transcribed from the rules (EU 2008/50/EC and
// (EU) 2024/2881, 40 CFR 50, WHO 2021 Table 0.1) as the project's assessment reference states them.
// This module is its entry, naiveAssess; the rules of each family stand in their own module
// (assessment-oracle-eu.ts, -us.ts, -who.ts) on the hour grid of assessment-oracle-hours.ts.

import { euLimits, euOzone } from './assessment-oracle-eu.js';
import { H, Hours, type OracleMetric, type Pol, yearMs } from './assessment-oracle-hours.js';
import { us } from './assessment-oracle-us.js';
import { who } from './assessment-oracle-who.js';

type Std = 'EU_2008' | 'EU_2030' | 'US_NAAQS' | 'WHO_2021';

/** The naive assessment: the same fields as assessSeries's metrics, minus rule and reason. */
export function naiveAssess(
  series: { startMs: number; values: ArrayLike<number> },
  standard: Std,
  pollutant: Pol,
  year: number,
): OracleMetric[] {
  const hours = new Hours(series.startMs, series.values);
  const total = (yearMs(year + 1) - yearMs(year)) / H;
  const validInYear = hours.between(yearMs(year), yearMs(year + 1)).length;
  const capture = validInYear / total;
  if (standard === 'EU_2008' || standard === 'EU_2030') {
    if (pollutant === 'O3') return euOzone(hours, standard, year, capture);
    return euLimits(hours, standard, pollutant, year, capture, validInYear, total);
  }
  if (standard === 'WHO_2021') return who(hours, pollutant, year, capture, validInYear, total);
  return us(series, pollutant, year, capture);
}

// `airq/averaging`: the averaging of the national indexes (their agencies' periods, NowCast,
// AirKorea's C24E), hourly means in, the inputs of `computeIndex` out, for embedders that keep
// their own series.
// Pure: no clock, no I/O. Internals (`runningMean`, `runningMax`, the sliding `…At` forms) are
// imported by path.

// The types its signatures name, so that a user of airq/averaging alone can spell them.
export type { IndexEdition } from '../indexes/index-editions.js';
export type { NationalIndexTypeName } from '../indexes/index-table.js';
export {
  type AveragedInputKey,
  type AveragedPollutant,
  type AveragingMethod,
  type AveragingRule,
  averagingRule,
  INPUT_HOURS,
} from './averaging-rules.js';
export { type HourlyMeans, type IndexInputs, indexInputs } from './index-inputs.js';
export { krC24e } from './kr-c24e.js';
export { nowCast } from './now-cast.js';

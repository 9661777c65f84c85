export type {
  Address,
  AveragedValues,
  IndexLevelMeta,
  IndexResult,
  IndexTypeMeta,
  IndexValue,
  Installation,
  Language,
  Measurements,
  MeasurementTypeMeta,
  Sponsor,
  Standard,
  Value,
} from './api-types.js';
export { LANGUAGES } from './api-types.js';
export type { WindowAverages } from './window-averages.js';

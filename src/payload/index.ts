export { averagedValues, type RenderOptions } from './averaged-values.js';
export { createMeasurementsService } from './create-measurements-service.js';
export { type CurrentWindow, currentWindow, THIRD_PARTY_MAX_AGE_HOURS } from './current-window.js';
export { type DirectorySnapshot, InstallationDirectory } from './installation-directory.js';
export { type InstallationSeries, readInstallationSeries } from './installation-series.js';
export {
  encodeJsonChunks,
  encodeJsonWithParts,
  freezeAsJsonPart,
  joinChunks,
} from './json-parts.js';
export type {
  InstallationMeasurementsResult,
  InterpolationContributor,
  InterpolationInfo,
  MeasurementsRequestOptions,
  MeasurementsService,
  NearestMeasurementsResult,
  NearestSearchOptions,
  PointMeasurements,
} from './measurements-service.js';
export { interpolateSeries, type PointSeries } from './point-series.js';
export { renderMeasurements } from './render-measurements.js';
export {
  DEFAULT_CACHE_SIZE,
  MAX_FORECAST_HISTORY_HOURS,
  type MeasurementsServiceOptions,
} from './service-options.js';

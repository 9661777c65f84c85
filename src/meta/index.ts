export { indexTypesMeta, levelRangeText } from './index-types-meta.js';
export {
  isMeasurementTypeName,
  MEASUREMENT_TYPE_NAMES,
  MEASUREMENT_TYPES,
  type MeasurementTypeDefinition,
  type MeasurementTypeName,
} from './measurement-types.js';
export { measurementTypesMeta } from './measurement-types-meta.js';
export { payloadValues } from './payload-values.js';

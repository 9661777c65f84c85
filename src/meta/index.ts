export { indexTypesMeta } from './index-types-meta.js';
export { MEASUREMENT_TYPE_NAMES, type MeasurementTypeName } from './measurement-types.js';
export { measurementTypesMeta } from './measurement-types-meta.js';
export { payloadValues } from './payload-values.js';

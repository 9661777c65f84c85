export { createMeasurementsService } from './create-measurements-service.js';
// Every type of that file is part of the service's public contract.
export type * from './measurements-service.js';
export type { MeasurementsServiceOptions } from './service-options.js';

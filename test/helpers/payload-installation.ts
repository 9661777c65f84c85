import type { Forecaster } from '../../src/forecast/forecaster.js';
import type { INDEX_TYPE_NAMES } from '../../src/indexes/index-table.js';
import type { Measurements } from '../../src/model/api-types.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { FakeStore } from './payload-fake-store.js';

/**
 * The payload of installation `id` from a fresh measurements service over `store` (with
 * `forecaster` when given); throws unless the answer is ok. For the payload properties
 * (create-measurements-service.properties.test.ts and .point-properties.test.ts).
 */
export async function installationPayload(
  store: FakeStore,
  id: number,
  options: {
    now: number;
    indexType?: (typeof INDEX_TYPE_NAMES)[number];
    language?: 'en' | 'pl';
  },
  forecaster?: Forecaster,
): Promise<Measurements> {
  const service = createMeasurementsService(forecaster ? { store, forecaster } : { store });
  const result = await service.installationMeasurements(id, options);
  if (result.status !== 'ok') throw new Error(`installation ${id}: ${result.status}`);
  return result.payload;
}

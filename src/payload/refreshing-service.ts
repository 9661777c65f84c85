import { checkOptionalFunction } from '../arguments/argument-checks.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementsService, NetworkRequestOptions } from './measurements-service.js';

/**
 * The service itself (frozen) when the store has no `refresh`; otherwise the same service with
 * `await store.refresh()` at the start of every call, before it reads the store's
 * `installationsVersion` or `dataVersion`. That is how a store shared by several processes
 * (`PostgresStore`) makes the changes of the others visible to this one's caches, once per
 * request; a failed refresh rejects the call like any other failure of the store.
 *
 * @throws TypeError when `store.refresh` is present but not a function
 * @example
 * const service = refreshingService(store, createdService); // === createdService for InMemoryStore
 */
export function refreshingService(
  store: MeasurementStore,
  service: MeasurementsService,
): MeasurementsService {
  const refresh = store.refresh;
  checkOptionalFunction('createMeasurementsService', 'options.store.refresh', refresh);
  if (refresh === undefined) return Object.freeze(service);
  const refreshed = () => refresh.call(store);
  return Object.freeze({
    async findInstallation(id) {
      await refreshed();
      return service.findInstallation(id);
    },
    async nearestInstallations(latitude, longitude, options) {
      await refreshed();
      return service.nearestInstallations(latitude, longitude, options);
    },
    async installationMeasurements(installationId, options) {
      await refreshed();
      return service.installationMeasurements(installationId, options);
    },
    async nearestMeasurements(latitude, longitude, search, options) {
      await refreshed();
      return service.nearestMeasurements(latitude, longitude, search, options);
    },
    async pointMeasurements(latitude, longitude, options) {
      await refreshed();
      return service.pointMeasurements(latitude, longitude, options);
    },
    ...(service.networkIndexes === undefined
      ? {}
      : {
          async networkIndexes(options: NetworkRequestOptions) {
            await refreshed();
            // Checked just above; the method is read again to keep its `this`.
            return service.networkIndexes!(options);
          },
        }),
  } satisfies MeasurementsService);
}

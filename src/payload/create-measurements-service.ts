import { DEFAULT_MAX_DISTANCE_KM, INTERPOLATION_RADIUS_KM } from '../geo/index.js';
import type { Installation, Measurements } from '../model/api-types.js';
import type { InstallationLookup } from '../store/measurement-store.js';
import { measurementWindows } from '../time/windows.js';
import type { RenderOptions } from './averaged-values.js';
import { InstallationDirectory } from './installation-directory.js';
import { readInstallationSeries } from './installation-series.js';
import type {
  InstallationMeasurementsResult,
  MeasurementsRequestOptions,
  MeasurementsService,
  NearestMeasurementsResult,
  NearestSearchOptions,
  PointMeasurements,
} from './measurements-service.js';
import { interpolateSeries } from './point-series.js';
import { renderMeasurements } from './render-measurements.js';
import {
  checkCoordinates,
  checkInstallationId,
  type ResolvedRequest,
  resolveRequest,
} from './request-arguments.js';
import { type MeasurementsServiceOptions, resolveServiceOptions } from './service-options.js';

/**
 * Builds the measurements facade over a store: installation lookups, nearest search (through a
 * spatial index rebuilt once per change of the store's installations), and the three kinds of
 * Measurements payload. Options are validated here, once.
 *
 * Each installation's payload costs one `store.windowAverages` call; a point payload costs one
 * per installation within 1.5 km. Search arguments (`maxDistanceKM`, `maxResults`) are checked
 * by the spatial index with the spec's semantics (negative = no limit).
 *
 * @param options - `store` (required), `forecaster` (default `baselineForecaster`),
 *   `whoEdition` (default `WHO_2021`)
 * @throws TypeError / RangeError naming the option that is wrong
 * @example
 * const service = createMeasurementsService({ store });
 * const result = await service.installationMeasurements(8077, { now: Date.now(), language: 'pl' });
 * if (result.status === 'ok') result.payload.history.length; // 24
 */
export function createMeasurementsService(
  options: MeasurementsServiceOptions,
): MeasurementsService {
  const { store, forecaster, whoEdition } = resolveServiceOptions(options);
  const directory = new InstallationDirectory(store);

  const renderOptions = (request: ResolvedRequest): RenderOptions => ({
    indexType: request.indexType,
    language: request.language,
    whoEdition,
  });

  async function payloadOf(
    installation: Installation,
    request: ResolvedRequest,
  ): Promise<Measurements> {
    const windows = measurementWindows(request.nowMs);
    const series = await readInstallationSeries(store, installation, windows, forecaster);
    return renderMeasurements(series, windows, renderOptions(request));
  }

  return Object.freeze({
    async findInstallation(id: number): Promise<InstallationLookup> {
      checkInstallationId(id, 'MeasurementsService.findInstallation');
      return store.findInstallation(id);
    },

    async nearestInstallations(
      latitude: number,
      longitude: number,
      search: NearestSearchOptions = {},
    ): Promise<readonly Installation[]> {
      checkCoordinates(latitude, longitude, 'MeasurementsService.nearestInstallations');
      const { index, byId } = await directory.snapshot();
      return index
        .nearest(latitude, longitude, searchOptions(search))
        .flatMap((hit) => byId.get(hit.id) ?? []);
    },

    async installationMeasurements(
      installationId: number,
      options: MeasurementsRequestOptions,
    ): Promise<InstallationMeasurementsResult> {
      const where = 'MeasurementsService.installationMeasurements';
      checkInstallationId(installationId, where);
      const request = resolveRequest(options, where);
      const lookup = await store.findInstallation(installationId);
      switch (lookup.status) {
        case 'active':
          return {
            status: 'ok',
            installation: lookup.installation,
            payload: await payloadOf(lookup.installation, request),
          };
        case 'replaced':
          return { status: 'replaced', successorId: lookup.successorId };
        default:
          return { status: 'missing' };
      }
    },

    async nearestMeasurements(
      latitude: number,
      longitude: number,
      search: Pick<NearestSearchOptions, 'maxDistanceKM'>,
      options: MeasurementsRequestOptions,
    ): Promise<NearestMeasurementsResult> {
      const where = 'MeasurementsService.nearestMeasurements';
      checkCoordinates(latitude, longitude, where);
      const request = resolveRequest(options, where);
      const { index, byId } = await directory.snapshot();
      const maxDistanceKM = search?.maxDistanceKM ?? DEFAULT_MAX_DISTANCE_KM;
      const [hit] = index.nearest(latitude, longitude, { maxDistanceKM, maxResults: 1 });
      const installation = hit === undefined ? undefined : byId.get(hit.id);
      if (hit === undefined || installation === undefined) return { status: 'none-in-range' };
      return {
        status: 'ok',
        installation,
        distanceKm: hit.distanceKm,
        payload: await payloadOf(installation, request),
      };
    },

    async pointMeasurements(
      latitude: number,
      longitude: number,
      options: MeasurementsRequestOptions,
    ): Promise<PointMeasurements> {
      const where = 'MeasurementsService.pointMeasurements';
      checkCoordinates(latitude, longitude, where);
      const request = resolveRequest(options, where);
      const windows = measurementWindows(request.nowMs);
      const { index, byId } = await directory.snapshot();
      const neighbours = index
        .within(latitude, longitude, INTERPOLATION_RADIUS_KM)
        .filter((hit) => byId.has(hit.id));
      const series = await Promise.all(
        neighbours.map((hit) =>
          readInstallationSeries(store, byId.get(hit.id)!, windows, forecaster),
        ),
      );
      const point = interpolateSeries(neighbours, series, windows);
      return {
        ...renderMeasurements(point.series, windows, renderOptions(request)),
        interpolation: point.interpolation,
      };
    },
  });
}

function searchOptions(search: NearestSearchOptions): NearestSearchOptions {
  // Only the given keys, so that the index applies its own defaults to the others
  // (`exactOptionalPropertyTypes` forbids passing `undefined` explicitly).
  return {
    ...(search?.maxDistanceKM === undefined ? {} : { maxDistanceKM: search.maxDistanceKM }),
    ...(search?.maxResults === undefined ? {} : { maxResults: search.maxResults }),
  };
}

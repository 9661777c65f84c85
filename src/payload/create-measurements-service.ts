import { checkSafeInteger } from '../arguments/argument-checks.js';
import { DEFAULT_MAX_DISTANCE_KM } from '../geo/installation-index.js';
import { isGridIndexType } from '../indexes/index-table.js';
import type { Installation, Measurements } from '../model/api-types.js';
import type { InstallationLookup } from '../store/measurement-store.js';
import type { RenderOptions } from './averaged-values.js';
import { InstallationDirectory } from './installation-directory.js';
import type {
  FreshnessHorizon,
  InstallationMeasurementsResult,
  MeasurementsRequestOptions,
  MeasurementsService,
  NearestMeasurementsResult,
  NearestSearchOptions,
  NetworkRequestOptions,
  NetworkResult,
  PointMeasurementsResult,
} from './measurements-service.js';
import { checkNetworkBox } from './network-box.js';
import { NetworkIndexes } from './network-indexes.js';
import {
  canBoundFreshness,
  currentThroughMs,
  freshnessReach,
  onceHorizon,
  StoreFreshness,
  snapshotVersions,
} from './payload-freshness.js';
import { PointPayloads } from './point-payloads.js';
import { refreshingService } from './refreshing-service.js';
import { renderCurrent, renderedHours, renderMeasurements } from './render-measurements.js';
import { checkCoordinates, type ResolvedRequest, resolveRequest } from './request-arguments.js';
import { RequestWindows } from './request-windows.js';
import { SeriesReader } from './series-reader.js';
import { type MeasurementsServiceOptions, resolveServiceOptions } from './service-options.js';
import { TimestampTexts } from './timestamp-texts.js';

/**
 * Builds the measurements facade over a store: installation lookups, nearest search (through a
 * spatial index rebuilt once per change of the store's installations), and the three kinds of
 * Measurements payload. Options are validated here, once.
 *
 * Each installation's payload costs one `store.windowAverages` call; a point payload costs one
 * per installation within 1.5 km; a network answer one per installation whose kept `current`
 * index is no longer exact (see `NetworkIndexes`). Search arguments (`maxDistanceKM`, `maxResults`) are checked
 * by the spatial index with the spec's semantics (negative = no limit).
 *
 * When the store implements `dataVersion` (the `InMemoryStore` does), the service keeps, per
 * installation and per query point, the history and forecast of the request hour with their
 * rendered elements and JSON, until the hour or the data before it changes; a request then
 * reads and renders only its moving hour. History and forecast arrays of such payloads are
 * shared between calls and deeply frozen. Payloads equal those computed without the cache.
 *
 * A national `indexType` (US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI) is averaged over its
 * own periods: each window's index comes from the 24 hourly means that end with the window
 * (clock hours for history and forecast, the 60-minute windows up to `now` for `current`),
 * so such a payload also reads the 23 clock hours before the history (kept per hour) and,
 * per request, the 24 hours up to `now` instead of the moving hour alone.
 *
 * @param options - `store` (required), `forecaster` (default `baselineForecaster`),
 *   `whoEdition` (default `WHO_2021`), `cacheSize` (default 1024,
 *   `DEFAULT_CACHE_SIZE`; 0 = no cache)
 * @throws TypeError / RangeError naming the option that is wrong
 * @example
 * const service = createMeasurementsService({ store });
 * const result = await service.installationMeasurements(8077, { now: Date.now(), language: 'pl' });
 * if (result.status === 'ok') result.payload.history.length; // 24
 */
export function createMeasurementsService(
  options: MeasurementsServiceOptions,
): MeasurementsService {
  const { store, forecaster, whoEdition, cacheSize } = resolveServiceOptions(options);
  const directory = new InstallationDirectory(store);
  const reader = new SeriesReader(store, forecaster, cacheSize);
  const bounded = canBoundFreshness(store) ? store : undefined;
  const points = new PointPayloads(reader, cacheSize, bounded);
  const network = new NetworkIndexes(store, freshnessReach(store), cacheSize > 0);
  const requestWindows = new RequestWindows();
  const timestamps = new TimestampTexts();
  const timestampText = (atMs: number) => timestamps.format(atMs);

  const renderOptions = (request: ResolvedRequest): RenderOptions => ({
    indexType: request.indexType,
    language: request.language,
    whoEdition,
    timestampText,
  });

  // The versions are read before the data (see snapshotVersions); the horizon when asked for.
  async function payloadOf(
    installation: Installation,
    request: ResolvedRequest,
    installationsVersion: number,
  ): Promise<{ payload: Measurements; freshness?: FreshnessHorizon }> {
    const windows = requestWindows.at(request.nowMs);
    const indexHours = !isGridIndexType(request.indexType);
    const versions = bounded && snapshotVersions(bounded, installationsVersion, [installation.id]);
    const { series, hours } = await reader.read(installation, windows, { indexHours });
    const render = renderOptions(request);
    let payload: Measurements;
    if (hours === undefined) payload = renderMeasurements(series, windows, render);
    else {
      const { history, forecast } = renderedHours(hours, windows, render);
      payload = { current: renderCurrent(series, windows, render, history), history, forecast };
    }
    if (!bounded || !versions) return { payload };
    const moving = series.current.window === windows.current;
    const { nowMs } = request;
    const freshness = onceHorizon(async () => {
      const throughMs = await currentThroughMs(bounded, installation, nowMs, indexHours);
      return new StoreFreshness(bounded, versions, nowMs, throughMs, moving);
    });
    return { payload, freshness };
  }

  // A store shared by several processes is refreshed once at the start of every call.
  return refreshingService(store, {
    async findInstallation(id: number): Promise<InstallationLookup> {
      checkSafeInteger('MeasurementsService.findInstallation', 'installationId', id);
      return store.findInstallation(id);
    },

    async nearestInstallations(
      latitude: number,
      longitude: number,
      search: NearestSearchOptions = {},
    ): Promise<readonly Installation[]> {
      checkCoordinates('MeasurementsService.nearestInstallations', latitude, longitude);
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
      checkSafeInteger(where, 'installationId', installationId);
      const request = resolveRequest(where, options);
      const installationsVersion = store.installationsVersion;
      const lookup = await store.findInstallation(installationId);
      switch (lookup.status) {
        case 'active':
          return {
            status: 'ok',
            installation: lookup.installation,
            ...(await payloadOf(lookup.installation, request, installationsVersion)),
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
      checkCoordinates(where, latitude, longitude);
      const request = resolveRequest(where, options);
      const installationsVersion = store.installationsVersion;
      const { index, byId } = await directory.snapshot();
      const maxDistanceKM = search?.maxDistanceKM ?? DEFAULT_MAX_DISTANCE_KM;
      const [hit] = index.nearest(latitude, longitude, { maxDistanceKM, maxResults: 1 });
      const installation = hit === undefined ? undefined : byId.get(hit.id);
      if (hit === undefined || installation === undefined) return { status: 'none-in-range' };
      return {
        status: 'ok',
        installation,
        distanceKm: hit.distanceKm,
        ...(await payloadOf(installation, request, installationsVersion)),
      };
    },

    async pointMeasurements(
      latitude: number,
      longitude: number,
      options: MeasurementsRequestOptions,
    ): Promise<PointMeasurementsResult> {
      const where = 'MeasurementsService.pointMeasurements';
      checkCoordinates(where, latitude, longitude);
      const request = resolveRequest(where, options);
      const windows = requestWindows.at(request.nowMs);
      const installationsVersion = store.installationsVersion;
      const snapshot = await directory.snapshot();
      return points.payload(latitude, longitude, { ...snapshot, installationsVersion }, windows, {
        ...renderOptions(request),
        nowMs: request.nowMs,
      });
    },

    async networkIndexes(options: NetworkRequestOptions): Promise<NetworkResult> {
      const where = 'MeasurementsService.networkIndexes';
      const request = resolveRequest(where, options);
      const { box } = options;
      if (box !== undefined) checkNetworkBox(where, box);
      const installationsVersion = store.installationsVersion;
      const { byId } = await directory.snapshot();
      const windows = requestWindows.at(request.nowMs);
      const query = { nowMs: request.nowMs, windows, render: renderOptions(request), box };
      return network.answer({ byId, installationsVersion }, query);
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

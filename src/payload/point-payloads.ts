import type { NeighbourHit } from '../geo/geo-point.js';
import type { InstallationIndex } from '../geo/installation-index.js';
import { INTERPOLATION_RADIUS_KM } from '../geo/interpolate-averages.js';
import { InverseDistanceWeights } from '../geo/inverse-distance-weights.js';
import { isGridIndexType } from '../indexes/index-table.js';
import type { MeasurementStore } from '../store/measurement-store.js';
import type { MeasurementWindows } from '../time/windows.js';
import type { RenderOptions } from './averaged-values.js';
import { hasAnyValue } from './averages-record.js';
import { INDEX_HOURS, OLDER_HOURS } from './index-hours.js';
import type { DirectorySnapshot } from './installation-directory.js';
import { freezeAsJsonPart } from './json-parts.js';
import { LruCache } from './lru-cache.js';
import type {
  InterpolationInfo,
  PointMeasurements,
  PointMeasurementsResult,
} from './measurements-service.js';
import {
  currentThroughMs,
  onceHorizon,
  StoreFreshness,
  snapshotVersions,
} from './payload-freshness.js';
import {
  interpolateHours,
  interpolateRuns,
  interpolateSeries,
  interpolateWindow,
  interpolationInfo,
} from './point-series.js';
import { renderCurrent, renderedHours, renderMeasurements } from './render-measurements.js';
import type { HourlyPart, ReadSeries, SeriesReader } from './series-reader.js';

/** A point's interpolated hourly part and what it was interpolated from. */
interface PointHours {
  /** The spatial index the neighbours were found in (a new one means other neighbours). */
  readonly index: InstallationIndex;
  /** Each neighbour's hourly part, in neighbour order; the same objects mean the same data. */
  readonly sources: readonly (HourlyPart | undefined)[];
  readonly part: HourlyPart;
  /** The last `interpolation` note, frozen, and which neighbours had a current value for it. */
  note?: { readonly active: string; readonly interpolation: InterpolationInfo };
}

/**
 * Builds point payloads for one measurements service. Each request finds the neighbours within
 * 1.5 km once, reads their series through the service's {@link SeriesReader}, works out the
 * inverse-distance weights once, and interpolates its moving hour. The interpolated history
 * and forecast of a point are kept (per exact latitude and longitude, at most `capacity`
 * points) as long as the spatial index and every neighbour's cached hourly part stay the
 * same objects: a neighbour whose data or hour changed has a new part, so nothing stale is
 * reused. The `interpolation` note is kept too, for as long as the same neighbours have a
 * current value. Without the reader's cache every window is interpolated per request.
 *
 * For a national index the hours it averages are interpolated too: the 23 older clock hours
 * once per cached point (from the neighbours' kept ones), the 24 hours behind `current` per
 * request.
 *
 * @example
 * const points = new PointPayloads(reader, 1024);
 * const payload = await points.payload(50.0614, 19.9366, await directory.snapshot(), windows, options);
 * payload.interpolation.radiusKm; // 1.5
 */
export class PointPayloads {
  readonly #reader: SeriesReader;
  readonly #cache: LruCache<string, PointHours>;
  readonly #bounded: MeasurementStore | undefined;

  /**
   * @param capacity - points whose hourly parts are kept at most
   * @param bounded - the store, when it tells how long a payload stays exact (then each
   *   payload comes with its validity horizon, see `FreshnessHorizon`)
   */
  constructor(reader: SeriesReader, capacity: number, bounded?: MeasurementStore) {
    this.#reader = reader;
    this.#cache = new LruCache(reader.caching ? capacity : 0);
    this.#bounded = bounded;
  }

  /** The point payload for the request at `options.nowMs` with `windows`. */
  async payload(
    latitude: number,
    longitude: number,
    snapshot: DirectorySnapshot & { readonly installationsVersion: number },
    windows: MeasurementWindows,
    options: RenderOptions & { readonly nowMs: number },
  ): Promise<PointMeasurementsResult> {
    const { index, byId } = snapshot;
    const neighbours = index
      .within(latitude, longitude, INTERPOLATION_RADIUS_KM)
      .filter((hit) => byId.has(hit.id));
    const indexHours = !isGridIndexType(options.indexType);
    // `byId.get(hit.id)!`: the neighbours were filtered on `byId` above
    const installations = neighbours.map((hit) => byId.get(hit.id)!);
    const bounded = this.#bounded;
    // Versions before the data, the horizon when asked for (see snapshotVersions).
    const versions =
      bounded &&
      snapshotVersions(
        bounded,
        snapshot.installationsVersion,
        installations.map((installation) => installation.id),
      );
    const sources = await Promise.all(
      installations.map((installation) => this.#reader.read(installation, windows, { indexHours })),
    );
    const key = `${latitude},${longitude}`;
    const payload = this.#assemble(key, neighbours, sources, index, windows, options);
    if (!bounded || !versions) return { payload };
    const { nowMs } = options;
    const freshness = onceHorizon(async () => {
      const horizons = await Promise.all(
        installations.map((installation) =>
          currentThroughMs(bounded, installation, nowMs, indexHours),
        ),
      );
      const throughMs = Math.min(Number.POSITIVE_INFINITY, ...horizons);
      return new StoreFreshness(bounded, versions, nowMs, throughMs, true);
    });
    return { payload, freshness };
  }

  // The payload from the neighbours' series, with the point's hourly part cached under `key`.
  #assemble(
    key: string,
    neighbours: readonly NeighbourHit[],
    sources: readonly ReadSeries[],
    index: InstallationIndex,
    windows: MeasurementWindows,
    options: RenderOptions,
  ): PointMeasurements {
    const indexHours = !isGridIndexType(options.indexType);
    const series = sources.map((source) => source.series);
    if (this.#cache.capacity === 0) {
      const point = interpolateSeries(neighbours, series, windows, indexHours);
      return {
        ...renderMeasurements(point.series, windows, options),
        interpolation: point.interpolation,
      };
    }
    const weights = InverseDistanceWeights.of(neighbours);
    const currentAverages = series.map((s) => s.current.averages);
    let cached = this.#cache.get(key);
    if (cached === undefined || !isFresh(cached, index, sources, windows)) {
      const hours = interpolateHours(weights, series, windows);
      cached = {
        index,
        sources: sources.map((source) => source.hours),
        part: { seamMs: seamOf(windows), ...hours, older: undefined, rendered: new Map() },
      };
      this.#cache.set(key, cached);
    }
    // The neighbours' parts are the same objects as when the point's part was made, so their
    // older hours (kept once read) are what the point's own would have been made from.
    if (indexHours && cached.part.older === undefined) {
      const older = series.map((s) => s.older);
      cached.part.older = Object.freeze(interpolateRuns(weights, older, OLDER_HOURS));
    }
    const rendered = renderedHours(cached.part, windows, options);
    // The note depends only on the neighbours (fixed for a cached point) and on which of them
    // have a current value, which changes rarely: keep it, serialised, for that set.
    const active = currentAverages.map((averages) => (hasAnyValue(averages) ? '1' : '0')).join('');
    if (cached.note?.active !== active) {
      const interpolation = freezeAsJsonPart(
        interpolationInfo(neighbours, weights, currentAverages),
      );
      cached.note = { active, interpolation };
    }
    // Each neighbour brings the hours behind its own `current`, as it brings that current.
    const behind = series.map((s) => s.currentHours);
    const current = {
      current: { window: windows.current, averages: interpolateWindow(weights, currentAverages) },
      ...(indexHours ? { currentHours: interpolateRuns(weights, behind, INDEX_HOURS) } : {}),
    };
    return {
      current: renderCurrent(current, windows, options, rendered.history),
      history: rendered.history,
      forecast: rendered.forecast,
      interpolation: cached.note.interpolation,
    };
  }
}

function seamOf(windows: MeasurementWindows): number {
  return windows.forecast[0]!.fromMs; // measurementWindows gives 24 forecast hours
}

function isFresh(
  cached: PointHours,
  index: InstallationIndex,
  sources: readonly ReadSeries[],
  windows: MeasurementWindows,
): boolean {
  if (cached.part.seamMs !== seamOf(windows) || cached.index !== index) return false;
  if (cached.sources.length !== sources.length) return false;
  return sources.every(
    (source, i) => source.hours !== undefined && source.hours === cached.sources[i],
  );
}

import {
  INTERPOLATION_RADIUS_KM,
  interpolateAverages,
  interpolateInverseDistance,
  type NeighbourHit,
} from '../geo/index.js';
import type { WindowAverages } from '../store/measurement-store.js';
import type { MeasurementWindows } from '../time/windows.js';
import { finiteAverages, hasAnyValue } from './averages-record.js';
import type { InstallationSeries } from './installation-series.js';
import type { InterpolationContributor, InterpolationInfo } from './measurements-service.js';

/** A point's interpolated series and the note that says how it was made. */
export interface PointSeries {
  readonly series: InstallationSeries;
  readonly interpolation: InterpolationInfo;
}

/**
 * Interpolates the series of the installations around a point, window by window and type by
 * type (inverse distance, over the neighbours that have that type in that window). Forecasts
 * are interpolated the same way. Index values are never interpolated: the caller renders the
 * index from the interpolated concentrations.
 *
 * `current` shows the moving hour of the request; each contributor brings the averages its
 * own payload's `current` shows (the moving hour for the service's installations, the newest
 * full hour with data, at most 3 hours old, for third-party stations).
 *
 * `interpolation.contributors` lists the neighbours with any value in their current window,
 * nearest first, with their normalised inverse-distance weights.
 *
 * @param neighbours - installations within the radius, nearest first
 * @param series - `series[i]` belongs to `neighbours[i]`
 * @example
 * // Two installations 0.5 km and 1 km away, PM10 30 and 60 now:
 * interpolateSeries(hits, [a, b], windows).series.current.averages; // { PM10: 40 }
 * // interpolation.contributors: [{ installationId: a, distanceKm: 0.5, weight: 2/3 }, { ..., weight: 1/3 }]
 */
export function interpolateSeries(
  neighbours: readonly NeighbourHit[],
  series: readonly InstallationSeries[],
  windows: MeasurementWindows,
): PointSeries {
  const interpolate = (pick: (s: InstallationSeries) => WindowAverages | undefined) =>
    finiteAverages(
      interpolateAverages(
        neighbours,
        series.map((s) => pick(s) ?? {}),
      ),
    );
  const currentAverages = series.map((s) => s.current.averages);
  return {
    series: {
      current: { window: windows.current, averages: interpolate((s) => s.current.averages) },
      history: windows.history.map((_, i) => interpolate((s) => s.history[i])),
      forecast: windows.forecast.map((_, i) => interpolate((s) => s.forecast[i])),
    },
    interpolation: {
      method: 'INVERSE_DISTANCE',
      radiusKm: INTERPOLATION_RADIUS_KM,
      contributors: contributorsOf(neighbours, currentAverages),
    },
  };
}

function contributorsOf(
  neighbours: readonly NeighbourHit[],
  currentAverages: readonly WindowAverages[],
): InterpolationContributor[] {
  const active = neighbours.filter((_, i) => hasAnyValue(currentAverages[i] ?? {}));
  // The weights do not depend on the values, so any value will do.
  const idw = interpolateInverseDistance(
    active.map((n) => ({ id: n.id, distanceKm: n.distanceKm, value: 0 })),
  );
  if (idw === undefined) return [];
  const weightById = new Map(idw.contributors.map((c) => [c.id, c.weight]));
  return active.map((n) => ({
    installationId: n.id,
    distanceKm: n.distanceKm,
    weight: weightById.get(n.id) ?? 0,
  }));
}

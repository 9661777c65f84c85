import type { NeighbourHit } from '../geo/geo-point.js';
import { INTERPOLATION_RADIUS_KM } from '../geo/interpolate-averages.js';
import { InverseDistanceWeights } from '../geo/inverse-distance-weights.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { MeasurementWindows } from '../time/windows.js';
import { finiteAverages, hasAnyValue } from './averages-record.js';
import { INDEX_HOURS, OLDER_HOURS } from './index-hours.js';
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
 * nearest first, with their normalised inverse-distance weights. The weights are worked out
 * once ({@link InverseDistanceWeights}) and applied to all 49 windows.
 *
 * With `indexHours` (a national index), the hours it averages are interpolated the same way,
 * hour by hour: the 23 older clock hours and the 24 hours behind each neighbour's `current`.
 *
 * @param neighbours - installations within the radius, nearest first
 * @param series - `series[i]` belongs to `neighbours[i]`; read with the national hours when
 *   `indexHours`
 * @param indexHours - also interpolate `older` and `currentHours` (default `false`)
 * @example
 * // Two installations 0.5 km and 1 km away, PM10 30 and 60 now:
 * interpolateSeries(hits, [a, b], windows).series.current.averages; // { PM10: 40 }
 * // interpolation.contributors: [{ installationId: a, distanceKm: 0.5, weight: 2/3 }, { ..., weight: 1/3 }]
 */
export function interpolateSeries(
  neighbours: readonly NeighbourHit[],
  series: readonly InstallationSeries[],
  windows: MeasurementWindows,
  indexHours = false,
): PointSeries {
  const weights = InverseDistanceWeights.of(neighbours);
  const hours = interpolateHours(weights, series, windows);
  const currentAverages = series.map((s) => s.current.averages);
  const current = {
    window: windows.current,
    averages: interpolateWindow(weights, currentAverages),
  };
  return {
    series: indexHours
      ? {
          current,
          ...hours,
          older: interpolateRuns(
            weights,
            series.map((s) => s.older),
            OLDER_HOURS,
          ),
          currentHours: interpolateRuns(
            weights,
            series.map((s) => s.currentHours),
            INDEX_HOURS,
          ),
        }
      : { current, ...hours },
    interpolation: interpolationInfo(neighbours, weights, currentAverages),
  };
}

/**
 * One window of a point: `records[i]` (the neighbour's averages in that window) belongs to the
 * i-th neighbour of `weights`.
 *
 * @example
 * interpolateWindow(InverseDistanceWeights.of(hits), [{ PM10: 30 }, { PM10: 60 }]); // { PM10: 40 } for 0.5 and 1 km
 */
export function interpolateWindow(
  weights: InverseDistanceWeights,
  records: readonly (WindowAverages | undefined)[],
): WindowAverages {
  return finiteAverages(weights.interpolate(records));
}

/**
 * The 24 history and 24 forecast windows of a point, interpolated from its neighbours'
 * series (`series[i]` belongs to the i-th neighbour of `weights`).
 *
 * @example
 * interpolateHours(weights, series, windows).history.length; // 24
 */
export function interpolateHours(
  weights: InverseDistanceWeights,
  series: readonly Pick<InstallationSeries, 'history' | 'forecast'>[],
  windows: MeasurementWindows,
): Pick<InstallationSeries, 'history' | 'forecast'> {
  return {
    history: interpolateRuns(
      weights,
      series.map((s) => s.history),
      windows.history.length,
    ),
    forecast: interpolateRuns(
      weights,
      series.map((s) => s.forecast),
      windows.forecast.length,
    ),
  };
}

/**
 * Consecutive hours of a point, interpolated hour by hour: position k of the result from
 * position k of every neighbour's run (`runs[i]` belongs to the i-th neighbour of `weights`;
 * a missing or shorter run adds nothing there). The national indexes read such runs: the 23
 * older clock hours of the neighbours, and the 24 hours behind each one's `current` (the hours
 * up to `now` of the service's installations, the clock hours up to a third-party station's
 * current hour, none for a station without one).
 *
 * @param length - how many hours the result has
 * @example
 * interpolateRuns(weights, series.map((s) => s.older), OLDER_HOURS).length; // 23
 */
export function interpolateRuns(
  weights: InverseDistanceWeights,
  runs: readonly (readonly WindowAverages[] | undefined)[],
  length: number,
): WindowAverages[] {
  return Array.from({ length }, (_, k) =>
    interpolateWindow(
      weights,
      runs.map((run) => run?.[k]),
    ),
  );
}

/**
 * The `interpolation` note of a point payload: the neighbours with any value in their current
 * window, nearest first, with their normalised inverse-distance weights among those
 * neighbours ({@link InverseDistanceWeights.normalisedWeights}: with one closer than 1 m, such
 * neighbours share the weight and the others get 0).
 *
 * @param weights - `InverseDistanceWeights.of(neighbours)`
 * @param currentAverages - `currentAverages[i]`: what the i-th neighbour's `current` shows
 * @example
 * interpolationInfo(hits, InverseDistanceWeights.of(hits), [{ PM10: 30 }, {}]).contributors.length; // 1
 */
export function interpolationInfo(
  neighbours: readonly NeighbourHit[],
  weights: InverseDistanceWeights,
  currentAverages: readonly WindowAverages[],
): InterpolationInfo {
  return {
    method: 'INVERSE_DISTANCE',
    radiusKm: INTERPOLATION_RADIUS_KM,
    contributors: contributorsOf(neighbours, weights, currentAverages),
  };
}

function contributorsOf(
  neighbours: readonly NeighbourHit[],
  weights: InverseDistanceWeights,
  currentAverages: readonly WindowAverages[],
): InterpolationContributor[] {
  const active = neighbours.map((_, i) => hasAnyValue(currentAverages[i] ?? {}));
  const shares = weights.normalisedWeights(active);
  const contributors: InterpolationContributor[] = [];
  neighbours.forEach((neighbour, i) => {
    if (!active[i]) return;
    const { id: installationId, distanceKm } = neighbour;
    contributors.push({ installationId, distanceKm, weight: shares[i]! }); // ! : i < size
  });
  return contributors;
}

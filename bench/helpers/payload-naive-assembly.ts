import { compareNeighbours, type NeighbourHit } from '../../src/geo/geo-point.js';
import { haversineKm } from '../../src/geo/haversine.js';
import {
  INTERPOLATION_RADIUS_KM,
  interpolateAverages,
} from '../../src/geo/interpolate-averages.js';
import { computeIndex } from '../../src/indexes/compute-index.js';
import { payloadValues } from '../../src/meta/payload-values.js';
import type { AveragedValues, Measurements } from '../../src/model/api-types.js';
import type { WindowAverages } from '../../src/model/index.js';
import type { InstallationSeries } from '../../src/payload/installation-series.js';
import type {
  InterpolationContributor,
  PointMeasurements,
} from '../../src/payload/measurements-service.js';
import { whoStandards } from '../../src/standards/who-standards.js';
import { formatTimestamp } from '../../src/time/instant.js';
import {
  type MeasurementWindows,
  measurementWindows,
  type TimeWindow,
} from '../../src/time/windows.js';
import { type NaiveDataset, naiveInstallationSeries } from './payload-naive-series.js';

// The naive assemblies of the payload benchmark. They answer with the service's defaults
// (VENDOR_CAQI, English, WHO 2021) and build the same JSON shapes, so that both sides can be
// checked against each other before any timing.

/**
 * One rendered window: values rounded in canonical order, the index and the WHO percentages
 * from the unrounded averages; the no-data index and no standards for a window without values.
 *
 * @example
 * naiveAveragedValues(window, { PM10: 35.533 }).values; // [{ name: 'PM10', value: 35.53 }]
 */
export function naiveAveragedValues(window: TimeWindow, averages: WindowAverages): AveragedValues {
  const values = payloadValues(averages);
  const hasValues = values.length > 0;
  return {
    fromDateTime: formatTimestamp(window.fromMs),
    tillDateTime: formatTimestamp(window.tillMs),
    values,
    indexes: [computeIndex(hasValues ? averages : {})],
    standards: hasValues ? whoStandards(averages) : [],
  };
}

function naiveRender(series: InstallationSeries, windows: MeasurementWindows): Measurements {
  return {
    current: naiveAveragedValues(series.current.window, series.current.averages),
    history: windows.history.map((w, i) => naiveAveragedValues(w, series.history[i] ?? {})),
    forecast: windows.forecast.map((w, i) => naiveAveragedValues(w, series.forecast[i] ?? {})),
  };
}

/**
 * The Measurements payload of one installation: a linear search of the installation, then one
 * linear scan of its samples per averaged window. `undefined` for an unknown id.
 *
 * @example
 * naiveInstallationPayload(dataset, 1001, Date.parse('2026-11-21T09:27:00Z'))?.history.length; // 24
 */
export function naiveInstallationPayload(
  dataset: NaiveDataset,
  installationId: number,
  nowMs: number,
): Measurements | undefined {
  const position = dataset.installations.findIndex((entry) => entry.id === installationId);
  if (position < 0) return undefined;
  const windows = measurementWindows(nowMs);
  const series = naiveInstallationSeries(
    dataset.installations[position]!, // position found above
    dataset.samples[position] ?? [],
    windows,
  );
  return naiveRender(series, windows);
}

/**
 * The point payload: a haversine scan of every installation for those within 1.5 km (nearest
 * first, ties by id), every window average of each of them recomputed from its raw samples,
 * then inverse-distance weighting per measurement type and window.
 *
 * @example
 * naivePointPayload(dataset, 50.0614, 19.9366, nowMs).interpolation.contributors.length; // e.g. 21
 */
export function naivePointPayload(
  dataset: NaiveDataset,
  latitude: number,
  longitude: number,
  nowMs: number,
): PointMeasurements {
  const { installations, samples } = dataset;
  const hits: (NeighbourHit & { readonly position: number })[] = [];
  for (let position = 0; position < installations.length; position++) {
    const { id, location } = installations[position]!; // position < length
    const distanceKm = haversineKm(latitude, longitude, location.latitude, location.longitude);
    if (distanceKm <= INTERPOLATION_RADIUS_KM) hits.push({ id, distanceKm, position });
  }
  hits.sort(compareNeighbours);

  const windows = measurementWindows(nowMs);
  const series = hits.map((hit) =>
    naiveInstallationSeries(installations[hit.position]!, samples[hit.position] ?? [], windows),
  );
  const interpolate = (pick: (s: InstallationSeries) => WindowAverages | undefined) =>
    interpolateAverages(
      hits,
      series.map((s) => pick(s) ?? {}),
    );
  const point: InstallationSeries = {
    current: { window: windows.current, averages: interpolate((s) => s.current.averages) },
    history: windows.history.map((_, i) => interpolate((s) => s.history[i])),
    forecast: windows.forecast.map((_, i) => interpolate((s) => s.forecast[i])),
  };
  return {
    ...naiveRender(point, windows),
    interpolation: {
      method: 'INVERSE_DISTANCE',
      radiusKm: INTERPOLATION_RADIUS_KM,
      contributors: naiveContributors(
        hits,
        series.map((s) => s.current.averages),
      ),
    },
  };
}

function naiveContributors(
  hits: readonly NeighbourHit[],
  currentAverages: readonly WindowAverages[],
): InterpolationContributor[] {
  const active = hits.filter((_, i) => Object.keys(currentAverages[i] ?? {}).length > 0);
  // The direct weights: 1/d over Σ(1/d), or an equal share among the sensors within 1 m.
  const coincident = active.filter((hit) => hit.distanceKm < 0.001);
  const weighed = coincident.length > 0 ? coincident : active;
  const total = weighed.reduce((sum, hit) => sum + 1 / hit.distanceKm, 0);
  return weighed.map((hit) => ({
    installationId: hit.id,
    distanceKm: hit.distanceKm,
    weight: coincident.length > 0 ? 1 / coincident.length : 1 / hit.distanceKm / total,
  }));
}

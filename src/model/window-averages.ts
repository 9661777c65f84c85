// Types that the pure modules (geo, forecast) and the layers around them (store, payload)
// share. They live here rather than in the store port so that a pure module never has to
// import from the store to name the data it computes on.

/**
 * Window averages of one installation: measurement type name → mean of the samples in the
 * window. A type with no samples in the window is absent (never 0, never NaN).
 *
 * Produced by a `MeasurementStore`, read by the forecasters and interpolated by
 * `interpolateAverages` / `InverseDistanceWeights`.
 *
 * @example
 * const averages: WindowAverages = { PM25: 18.7, PM10: 35.533 };
 * averages.NO2; // undefined: no NO2 sample in the window
 */
export type WindowAverages = Readonly<Partial<Record<string, number>>>;

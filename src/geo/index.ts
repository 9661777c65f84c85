export type { GeoPoint, NeighbourHit } from './geo-point.js';
export { haversineKm } from './haversine.js';
export { InstallationIndex, type NearestOptions } from './installation-index.js';
export { INTERPOLATION_RADIUS_KM, interpolateAverages } from './interpolate-averages.js';
export { InverseDistanceWeights } from './inverse-distance-weights.js';
export { LiveInstallationIndex } from './live-installation-index.js';

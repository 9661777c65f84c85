export {
  compareNeighbours,
  DISTANCE_TIE_KM,
  type GeoPoint,
  type NeighbourHit,
} from './geo-point.js';
export {
  EARTH_RADIUS_KM,
  haversineKm,
  MAX_GREAT_CIRCLE_KM,
} from './haversine.js';
export {
  DEFAULT_MAX_DISTANCE_KM,
  DEFAULT_MAX_RESULTS,
  InstallationIndex,
  type NearestOptions,
} from './installation-index.js';
export { INTERPOLATION_RADIUS_KM, interpolateAverages } from './interpolate-averages.js';
export { COINCIDENT_DISTANCE_KM, InverseDistanceWeights } from './inverse-distance-weights.js';
export { LiveInstallationIndex } from './live-installation-index.js';

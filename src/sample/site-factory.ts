import type { StoredInstallation } from '../store/stored-installation.js';
import { KRAKOW_STREETS, type KrakowStreet } from './krakow-streets.js';
import { SAMPLE_THIRD_PARTY_SPONSOR, SAMPLE_VENDOR_SPONSORS } from './sample-sponsors.js';
import type { SiteSignal } from './signal-model.js';

/** Main Market Square of Kraków: the middle of the dense part of the sample network. */
export const SAMPLE_NETWORK_CENTRE = Object.freeze({ latitude: 50.0614, longitude: 19.9366 });

/** A position relative to {@link SAMPLE_NETWORK_CENTRE}, in km east and north. */
export interface SpotKm {
  readonly eastKm: number;
  readonly northKm: number;
}

/** Half the side of the square the network covers (20 × 20 km). */
const HALF_SPAN_KM = 10;
/** Radius of the dense centre. */
const CENTRE_RADIUS_KM = 2.5;
/** Kilometres per degree of latitude on a sphere of radius 6371 km. */
const KM_PER_DEGREE = 111.195;
const KM_PER_DEGREE_LNG =
  KM_PER_DEGREE * Math.cos((SAMPLE_NETWORK_CENTRE.latitude * Math.PI) / 180);

/**
 * A uniform draw in `[low, high)`.
 *
 * @example
 * between(() => 0.5, 10, 20); // 15
 */
export function between(random: () => number, low: number, high: number): number {
  return low + (high - low) * random();
}

/**
 * A random spot: uniform over the 2.5 km centre disc, or uniform over the whole square.
 *
 * @example
 * randomSpot(() => 0, false); // { eastKm: -10, northKm: -10 } (a corner of the square)
 */
export function randomSpot(random: () => number, inCentre: boolean): SpotKm {
  if (!inCentre) {
    return {
      eastKm: between(random, -HALF_SPAN_KM, HALF_SPAN_KM),
      northKm: between(random, -HALF_SPAN_KM, HALF_SPAN_KM),
    };
  }
  // The square root makes the density uniform over the disc's area, not its radius.
  const radiusKm = CENTRE_RADIUS_KM * Math.sqrt(random());
  const angle = between(random, 0, 2 * Math.PI);
  return { eastKm: radiusKm * Math.cos(angle), northKm: radiusKm * Math.sin(angle) };
}

/**
 * An installation record at `spot`: the nearest street of {@link KRAKOW_STREETS} with a random
 * house number, an elevation of 203–300 m rising away from the Vistula valley, and a sponsor.
 *
 * @example
 * sampleInstallation(seededRandom(1), 1001, { eastKm: 0, northKm: 0 }, true).address.street;
 * // 'Rynek Główny'
 */
export function sampleInstallation(
  random: () => number,
  id: number,
  spot: SpotKm,
  vendor: boolean,
): StoredInstallation {
  const location = {
    latitude: SAMPLE_NETWORK_CENTRE.latitude + spot.northKm / KM_PER_DEGREE,
    longitude: SAMPLE_NETWORK_CENTRE.longitude + spot.eastKm / KM_PER_DEGREE_LNG,
  };
  const street = nearestStreet(location.latitude, location.longitude);
  const distanceKm = Math.hypot(spot.eastKm, spot.northKm);
  const elevation = Math.min(300, 203 + 2.6 * distanceKm + between(random, 0, 24));
  const houseNumber = 1 + Math.floor(between(random, 0, 60));
  const suffix = random() < 0.1 ? 'a' : '';
  const sponsorIndex = Math.floor(between(random, 0, SAMPLE_VENDOR_SPONSORS.length));
  return {
    id,
    location,
    address: {
      country: 'Poland',
      city: 'Kraków',
      street: street.street,
      number: `${houseNumber}${suffix}`,
      displayAddress1: street.area,
      displayAddress2: vendor ? null : 'reference station',
    },
    elevation: Math.round(elevation * 10) / 10,
    vendor,
    sponsor: vendor ? SAMPLE_VENDOR_SPONSORS[sponsorIndex]! : SAMPLE_THIRD_PARTY_SPONSOR,
  };
}

/**
 * The character of a site's readings: dirtier in the valley centre and near the steelworks in
 * the east (Nowa Huta), cleaner on the outskirts, with per-site ratios and offsets.
 *
 * @example
 * siteSignal(() => 0.5, 7, { eastKm: 0, northKm: 0 }, 210).localFactor; // 1.34
 */
export function siteSignal(
  random: () => number,
  noiseKey: number,
  spot: SpotKm,
  elevation: number,
): SiteSignal {
  const distanceKm = Math.hypot(spot.eastKm, spot.northKm);
  const industry = spot.eastKm > 5 && Math.abs(spot.northKm - 1) < 4 ? 0.15 : 0;
  const urban = 0.72 + 0.62 * Math.exp(-((distanceKm / 4) ** 2)) + industry;
  return Object.freeze({
    localFactor: urban * between(random, 0.82, 1.18),
    pm10Ratio: between(random, 1.25, 1.6),
    pm1Ratio: between(random, 0.66, 0.8),
    swingPeriodH: between(random, 3, 7),
    swingPhase: between(random, 0, 2 * Math.PI),
    temperatureOffsetC: between(random, -0.8, 0.8) - distanceKm * 0.08,
    humidityOffset: between(random, -5, 5),
    elevation,
    noiseKey,
  });
}

/**
 * The street of {@link KRAKOW_STREETS} closest to a point.
 *
 * @example
 * nearestStreet(50.0638, 19.9392).street; // 'Floriańska'
 */
export function nearestStreet(latitude: number, longitude: number): KrakowStreet {
  let best = KRAKOW_STREETS[0]!;
  let bestScore = Infinity;
  for (const street of KRAKOW_STREETS) {
    // Equirectangular distance is plenty for choosing among streets at most 20 km apart.
    const dLat = street.latitude - latitude;
    const dLng = (street.longitude - longitude) * (KM_PER_DEGREE_LNG / KM_PER_DEGREE);
    const score = dLat * dLat + dLng * dLng;
    if (score < bestScore) {
      best = street;
      bestScore = score;
    }
  }
  return best;
}

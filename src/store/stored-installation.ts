import {
  type CorrectionOptions,
  checkCorrectionOptions,
} from '../corrections/correction-options.js';
import type { Address, Installation, Sponsor } from '../model/api-types.js';

/**
 * An installation as a store keeps it: the spec's {@link Installation} plus the facts that
 * decide how a query for it is answered.
 * - `successorId`: the installation that took over from this one (its sensor was replaced).
 *   An installation with a successor is *replaced*, whether or not it is also `removed`.
 * - `removed`: taken out of service. Without a successor a query answers `missing` (404).
 * - `correction`: how its PM25 is corrected in every window the store averages (see
 *   `correctedAverages`); the samples themselves stay raw. Absent: PM25 is served as measured.
 * - `sensors`: the airRohr devices that push their measurements to this installation, named as
 *   their firmware's `X-Sensor` header names them (`esp8266-<chip id in decimal>`,
 *   `esp32-<chip id in hex>`). Non-empty and without repeats when present; a device feeds at
 *   most one installation of a set. Never part of an answer.
 *
 * @example
 * const old: StoredInstallation = { ...installation, id: 7, successorId: 12 };
 * const purpleAir: StoredInstallation = { ...installation, correction: { method: 'AIRNOW_2021' } };
 * const airRohr: StoredInstallation = { ...installation, sensors: ['esp8266-12345678'] };
 */
export interface StoredInstallation extends Installation {
  readonly successorId?: number;
  readonly removed?: boolean;
  readonly correction?: CorrectionOptions;
  readonly sensors?: readonly string[];
}

const ADDRESS_FIELDS = Object.freeze([
  'country',
  'city',
  'street',
  'number',
  'displayAddress1',
  'displayAddress2',
] as const);

const SPONSOR_OPTIONAL_FIELDS = Object.freeze(['description', 'logo', 'link'] as const);

/**
 * The spec-shaped, frozen copy of an installation: `successorId`, `removed`, `correction`,
 * `sensors` and any field the spec does not define are left out, so nothing internal leaks
 * into a response.
 *
 * @param installation - a validated installation
 * @returns a new deeply frozen {@link Installation}
 * @example
 * publicInstallation({ ...installation, successorId: 12, removed: true });
 * // the same installation without successorId and removed
 */
export function publicInstallation(installation: StoredInstallation): Installation {
  return Object.freeze({
    id: installation.id,
    location: Object.freeze({
      latitude: installation.location.latitude,
      longitude: installation.location.longitude,
    }),
    address: copyAddress(installation.address),
    elevation: installation.elevation,
    vendor: installation.vendor,
    sponsor: copySponsor(installation.sponsor),
  });
}

/**
 * A frozen copy of a validated installation that keeps `successorId`, `removed`, `correction`
 * and `sensors` when present, so later changes to the caller's object cannot alter what the
 * store serves.
 *
 * @example
 * storedInstallationCopy({ ...installation, removed: true }).removed; // true
 * Object.isFrozen(storedInstallationCopy({ ...installation, sensors: ['esp32-a4cf12'] }).sensors); // true
 */
export function storedInstallationCopy(installation: StoredInstallation): StoredInstallation {
  const base = publicInstallation(installation);
  const extra: {
    successorId?: number;
    removed?: boolean;
    correction?: CorrectionOptions;
    sensors?: readonly string[];
  } = {};
  if (installation.successorId !== undefined) extra.successorId = installation.successorId;
  if (installation.removed !== undefined) extra.removed = installation.removed;
  if (installation.correction !== undefined) {
    // Validated already; the check returns the frozen, normalised copy the store keeps.
    extra.correction = checkCorrectionOptions('storedInstallationCopy', installation.correction);
  }
  if (installation.sensors !== undefined) extra.sensors = Object.freeze([...installation.sensors]);
  return Object.freeze({ ...base, ...extra });
}

function copyAddress(address: Address): Address {
  const copy: { -readonly [K in keyof Address]: Address[K] } = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (value !== undefined) copy[field] = value;
  }
  return Object.freeze(copy);
}

function copySponsor(sponsor: Sponsor): Sponsor {
  const copy: { -readonly [K in keyof Sponsor]: Sponsor[K] } = {
    id: sponsor.id,
    name: sponsor.name,
  };
  for (const field of SPONSOR_OPTIONAL_FIELDS) {
    const value = sponsor[field];
    if (value !== undefined) copy[field] = value;
  }
  return Object.freeze(copy);
}

/** The address fields the spec defines, in its order. */
export const INSTALLATION_ADDRESS_FIELDS: readonly (keyof Address)[] = ADDRESS_FIELDS;
/** The optional sponsor fields the spec defines. */
export const SPONSOR_OPTIONAL_TEXT_FIELDS: readonly ('description' | 'logo' | 'link')[] =
  SPONSOR_OPTIONAL_FIELDS;

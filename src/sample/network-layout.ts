import type { MeasurementTypeName } from '../meta/measurement-types.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../time/instant.js';
import { hash32, seededRandom } from './seeded-noise.js';
import type { SiteSignal } from './signal-model.js';
import { between, randomSpot, sampleInstallation, siteSignal } from './site-factory.js';

/** Ids of the installations that show the special cases of the sample network. */
export interface SampleNetworkIds {
  /** Replaced once; its successor is `replacement`. */
  readonly replaced: number;
  readonly replacement: number;
  /** A → B → C: `chainStart` and `chainMiddle` both resolve to `chainEnd`. */
  readonly chainStart: number;
  /** Also `removed: true`: a removed installation with a successor counts as replaced. */
  readonly chainMiddle: number;
  readonly chainEnd: number;
  /** Removed without a successor: looked up as `missing`. */
  readonly removed: number;
  /** Third-party stations (`vendor: false`), ascending. */
  readonly thirdParty: readonly number[];
  /** Own devices that lack at least one of the six vendor measurement types, ascending. */
  readonly partial: readonly number[];
}

/** One device of the network and how it reports. */
export interface SampleSite {
  readonly installationId: number;
  readonly typeNames: readonly MeasurementTypeName[];
  /** Readings at `phaseMs + k × intervalMs` (epoch ms, whole seconds). */
  readonly intervalMs: number;
  readonly phaseMs: number;
  /** A reading becomes available this long after its timestamp. */
  readonly delayMs: number;
  /** The device reports at times in `[activeFromMs, activeUntilMs)`. */
  readonly activeFromMs: number;
  readonly activeUntilMs: number;
  readonly signal: SiteSignal;
}

/** Everything {@link sampleNetworkLayout} decides. */
export interface SampleNetworkLayout {
  readonly installations: readonly StoredInstallation[];
  readonly sites: readonly SampleSite[];
  readonly ids: SampleNetworkIds;
}

/** Active installations of the sample network (the four retired ones come on top). */
export const SAMPLE_ACTIVE_SITE_COUNT = 166;
const CENTRE_SHARE = 0.36;
const THIRD_PARTY_EVERY = 10;
const FIRST_ID = 1001;
// A vendor device measures particulates and the weather.
const PARTICULATES = ['PM1', 'PM25', 'PM10'] as const;
const VENDOR_TYPES = Object.freeze([
  ...PARTICULATES,
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
] as const);
const THIRD_PARTY_TYPES: readonly MeasurementTypeName[] = Object.freeze(['PM25', 'PM10', 'NO2']);
// Which types a device with a broken sensor lacks, and how often (cumulative probabilities).
const MISSING_TYPES = Object.freeze([
  { below: 0.08, lacks: ['PM1'] },
  { below: 0.13, lacks: ['HUMIDITY', 'TEMPERATURE'] },
  { below: 0.16, lacks: ['PRESSURE'] },
  { below: 0.18, lacks: ['PM10', 'PM1'] },
] as const);
/**
 * The replacement story, hours relative to the creation time. Retired devices report until
 * they leave; successors report from then on, at the same place. Ids below 1000 are old devices.
 */
const RETIRED = Object.freeze({
  replaced: { id: 501, leftAtH: -30 },
  chainStart: { id: 502, leftAtH: -40 },
  chainMiddle: { id: 503, leftAtH: -16 },
  removed: { id: 504, leftAtH: -20 },
});

/**
 * Decides the sample network: where each installation is, its address, sponsor, elevation,
 * which types it measures, how often it reports, and the replacement story. Deterministic for
 * a given `seed`; the times of the replacement story are relative to `anchorMs`.
 *
 * @example
 * const layout = sampleNetworkLayout(1, Date.parse('2026-11-21T09:27:00Z'));
 * layout.installations.length; // 170 (166 active + 4 retired)
 * layout.ids.chainStart; // 502
 */
export function sampleNetworkLayout(seed: number, anchorMs: number): SampleNetworkLayout {
  const random = seededRandom(seed);
  const atHour = (hours: number) => anchorMs + hours * MS_PER_HOUR;
  const installations: StoredInstallation[] = [];
  const sites: SampleSite[] = [];
  const thirdParty: number[] = [];
  const partial: number[] = [];
  const fullCentreSites: SampleSite[] = [];

  const vendorSite = (
    id: number,
    signal: SiteSignal,
    typeNames: readonly MeasurementTypeName[],
  ): SampleSite => {
    const intervalMs = (1 + Math.floor(between(random, 0, 5))) * MS_PER_MINUTE;
    const phaseMs = Math.floor(between(random, 0, intervalMs / 1000)) * 1000;
    const always = { activeFromMs: -Infinity, activeUntilMs: Infinity };
    return { installationId: id, typeNames, intervalMs, phaseMs, delayMs: 0, ...always, signal };
  };

  for (let i = 0; i < SAMPLE_ACTIVE_SITE_COUNT; i++) {
    const id = FIRST_ID + i;
    const inCentre = random() < CENTRE_SHARE;
    const spot = randomSpot(random, inCentre);
    const vendor = i % THIRD_PARTY_EVERY !== THIRD_PARTY_EVERY - 1;
    const installation = sampleInstallation(random, id, spot, vendor);
    const signal = siteSignal(random, hash32(seed, id), spot, installation.elevation);
    installations.push(installation);
    if (!vendor) {
      thirdParty.push(id);
      sites.push({
        installationId: id,
        typeNames: THIRD_PARTY_TYPES,
        intervalMs: MS_PER_HOUR,
        phaseMs: Math.floor(between(random, 0, 60)) * MS_PER_MINUTE,
        delayMs: MS_PER_HOUR,
        activeFromMs: -Infinity,
        activeUntilMs: Infinity,
        signal,
      });
      continue;
    }
    const draw = random();
    const lacks: readonly string[] = MISSING_TYPES.find((entry) => draw < entry.below)?.lacks ?? [];
    const site = vendorSite(
      id,
      signal,
      VENDOR_TYPES.filter((name) => !lacks.includes(name)),
    );
    sites.push(site);
    if (lacks.length > 0) partial.push(id);
    else if (inCentre) fullCentreSites.push(site);
  }

  const [replacementSite, chainEndSite] = fullCentreSites;
  if (replacementSite === undefined || chainEndSite === undefined) {
    throw new Error('sampleNetworkLayout: the seed left fewer than two complete central sites');
  }
  // A retired device: the record of the site it preceded (same place) under its own id, its
  // own noise, reporting during [fromH, untilH).
  const retire = (
    id: number,
    twin: SampleSite,
    fromH: number,
    untilH: number,
    extra: Partial<StoredInstallation>,
  ) => {
    const record = installations.find((entry) => entry.id === twin.installationId)!;
    installations.push({ ...record, id, ...extra });
    const signal = { ...twin.signal, noiseKey: hash32(seed, id) };
    sites.push({
      ...vendorSite(id, signal, VENDOR_TYPES),
      activeFromMs: atHour(fromH),
      activeUntilMs: atHour(untilH),
    });
  };
  const startLate = (site: SampleSite, fromH: number) => {
    sites[sites.indexOf(site)] = { ...site, activeFromMs: atHour(fromH) };
  };
  const replacement = replacementSite.installationId;
  const chainEnd = chainEndSite.installationId;
  const { replaced, chainStart, chainMiddle, removed } = RETIRED;
  retire(replaced.id, replacementSite, -Infinity, replaced.leftAtH, { successorId: replacement });
  startLate(replacementSite, replaced.leftAtH);
  retire(chainStart.id, chainEndSite, -Infinity, chainStart.leftAtH, {
    successorId: chainMiddle.id,
  });
  retire(chainMiddle.id, chainEndSite, chainStart.leftAtH, chainMiddle.leftAtH, {
    successorId: chainEnd,
    removed: true,
  });
  startLate(chainEndSite, chainMiddle.leftAtH);

  const removedId = removed.id;
  const removedSpot = randomSpot(random, true);
  const removedRecord = sampleInstallation(random, removedId, removedSpot, true);
  installations.push({ ...removedRecord, removed: true });
  const removedSignal = siteSignal(
    random,
    hash32(seed, removedId),
    removedSpot,
    removedRecord.elevation,
  );
  sites.push({
    ...vendorSite(removedId, removedSignal, VENDOR_TYPES),
    activeUntilMs: atHour(removed.leftAtH),
  });

  return {
    installations,
    sites,
    ids: Object.freeze({
      replaced: replaced.id,
      replacement,
      chainStart: chainStart.id,
      chainMiddle: chainMiddle.id,
      chainEnd,
      removed: removedId,
      thirdParty: Object.freeze(thirdParty),
      partial: Object.freeze(partial),
    }),
  };
}

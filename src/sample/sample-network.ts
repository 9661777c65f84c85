import { argumentError } from '../arguments/describe-value.js';
import { checkInstant } from '../arguments/time-checks.js';
import { InMemoryStore } from '../store/in-memory-store.js';
import type { StoredInstallation } from '../store/stored-installation.js';
import { MS_PER_HOUR } from '../time/instant.js';
import { type SampleNetworkIds, type SampleSite, sampleNetworkLayout } from './network-layout.js';
import { fillSiteReadings } from './signal-model.js';
import { SAMPLE_NETWORK_CENTRE } from './site-factory.js';

/** How far back the data of a new sample network reaches: 48 hours before `now`. */
export const SAMPLE_NETWORK_HISTORY_MS = 48 * MS_PER_HOUR;
/** Retention of the sample network's store: older samples are pruned as it keeps producing. */
export const SAMPLE_NETWORK_RETENTION_MS = 72 * MS_PER_HOUR;
/** Seed used when none is given. */
export const DEFAULT_SAMPLE_SEED = 1;

/** Options of {@link createSampleNetwork}. */
export interface SampleNetworkOptions {
  /** The creation time, epoch milliseconds (or a `Date`); data ends here. */
  readonly now: number | Date;
  /** Any safe integer; default {@link DEFAULT_SAMPLE_SEED}. */
  readonly seed?: number;
  /**
   * Called with every run of readings the network stores (its history when created, then at
   * each {@link SampleNetwork.produceUntil}), to copy the data elsewhere, e.g. into a database
   * that several servers share. The arrays are handed over, not copied: do not modify them.
   */
  readonly onReadings?: (readings: SampleReadings) => void;
}

/** Readings of one installation and measurement type, in time order. */
export interface SampleReadings {
  readonly installationId: number;
  readonly name: string;
  /** Epoch milliseconds of each reading. */
  readonly atMs: Float64Array;
  /** The value of each reading, in the unit of `name`. */
  readonly values: Float64Array;
}

/** A generated network of installations around Kraków and the store holding its data. */
export interface SampleNetwork {
  /** Holds every installation (replaced and removed ones included) and every sample. */
  readonly store: InMemoryStore;
  /** Every installation of the network, replaced and removed ones included. */
  readonly installations: readonly StoredInstallation[];
  /** A point in the dense centre (Main Market Square), for docs, tests and benchmarks. */
  readonly centre: { readonly latitude: number; readonly longitude: number };
  /** Installations that show the special cases (replaced, chain, removed, third party …). */
  readonly ids: SampleNetworkIds;
  readonly seed: number;
  /** The `now` the network was created at, epoch milliseconds. */
  readonly createdAtMs: number;
  /** The latest `now` the data has been produced up to, epoch milliseconds. */
  readonly producedUntilMs: number;
  /**
   * Generates the samples that became due between the previous call (or creation) and
   * `nowMs`, stores them, and prunes what falls out of the 72 h retention. A `nowMs` that is
   * not later than {@link producedUntilMs} does nothing.
   *
   * @returns how many samples were added
   */
  produceUntil(nowMs: number): number;
}

/**
 * Builds the embedded sample network: 166 active installations around Kraków's Main Market
 * Square over about 20 × 20 km (about a third of them within 2.5 km of the centre), plus four
 * retired ones that tell the replacement story. Every 10th installation is a third-party
 * station (`vendor: false`) reporting PM25, PM10 and NO2 once an hour, each reading arriving
 * one hour after its timestamp. The own devices report PM1, PM25, PM10, PRESSURE, HUMIDITY
 * and TEMPERATURE every 1 to 5 minutes; about one in seven lacks a broken sensor's types.
 *
 * The data covers the 48 hours before `now`: ordinary days with morning and evening peaks,
 * a smog episode peaking 22 h before `now` (PM2.5 well above 165 µg/m³ in the centre) and a
 * front that clears the air about 8 h before `now`, so every level of VENDOR_CAQI, CAQI and
 * PIJP occurs somewhere. Same `seed` and `now` give identical data; so do any sequence of
 * {@link SampleNetwork.produceUntil} calls that end at the same time.
 *
 * @throws TypeError / RangeError when `now` is not a valid time or `seed` not a safe integer
 * @example
 * const network = createSampleNetwork({ now: Date.parse('2026-11-21T09:27:00Z') });
 * (await network.store.listActiveInstallations()).length; // 166
 * await network.store.findInstallation(network.ids.chainStart);
 * // { status: 'replaced', installation: {…}, successorId: network.ids.chainEnd }
 */
export function createSampleNetwork(options: SampleNetworkOptions): SampleNetwork {
  const fn = 'createSampleNetwork';
  const nowMs = checkInstant(fn, 'now', options?.now);
  const seed = options.seed ?? DEFAULT_SAMPLE_SEED;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) {
    throw argumentError(RangeError, fn, 'seed', 'must be a safe integer', seed);
  }
  if (options.onReadings !== undefined && typeof options.onReadings !== 'function') {
    throw argumentError(TypeError, fn, 'onReadings', 'must be a function', options.onReadings);
  }
  return new GeneratedSampleNetwork(nowMs, seed, options.onReadings);
}

class GeneratedSampleNetwork implements SampleNetwork {
  readonly store: InMemoryStore;
  readonly installations: readonly StoredInstallation[];
  readonly centre = SAMPLE_NETWORK_CENTRE;
  readonly ids: SampleNetworkIds;
  readonly seed: number;
  readonly createdAtMs: number;
  readonly #sites: readonly SampleSite[];
  // Timestamp of the next reading of each site (parallel to #sites).
  readonly #nextAtMs: Float64Array;
  #producedUntilMs: number;
  readonly #onReadings: ((readings: SampleReadings) => void) | undefined;

  constructor(
    nowMs: number,
    seed: number,
    onReadings: ((readings: SampleReadings) => void) | undefined,
  ) {
    const layout = sampleNetworkLayout(seed, nowMs);
    this.installations = layout.installations;
    this.#onReadings = onReadings;
    this.store = new InMemoryStore(layout.installations, {
      retentionMs: SAMPLE_NETWORK_RETENTION_MS,
    });
    this.ids = layout.ids;
    this.seed = seed;
    this.createdAtMs = nowMs;
    this.#sites = layout.sites;
    this.#nextAtMs = new Float64Array(layout.sites.length);
    const startMs = nowMs - SAMPLE_NETWORK_HISTORY_MS;
    layout.sites.forEach((site, i) => {
      this.#nextAtMs[i] = firstReadingAt(site, Math.max(startMs, site.activeFromMs));
    });
    this.#producedUntilMs = startMs;
    this.#produce(nowMs);
  }

  get producedUntilMs(): number {
    return this.#producedUntilMs;
  }

  produceUntil(nowMs: number): number {
    if (typeof nowMs !== 'number' || !Number.isFinite(nowMs)) {
      throw argumentError(
        RangeError,
        'SampleNetwork.produceUntil',
        'nowMs',
        'must be a finite number of epoch milliseconds',
        nowMs,
      );
    }
    if (nowMs <= this.#producedUntilMs) return 0;
    const produced = this.#produce(nowMs);
    this.store.pruneExpired(nowMs);
    return produced;
  }

  #produce(untilMs: number): number {
    let produced = 0;
    const earliestMs = untilMs - SAMPLE_NETWORK_RETENTION_MS;
    for (let s = 0; s < this.#sites.length; s++) {
      const site = this.#sites[s]!; // s < length
      // After a long pause, skip what the retention would drop straight away.
      const nextMs = Math.max(this.#nextAtMs[s]!, firstReadingAt(site, earliestMs));
      const lastMs = Math.min(untilMs - site.delayMs, site.activeUntilMs - 1);
      if (nextMs > lastMs) {
        this.#nextAtMs[s] = nextMs;
        continue;
      }
      const count = Math.floor((lastMs - nextMs) / site.intervalMs) + 1;
      const atMs = new Float64Array(count);
      for (let k = 0; k < count; k++) atMs[k] = nextMs + k * site.intervalMs;
      const columns = site.typeNames.map(() => new Float64Array(count));
      fillSiteReadings(site.signal, site.typeNames, this.createdAtMs, atMs, columns);
      site.typeNames.forEach((name, j) => {
        const values = columns[j]!; // one column per type name
        this.store.ingestColumns(site.installationId, name, atMs, values);
        this.#onReadings?.({ installationId: site.installationId, name, atMs, values });
      });
      produced += count * site.typeNames.length;
      this.#nextAtMs[s] = nextMs + count * site.intervalMs;
    }
    this.#producedUntilMs = untilMs;
    return produced;
  }
}

/** The first reading time of `site` at or after `fromMs` (readings sit on the site's grid). */
function firstReadingAt(site: SampleSite, fromMs: number): number {
  const k = Math.ceil((fromMs - site.phaseMs) / site.intervalMs);
  return site.phaseMs + k * site.intervalMs;
}

import type { NetworkAnswer, NetworkState } from './api-client.js';

/** Asks `/v2/airq/network` for one index type (`network` is `undefined` for a 304 to `etag`). */
export type NetworkFetch = (indexType: string, etag?: string) => Promise<NetworkAnswer>;

/** How often the page asks again for the index type on screen, ms (the data move every minute). */
export const REFRESH_INTERVAL_MS = 60_000;

/**
 * Requests of the key's day the refresh leaves alone, for what a person does: open a panel
 * (two requests), switch the index or the language (one or two each). With the demo key's 100
 * a day, the map is refreshed for about 75 minutes of an open, visible tab, then stays as it is.
 */
export const DAY_RESERVE = 20;

interface Held {
  readonly state: NetworkState;
  readonly etag: string | undefined;
  readonly atMs: number;
}

/**
 * Whether the refresh may spend a request now: only while the page is visible (a hidden tab
 * spends nothing) and while more than {@link DAY_RESERVE} requests are left of the key's day
 * (`undefined`: the server did not say, so no reason to stop).
 *
 * @example
 * mayRefresh({ visible: true, remainingDay: 80 }); // → true
 * mayRefresh({ visible: false, remainingDay: 80 }); // → false
 * mayRefresh({ visible: true, remainingDay: 20 }); // → false
 */
export function mayRefresh(state: {
  readonly visible: boolean;
  readonly remainingDay: number | undefined;
}): boolean {
  return state.visible && (state.remainingDay === undefined || state.remainingDay > DAY_RESERVE);
}

/**
 * The network's current index, one response per index type: kept with its ETag, answered from
 * memory when asked again within {@link REFRESH_INTERVAL_MS} (switching back and forth between
 * indexes costs nothing), and asked again with `If-None-Match` after that, where a 304 keeps
 * what is held. One loader serves one key and one language (the descriptions are translated):
 * the page makes a new one when either changes.
 */
export class NetworkLoader {
  readonly #fetch: NetworkFetch;
  readonly #clock: () => number;
  readonly #held = new Map<string, Held>();
  #remainingDay: number | undefined;

  constructor(fetchNetwork: NetworkFetch, clock: () => number = Date.now) {
    this.#fetch = fetchNetwork;
    this.#clock = clock;
  }

  /** The key's requests left today, from the last answer (`undefined` before one, or unsaid). */
  get remainingDay(): number | undefined {
    return this.#remainingDay;
  }

  /**
   * The network for `indexType`: from memory when it is younger than `maxAgeMs` (default
   * {@link REFRESH_INTERVAL_MS}), else asked again. Rejects as the request does (an
   * `ApiFailureError`).
   */
  async load(indexType: string, maxAgeMs = REFRESH_INTERVAL_MS): Promise<NetworkState> {
    const held = this.#held.get(indexType);
    const nowMs = this.#clock();
    if (held !== undefined && nowMs - held.atMs < maxAgeMs) return held.state;
    const answer = await this.#fetch(indexType, held?.etag);
    if (answer.remainingDay !== undefined) this.#remainingDay = answer.remainingDay;
    if (answer.network === undefined) {
      if (held === undefined) throw new Error('airq page: 304 to a request without an ETag');
      this.#held.set(indexType, { ...held, atMs: nowMs });
      return held.state;
    }
    this.#held.set(indexType, { state: answer.network, etag: answer.etag, atMs: nowMs });
    return answer.network;
  }

  /**
   * Asks again for `indexType` if it is held and {@link mayRefresh} allows: the new state, or
   * `undefined` when nothing was asked or the server said 304 (what is drawn stays).
   */
  async refresh(indexType: string, visible: boolean): Promise<NetworkState | undefined> {
    const held = this.#held.get(indexType);
    if (held === undefined || !mayRefresh({ visible, remainingDay: this.#remainingDay }))
      return undefined;
    const state = await this.load(indexType, 0);
    return state === held.state ? undefined : state;
  }
}

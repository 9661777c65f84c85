// The oracle of the crash tests: per sample key (installation, name, timestamp), the value a
// writer last saw acknowledged, and the values of the requests that got no answer since (a
// process killed mid-request may or may not have made them durable). A read may serve the
// acknowledged value or one of those; nothing else, and never "nothing" once a value was
// acknowledged.
//
// A writer owns its keys and sends one request at a time, so a key's values are sent in a
// known order, and a request without an answer ends its writer's round (the process is gone):
// its value can only be overtaken by what the next rounds acknowledge.

/** A sample's identity: `installationId|name|ISO timestamp`, readable in a failure. */
export type SampleKey = string;

/**
 * The key of a sample.
 *
 * @example
 * sampleKey(101, 'PM10', Date.UTC(2026, 10, 21, 8, 30)); // '101|PM10|2026-11-21T08:30:00.000Z'
 */
export function sampleKey(installationId: number, name: string, atMs: number): SampleKey {
  return `${installationId}|${name}|${new Date(atMs).toISOString()}`;
}

interface KeyState {
  /** The last acknowledged value, or what a read served since; `undefined`: none. */
  confirmed: number | undefined;
  /** Values sent after `confirmed` without an answer, oldest first. */
  unanswered: number[];
}

/** Counts for the failure messages. */
export interface LedgerCounts {
  readonly acknowledged: number;
  readonly unanswered: number;
  /** Unanswered values that a read later served. */
  readonly unansweredServed: number;
}

/**
 * What may be served per key after any number of kills.
 *
 * @example
 * const ledger = new AckLedger({ settledOnRead: true });
 * const key = sampleKey(101, 'PM10', Date.UTC(2026, 10, 21, 8, 30));
 * ledger.acknowledged(key, 12);
 * ledger.unanswered(key, 13);
 * ledger.check(new Map([[key, 13]]), new Set([key])); // [] (13 may be served, as may 12)
 */
export class AckLedger {
  readonly #keys = new Map<SampleKey, KeyState>();
  readonly #settledOnRead: boolean;
  #acknowledged = 0;
  #unanswered = 0;
  #unansweredServed = 0;

  /**
   * @param options.settledOnRead - whether a read shows the final fate of every unanswered
   *   request (true for a journal replayed by a new process: what the killed process wrote is
   *   all there will ever be); false for PostgreSQL, where a commit sent just before the kill
   *   may still land after the read. Either way a served unanswered value becomes confirmed:
   *   once served it must never go away.
   */
  constructor(options: { readonly settledOnRead: boolean }) {
    this.#settledOnRead = options.settledOnRead;
  }

  /** A 2xx (or a 422 for its valid rows) answered a request holding `value` at `key`. */
  acknowledged(key: SampleKey, value: number): void {
    this.#acknowledged++;
    this.#keys.set(key, { confirmed: value, unanswered: [] });
  }

  /** A request holding `value` at `key` got no answer. */
  unanswered(key: SampleKey, value: number): void {
    this.#unanswered++;
    const state = this.#keys.get(key);
    if (state === undefined) this.#keys.set(key, { confirmed: undefined, unanswered: [value] });
    else state.unanswered.push(value);
  }

  get counts(): LedgerCounts {
    return {
      acknowledged: this.#acknowledged,
      unanswered: this.#unanswered,
      unansweredServed: this.#unansweredServed,
    };
  }

  /**
   * Compares what a read served (`served`: key → value, absent when nothing is served) for
   * every key of `keys` with what may be served, then takes the served state as the new
   * starting point. Returns one line per key that breaks it (empty when all is well).
   */
  check(served: ReadonlyMap<SampleKey, number>, keys: ReadonlySet<SampleKey>): string[] {
    const problems: string[] = [];
    for (const key of keys) {
      const value = served.get(key);
      const state = this.#keys.get(key) ?? { confirmed: undefined, unanswered: [] };
      const at = value === undefined ? -1 : state.unanswered.indexOf(value);
      if (value !== state.confirmed && at < 0) {
        problems.push(
          `${key}: served ${value ?? 'nothing'}, acknowledged ${state.confirmed ?? 'nothing'}, unanswered [${state.unanswered.join(', ')}]`,
        );
        continue;
      }
      if (at >= 0) {
        this.#unansweredServed++;
        this.#keys.set(key, { confirmed: value, unanswered: state.unanswered.slice(at + 1) });
      } else if (this.#settledOnRead && state.unanswered.length > 0) {
        this.#keys.set(key, { confirmed: value, unanswered: [] });
      }
    }
    for (const [key, value] of served) {
      if (!keys.has(key)) problems.push(`${key}: served ${value} but never sent`);
    }
    return problems;
  }
}

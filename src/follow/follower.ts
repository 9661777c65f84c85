import { checkNumberInRange } from '../arguments/argument-checks.js';
import { MS_PER_DAY } from '../time/instant.js';
import { type FollowClock, SYSTEM_FOLLOW_CLOCK } from './follow-clock.js';
import type { FollowedSource, FollowLease, FollowSink } from './followed-batch.js';
import { SourceRunner } from './source-runner.js';

// A follower runs each followed source on its own schedule: the source's lease held before
// every poll (and renewed while it waits), one poll at a time, a deadline on each, the batch
// stored whole or not at all, and a backoff after failures. Time comes from an injected clock,
// so the tests drive it without sleeping.

export { type FollowClock, SYSTEM_FOLLOW_CLOCK } from './follow-clock.js';

/** A source to follow and how often. */
export interface FollowerEntry {
  readonly source: FollowedSource;
  /** The interval between polls, ms, in [1, 86_400_000]; default `source.defaultEveryMs`. */
  readonly everyMs?: number;
  /** The source's key, if any: replaced by `***` wherever a failure's reason would show it. */
  readonly key?: string;
}

/** What a follower works with. */
export interface FollowerOptions {
  readonly sink: FollowSink;
  readonly lease: FollowLease;
  /** Gets one line per change of a source's state; never a key. */
  readonly log: (line: string) => void;
  /** Default {@link SYSTEM_FOLLOW_CLOCK}. */
  readonly clock?: FollowClock;
  /**
   * What the sources fetch with; default the global `fetch`. Any other makes Sensor.Community
   * read its file on the calling thread instead of a reading thread (a function cannot cross
   * to another thread): see `sensorCommunitySource`.
   */
  readonly fetch?: typeof globalThis.fetch;
}

/** A running follower. */
export interface Follower {
  /**
   * Aborts the polls in flight, clears every timer, waits for batches being stored, closes the
   * sources (Sensor.Community's reading thread ends), then gives the leases up; resolves once
   * nothing of the follower runs. Calling it again gives the same
   * promise.
   */
  stop(): Promise<void>;
}

/**
 * Starts following: each source is polled at once, then on its interval, as
 * {@link FollowerOptions} describe. Failures never throw; they are logged once per change of
 * state and retried with backoff (see `pollDelayMs`).
 *
 * @throws RangeError naming `startFollower` and the interval when one is outside [1 ms, 1 day]
 * @example
 * const follower = startFollower([{ source: sensorCommunitySource(options), everyMs: 60_000 }], {
 *   sink, lease, log: (line) => console.log(line),
 * });
 * await follower.stop();
 */
export function startFollower(
  entries: readonly FollowerEntry[],
  options: FollowerOptions,
): Follower {
  const resolved = entries.map((entry, index) => {
    const everyMs = entry.everyMs ?? entry.source.defaultEveryMs;
    checkNumberInRange('startFollower', `entries[${index}].everyMs`, everyMs, 1, MS_PER_DAY);
    return { ...entry, everyMs };
  });
  const settings: Required<FollowerOptions> = {
    clock: SYSTEM_FOLLOW_CLOCK,
    fetch: globalThis.fetch,
    ...options,
  };
  const runners = resolved.map((entry) => new SourceRunner(entry, settings));
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= Promise.all(runners.map((runner) => runner.stop())).then(() => undefined);
      return stopping;
    },
  };
}

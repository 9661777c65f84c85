// The time a follower runs on, injected: the real clock and timers in production, a virtual
// clock in the tests, which then move time forward without sleeping.

/** The follower's time: the data clock's `now` and a timer. Production: {@link SYSTEM_FOLLOW_CLOCK}. */
export interface FollowClock {
  /** Epoch ms; what a poll is given as `nowMs`, and what the log's times are counted from. */
  now(): number;
  /** Calls `run` once after `delayMs` ms; returns what {@link FollowClock.clearTimeout} takes. */
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(timer: unknown): void;
}

/**
 * Real time: `Date.now` and Node's timers, unreferenced so that the follower alone never keeps
 * a process alive.
 */
export const SYSTEM_FOLLOW_CLOCK: FollowClock = Object.freeze({
  now: () => Date.now(),
  setTimeout(run: () => void, delayMs: number) {
    const timer = setTimeout(run, delayMs);
    timer.unref?.();
    return timer;
  },
  clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
});

// Fakes for the follower's tests: a virtual clock whose time moves only when a test says so, a
// scripted source, a sink and a lease. Nothing here reads real time: a test runs the earliest
// timer, then lets every promise job settle (one macrotask turn drains them all), and so on.
import type { FollowClock } from '../../src/follow/follow-clock.js';
import {
  type FollowedBatch,
  type FollowedSourceName,
  type FollowLease,
  type FollowSink,
  type FollowStoreReport,
  PollFailure,
} from '../../src/follow/followed-batch.js';

/** Lets every pending promise job run (they all run before the next macrotask). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Timer {
  readonly id: number;
  readonly atMs: number;
  readonly run: () => void;
}

/** A clock whose timers fire only in {@link VirtualClock.runNext}, in time order. */
export class VirtualClock implements FollowClock {
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(public nowMs: number) {}

  now(): number {
    return this.nowMs;
  }

  setTimeout(run: () => void, delayMs: number): unknown {
    const timer = { id: this.nextId++, atMs: this.nowMs + Math.max(0, delayMs), run };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(timer: unknown): void {
    this.timers = this.timers.filter((pending) => pending.id !== timer);
  }

  /** How many timers wait. */
  get pending(): number {
    return this.timers.length;
  }

  /** When the earliest timer is due, `undefined` when none waits. */
  get nextAtMs(): number | undefined {
    return this.earliest()?.atMs;
  }

  private earliest(): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.timers) {
      if (first === undefined || timer.atMs < first.atMs) first = timer;
    }
    return first;
  }

  /** Settles pending jobs, then moves time to the earliest timer, runs it and settles again. */
  async runNext(): Promise<void> {
    await settle();
    const timer = this.earliest();
    if (timer === undefined) throw new Error('VirtualClock: no timer waits');
    this.timers = this.timers.filter((pending) => pending !== timer);
    this.nowMs = timer.atMs;
    timer.run();
    await settle();
  }

  /** Runs every timer due up to `atMs`, then sets the time to `atMs`. */
  async runUntil(atMs: number): Promise<void> {
    await settle();
    while ((this.nextAtMs ?? Number.POSITIVE_INFINITY) <= atMs) await this.runNext();
    this.nowMs = atMs;
  }
}

/** What the fake source does on one poll (and the fake sink with its batch). */
export type PollStep =
  | {
      readonly kind: 'ok';
      readonly samples?: number;
      /** The samples' times, epoch ms (one sample each); default 0 s, 1 s, 2 s … of 1970. */
      readonly atMs?: readonly number[];
      /** How many of them the sink reports as already stored (default none). */
      readonly repeated?: number;
    }
  | { readonly kind: 'poll-failure'; readonly message: string; readonly retryAfterMs?: number }
  | { readonly kind: 'sink-rejects'; readonly message: string }
  | { readonly kind: 'throws'; readonly message: string }
  | { readonly kind: 'hangs' };

/** A batch of `samples` samples at one place, at `times` (epoch ms) when given. */
export function batchOf(samples: number, times?: readonly number[]): FollowedBatch {
  const installation = { location: { latitude: 50, longitude: 20 }, vendor: false };
  return {
    places: [{ sourceId: 1, installation } as FollowedBatch['places'][number]],
    samples: Array.from({ length: times?.length ?? samples }, (_, index) => ({
      sourceId: 1,
      name: 'PM25' as const,
      atMs: times?.[index] ?? index * 1000,
      value: index,
    })),
    skipped: {},
  };
}

/**
 * A source that plays `steps` in order, then hangs; it records each poll's time and signal, and
 * each close.
 */
export class ScriptedSource {
  readonly polls: {
    readonly atMs: number;
    readonly signal: AbortSignal;
    readonly nowMs: number;
  }[] = [];
  readonly steps: PollStep[];

  constructor(
    readonly name: FollowedSourceName,
    readonly defaultEveryMs: number,
    private readonly clock: VirtualClock,
    steps: readonly PollStep[],
  ) {
    this.steps = [...steps];
  }

  /** Each close: whether the latest poll's signal had aborted by then. */
  readonly closes: { readonly pollAborted: boolean }[] = [];
  /** When set, close rejects with this message. */
  closeFails: string | undefined;

  /** The step of the latest poll. */
  get current(): PollStep {
    return this.steps[this.polls.length - 1] ?? { kind: 'hangs' };
  }

  poll(_fetch: typeof fetch, signal: AbortSignal, nowMs: number): Promise<FollowedBatch> {
    this.polls.push({ atMs: this.clock.nowMs, signal, nowMs });
    const step = this.current;
    if (step.kind === 'hangs') return new Promise<never>(() => {});
    if (step.kind === 'poll-failure')
      return Promise.reject(new PollFailure(step.message, step.retryAfterMs));
    if (step.kind === 'throws') return Promise.reject(new TypeError(step.message));
    if (step.kind !== 'ok') return Promise.resolve(batchOf(2));
    return Promise.resolve(batchOf(step.samples ?? 3, step.atMs));
  }

  async close(): Promise<void> {
    this.closes.push({ pollAborted: this.polls.at(-1)?.signal.aborted ?? false });
    if (this.closeFails !== undefined) throw new Error(this.closeFails);
  }
}

/** A sink that stores what it is given, or refuses it when the source's step says so. */
export class FakeSink implements FollowSink {
  readonly stored: { readonly source: FollowedSourceName; readonly batch: FollowedBatch }[] = [];
  /** When set, the next store waits until the test resolves it. */
  hold: Promise<void> | undefined;

  constructor(private readonly stepOf: () => PollStep) {}

  async storeBatch(source: FollowedSourceName, batch: FollowedBatch): Promise<FollowStoreReport> {
    const step = this.stepOf();
    if (this.hold !== undefined) await this.hold;
    if (step.kind === 'sink-rejects') throw new Error(step.message);
    this.stored.push({ source, batch });
    const repeated = step.kind === 'ok' ? (step.repeated ?? 0) : 0;
    return {
      newInstallations: 1,
      acceptedSamples: batch.samples.length - repeated,
      repeatedSamples: repeated,
      rejectedSamples: 0,
    };
  }
}

/** A lease that answers as `held()` says, and records every call. */
export class FakeLease implements FollowLease {
  readonly holds: { readonly atMs: number; readonly ttlMs: number }[] = [];
  readonly releases: FollowedSourceName[] = [];

  constructor(
    private readonly clock: VirtualClock,
    public held: () => boolean | Promise<boolean> = () => true,
  ) {}

  async hold(_source: FollowedSourceName, ttlMs: number): Promise<boolean> {
    this.holds.push({ atMs: this.clock.nowMs, ttlMs });
    return this.held();
  }

  async release(source: FollowedSourceName): Promise<void> {
    this.releases.push(source);
  }
}

/**
 * One lease row per source shared by several instances, as PostgreSQL keeps it: taken when free
 * or lapsed, renewed by its holder, lapsing `ttlMs` after the last renewal.
 */
export class SharedLeaseTable {
  private holder: string | undefined;
  private untilMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: VirtualClock) {}

  /** The lease as instance `name` sees it. */
  leaseFor(name: string): FollowLease {
    return {
      hold: async (_source, ttlMs) => {
        const now = this.clock.nowMs;
        if (this.holder !== name && this.holder !== undefined && now < this.untilMs) return false;
        this.holder = name;
        this.untilMs = now + ttlMs;
        return true;
      },
      release: async () => {
        if (this.holder === name) this.holder = undefined;
      },
    };
  }
}

// The naive backoff: the interval after a success; after the n-th failure in a row the interval
// doubled step by step, never past 10 minutes (or the interval when longer), never under the
// wait asked for (at most a day).
export function oracleDelayMs(everyMs: number, failuresInRow: number, askedMs: number | undefined) {
  if (failuresInRow === 0) return everyMs;
  const cap = Math.max(10 * 60_000, everyMs);
  let delay = everyMs;
  for (let failure = 2; failure <= failuresInRow; failure++) delay = Math.min(2 * delay, cap);
  return Math.max(delay, Math.min(askedMs ?? 0, 86_400_000));
}

import { MAX_FUTURE_MS } from '../live/live-sample-checks.js';
import {
  type FollowState,
  logReason,
  type PollOutcome,
  stateAfter,
  stateChangeLine,
} from './follow-log-lines.js';
import {
  type FollowedBatch,
  type FollowedSource,
  messageOf,
  PollFailure,
} from './followed-batch.js';
import type { FollowerEntry, FollowerOptions } from './follower.js';
import { leaseCheckMs, leaseTtlMs, POLL_DEADLINE_MS, pollDelayMs } from './poll-backoff.js';

// The schedule of one followed source. Each wake holds the source's lease; when a poll is due it
// reads under a deadline (renewing the lease meanwhile), stores the batch whole, and sets the
// next poll: the interval after a success, the backoff after a failure. A wake without a poll
// due only renews the lease, so waits longer than half an interval never let it lapse.

const STOPPED = new Error('the follower stopped');
const LEASE_LOST = new Error('another instance took the lease');

// Settles with `run()`, or rejects with the signal's reason as soon as it aborts: a source that
// ignores its signal cannot hold the follower, and its late answer is never used.
function untilAborted<T>(run: () => Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    new Promise<T>((started) => started(run()))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// A followed sample is held to the rule of a pushed one: at most MAX_FUTURE_MS after the data
// clock. A source's clock that runs ahead would otherwise put its sample in the series as the
// latest value for hours. Those left out count as refused.
function withinClock(batch: FollowedBatch, nowMs: number) {
  const latestMs = nowMs + MAX_FUTURE_MS;
  const samples = batch.samples.filter((sample) => sample.atMs <= latestMs);
  const ahead = batch.samples.length - samples.length;
  return { kept: ahead === 0 ? batch : { ...batch, samples }, ahead };
}

/**
 * One followed source's schedule, as `startFollower` describes it: internal to the follower,
 * which makes one per source. Its first wake comes at once; {@link SourceRunner.stop} ends it.
 *
 * @example
 * const runner = new SourceRunner({ source, everyMs: 60_000 }, { sink, lease, log, clock, fetch });
 * await runner.stop();
 */
export class SourceRunner {
  private state: FollowState = 'starting';
  private failuresInRow = 0;
  private nextPollAtMs: number;
  private held = false;
  private stopped = false;
  private timer: unknown;
  private waking: Promise<void> | undefined;
  private inFlight: AbortController | undefined;
  private readonly name: FollowedSource['name'];
  private readonly ttlMs: number;
  private readonly checkMs: number;

  constructor(
    private readonly entry: FollowerEntry & { readonly everyMs: number },
    private readonly options: Required<FollowerOptions>,
  ) {
    this.name = entry.source.name;
    this.ttlMs = leaseTtlMs(entry.everyMs);
    this.checkMs = leaseCheckMs(entry.everyMs);
    this.nextPollAtMs = options.clock.now();
    this.schedule(0);
  }

  /**
   * Aborts the poll in flight, waits for the wake under way, closes the source, then gives the
   * lease up if held.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.inFlight?.abort(STOPPED);
    await this.waking;
    try {
      await this.entry.source.close?.();
    } catch (error) {
      const reason = logReason(messageOf(error), this.secrets());
      this.options.log(`follow ${this.name}: the source could not be closed (${reason})`);
    }
    if (!this.held) return;
    try {
      await this.options.lease.release(this.name);
    } catch (error) {
      const reason = logReason(messageOf(error), this.secrets());
      this.options.log(`follow ${this.name}: the lease could not be given up (${reason})`);
    }
  }

  private secrets(): readonly string[] {
    return this.entry.key === undefined ? [] : [this.entry.key];
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = undefined;
      this.waking = this.wake().finally(() => {
        this.waking = undefined;
      });
    }, delayMs);
  }

  // Holds the lease; polls when one is due; else only renews it, waking again within half an
  // interval so that the lease never lapses while this instance is alive.
  private async wake(): Promise<void> {
    const { clock, lease } = this.options;
    const due = clock.now() >= this.nextPollAtMs;
    try {
      this.held = await lease.hold(this.name, this.ttlMs);
    } catch (error) {
      if (this.stopped) return;
      if (due) this.settle(this.failed(`the lease could not be held: ${messageOf(error)}`));
      return this.schedule(Math.max(0, Math.min(this.checkMs, this.nextPollAtMs - clock.now())));
    }
    if (this.stopped) return;
    if (!this.held) {
      this.settle({ kind: 'standby' });
      return this.schedule(this.checkMs);
    }
    if (due) {
      const outcome = await this.pollOnce();
      if (outcome === undefined) return;
      this.settle(outcome);
      if (outcome.kind === 'standby') return this.schedule(this.checkMs);
    }
    this.schedule(Math.max(0, Math.min(this.checkMs, this.nextPollAtMs - clock.now())));
  }

  private failed(reason: string, retryAfterMs?: number): PollOutcome {
    const failures = this.failuresInRow + 1;
    const delayMs = pollDelayMs(this.entry.everyMs, failures, retryAfterMs);
    return {
      kind: 'failed',
      reason: logReason(reason, this.secrets()),
      retryAtMs: this.options.clock.now() + delayMs,
    };
  }

  private settle(outcome: PollOutcome): void {
    const { clock, log } = this.options;
    const line = stateChangeLine(this.name, this.state, outcome, this.failuresInRow, clock.now());
    if (line !== undefined) log(line);
    this.state = stateAfter(outcome);
    if (outcome.kind === 'stored') {
      this.failuresInRow = 0;
      this.nextPollAtMs = clock.now() + this.entry.everyMs;
    } else if (outcome.kind === 'failed') {
      this.failuresInRow += 1;
      this.nextPollAtMs = outcome.retryAtMs;
    }
  }

  // One poll: read under a deadline while the lease is renewed, then stored whole. `undefined`
  // when the follower stopped meanwhile (nothing to say, nothing stored after the stop).
  private async pollOnce(): Promise<PollOutcome | undefined> {
    const { clock, sink, fetch } = this.options;
    const controller = new AbortController();
    this.inFlight = controller;
    const deadline = clock.setTimeout(() => {
      const seconds = POLL_DEADLINE_MS / 1000;
      controller.abort(new PollFailure(`no complete answer within ${seconds} s`));
    }, POLL_DEADLINE_MS);
    const renewing = this.renewWhile(controller);
    try {
      const { source } = this.entry;
      const read = await untilAborted(
        () => source.poll(fetch, controller.signal, clock.now()),
        controller.signal,
      ).then(
        (batch) => ({ batch }),
        (error: unknown) => ({ error }),
      );
      clock.clearTimeout(deadline);
      if (this.stopped) return undefined;
      if ('error' in read) {
        if (read.error === LEASE_LOST) return { kind: 'standby' };
        const { error } = read;
        return this.failed(
          messageOf(error),
          error instanceof PollFailure ? error.retryAfterMs : undefined,
        );
      }
      const { batch } = read;
      try {
        const { kept, ahead } = withinClock(batch, clock.now());
        const stored = await sink.storeBatch(this.name, kept);
        const report =
          ahead === 0 ? stored : { ...stored, rejectedSamples: stored.rejectedSamples + ahead };
        const { places, samples } = batch;
        return { kind: 'stored', places: places.length, samples: samples.length, report };
      } catch (error) {
        return this.failed(`the store did not take the batch: ${messageOf(error)}`);
      }
    } finally {
      clock.clearTimeout(deadline);
      this.inFlight = undefined;
      await renewing.stop();
    }
  }

  // Renews the lease every half interval while a poll reads and stores; a lost lease aborts the
  // reading (another instance polls now), while a store already under way finishes.
  private renewWhile(controller: AbortController) {
    const { clock, lease } = this.options;
    let timer: unknown;
    let holding: Promise<void> = Promise.resolve();
    let done = false;
    const beat = () => {
      timer = clock.setTimeout(() => {
        holding = lease.hold(this.name, this.ttlMs).then(
          (held) => {
            this.held = held;
            if (!held) controller.abort(LEASE_LOST);
            if (!done) beat();
          },
          () => {
            if (!done) beat();
          },
        );
      }, this.checkMs);
    };
    beat();
    return {
      stop: async () => {
        done = true;
        clock.clearTimeout(timer);
        await holding;
      },
    };
  }
}

// The follower on a virtual clock: what it polls when, what it stores, what it logs, and how it
// stops. Every time below is virtual (ms from T0); no test waits for real time.
import { describe, expect, it } from 'vitest';
import { PollFailure } from '../../src/follow/followed-batch.js';
import { startFollower } from '../../src/follow/follower.js';
import {
  FakeLease,
  FakeSink,
  type PollStep,
  ScriptedSource,
  settle,
  VirtualClock,
} from './follower-harness.js';

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function setUp(steps: readonly PollStep[], everyMs = MINUTE, key?: string) {
  const clock = new VirtualClock(T0);
  const source = new ScriptedSource('openaq', 10 * MINUTE, clock, steps);
  const sink = new FakeSink(() => source.current);
  const lease = new FakeLease(clock);
  const lines: string[] = [];
  const follower = startFollower([{ source, everyMs, ...(key === undefined ? {} : { key }) }], {
    sink,
    lease,
    log: (line) => lines.push(line),
    clock,
  });
  // Runs timers until the source has been polled `count` times in all.
  const untilPolls = async (count: number) => {
    while (source.polls.length < count) await clock.runNext();
  };
  return { clock, source, sink, lease, lines, follower, untilPolls };
}

const pollTimes = (source: ScriptedSource) => source.polls.map((poll) => poll.atMs - T0);

describe('startFollower: the success path', () => {
  it('refuses a sample more than 5 minutes after the clock at storing, as a pushed one', async () => {
    // The poll reads at T0; the batch is stored at T0 too (the virtual clock stands still).
    const limitMs = T0 + 5 * MINUTE;
    const atMs = [T0 - MINUTE, T0, limitMs, limitMs + 1, T0 + 60 * MINUTE];
    const { sink, lines, follower, untilPolls } = setUp([{ kind: 'ok', atMs }]);
    await untilPolls(1);
    await settle();
    expect(sink.stored.map(({ batch }) => batch.samples.map((sample) => sample.atMs))).toEqual([
      [T0 - MINUTE, T0, limitMs],
    ]);
    expect(lines).toEqual([
      'follow openaq: first poll: 3 of 5 samples stored, 2 refused, from 1 places (1 new installations)',
    ]);
    await follower.stop();
  });

  it('polls at once, stores the batch, logs the first success once, then polls every interval', async () => {
    const { source, sink, lease, lines, follower, untilPolls } = setUp([
      { kind: 'ok', samples: 3 },
      { kind: 'ok', samples: 4 },
      { kind: 'ok', samples: 5 },
    ]);
    await untilPolls(4);
    expect(pollTimes(source)).toEqual([0, MINUTE, 2 * MINUTE, 3 * MINUTE]);
    expect(source.polls[1]!.nowMs).toBe(T0 + MINUTE);
    expect(sink.stored.map((stored) => stored.batch.samples.length)).toEqual([3, 4, 5]);
    expect(sink.stored.every((stored) => stored.source === 'openaq')).toBe(true);
    expect(lines).toEqual([
      'follow openaq: first poll: 3 of 3 samples stored, from 1 places (1 new installations)',
    ]);
    // The lease is held before every poll, for one and a half intervals.
    for (const atMs of source.polls.map((poll) => poll.atMs)) {
      expect(lease.holds).toContainEqual({ atMs, ttlMs: 90_000 });
    }
    await follower.stop();
    expect(lease.releases).toEqual(['openaq']);
  });

  it('takes the interval from the source when the entry gives none', async () => {
    const clock = new VirtualClock(T0);
    const source = new ScriptedSource('purpleair', 5 * MINUTE, clock, [{ kind: 'ok' }]);
    const follower = startFollower([{ source }], {
      sink: new FakeSink(() => source.current),
      lease: new FakeLease(clock),
      log: () => {},
      clock,
    });
    while (source.polls.length < 2) await clock.runNext();
    expect(pollTimes(source)).toEqual([0, 5 * MINUTE]);
    await follower.stop();
  });
});

describe('startFollower: failures', () => {
  it('backs off from the interval, doubling up to 10 minutes, and logs the failure once', async () => {
    const failure: PollStep = { kind: 'poll-failure', message: 'OpenAQ answered 503' };
    const { source, lines, follower, untilPolls } = setUp([
      ...Array.from({ length: 7 }, () => failure),
      { kind: 'ok', samples: 5, repeated: 3 },
    ]);
    await untilPolls(9);
    const times = pollTimes(source);
    const gaps = times.slice(1).map((atMs, index) => atMs - times[index]!);
    // 1, 2, 4, 8 minutes, then 10 (the cap, not 16), then the interval after the success.
    expect(gaps).toEqual([1, 2, 4, 8, 10, 10, 10, 1].map((minutes) => minutes * MINUTE));
    expect(lines).toEqual([
      `follow openaq: poll failed (OpenAQ answered 503); next try at ${iso(T0 + MINUTE)} (in 60 s)`,
      'follow openaq: recovered after 7 failed polls; 2 of 5 samples stored, 3 already stored, from 1 places (1 new installations)',
    ]);
    await follower.stop();
  });

  it('waits at least what Retry-After asked for, and up to a day at most', async () => {
    const { source, lines, follower, untilPolls } = setUp([
      {
        kind: 'poll-failure',
        message: 'OpenAQ answered 429 Too Many Requests',
        retryAfterMs: 90_000,
      },
      { kind: 'poll-failure', message: 'again', retryAfterMs: 30_000 },
      { kind: 'ok' },
    ]);
    await untilPolls(4);
    // 90 s asked (over the 1-minute backoff), then the 2-minute backoff (over the 30 s asked).
    expect(pollTimes(source)).toEqual([0, 90_000, 210_000, 270_000]);
    expect(lines[0]).toBe(
      `follow openaq: poll failed (OpenAQ answered 429 Too Many Requests); next try at ${iso(T0 + 90_000)} (in 90 s)`,
    );
    await follower.stop();

    const hour = setUp(
      [{ kind: 'poll-failure', message: 'PurpleAir answered 402', retryAfterMs: 9 * 86_400_000 }],
      60 * MINUTE,
    );
    await hour.untilPolls(2);
    expect(pollTimes(hour.source)).toEqual([0, 86_400_000]);
    expect(hour.lines[0]).toMatch(/next try at 2026-11-22T09:00:00\.000Z \(in 1440 min\)$/);
    await hour.follower.stop();
  });

  it('drops a batch that the store refuses, and retries with backoff', async () => {
    const { source, sink, lines, follower, untilPolls } = setUp([
      { kind: 'sink-rejects', message: 'PostgreSQL: connection refused' },
      { kind: 'ok' },
    ]);
    await untilPolls(3);
    expect(pollTimes(source)).toEqual([0, MINUTE, 2 * MINUTE]);
    expect(sink.stored).toHaveLength(1);
    expect(lines[0]).toBe(
      `follow openaq: poll failed (the store did not take the batch: PostgreSQL: connection refused); next try at ${iso(T0 + MINUTE)} (in 60 s)`,
    );
    expect(lines[1]).toMatch(/^follow openaq: recovered after 1 failed polls; /);
    await follower.stop();
  });

  it('treats any error a poll throws as a failure, the reason its message', async () => {
    const { lines, follower, untilPolls } = setUp([{ kind: 'throws', message: 'fetch failed' }]);
    await untilPolls(1);
    await settle();
    expect(lines).toEqual([
      `follow openaq: poll failed (fetch failed); next try at ${iso(T0 + MINUTE)} (in 60 s)`,
    ]);
    await follower.stop();
  });

  it('aborts a poll that never settles at 20 s of virtual time, and drops it', async () => {
    const { clock, source, sink, lines, follower, untilPolls } = setUp([{ kind: 'hangs' }]);
    await untilPolls(1);
    const { signal } = source.polls[0]!;
    await clock.runUntil(T0 + 19_999);
    expect(signal.aborted).toBe(false);
    await clock.runUntil(T0 + 20_000);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(PollFailure);
    expect(lines).toEqual([
      `follow openaq: poll failed (no complete answer within 20 s); next try at ${iso(T0 + 80_000)} (in 60 s)`,
    ]);
    await untilPolls(2);
    expect(pollTimes(source)).toEqual([0, 80_000]);
    expect(sink.stored).toEqual([]);
    await follower.stop();
  });

  it('never logs the key, nor the query of a URL', async () => {
    const key = 'k3y-5ecret';
    const message = `GET https://api.openaq.org/v3/locations?key=${key}&bbox=1 failed, key ${key}\nagain`;
    const { lines, follower, untilPolls } = setUp([{ kind: 'poll-failure', message }], MINUTE, key);
    await untilPolls(1);
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(key);
    expect(lines[0]).toContain('(GET https://api.openaq.org/v3/locations?… failed, key *** again)');
    await follower.stop();
  });
});

describe('startFollower: the lease', () => {
  it('does not poll while another instance holds the lease, and says so once', async () => {
    const { clock, source, lease, lines, follower } = setUp([{ kind: 'ok' }]);
    lease.held = () => false;
    await clock.runUntil(T0 + 5 * MINUTE);
    expect(source.polls).toEqual([]);
    // Tried every half interval.
    expect(lease.holds.map((hold) => hold.atMs - T0)).toEqual(
      Array.from({ length: 11 }, (_, index) => index * 30_000),
    );
    expect(lines).toEqual([
      'follow openaq: another instance holds the lease and polls; this one stands by',
    ]);
    lease.held = () => true;
    await clock.runUntil(T0 + 5 * MINUTE + 30_000);
    expect(pollTimes(source)).toEqual([5 * MINUTE + 30_000]);
    expect(lines[1]).toMatch(/^follow openaq: this instance holds the lease now; 3 of 3 samples/);
    await follower.stop();
    expect(lease.releases).toEqual(['openaq']);
  });

  it('renews the lease every half interval while it backs off and while a poll runs', async () => {
    const { clock, source, lease, follower, untilPolls } = setUp(
      [
        { kind: 'poll-failure', message: 'down' },
        { kind: 'poll-failure', message: 'down' },
        { kind: 'hangs' },
      ],
      10_000,
    );
    await untilPolls(3);
    // Polls at 0, 10 s, 30 s (backoff 20 s); the third hangs until its deadline at 50 s.
    expect(pollTimes(source)).toEqual([0, 10_000, 30_000]);
    await clock.runUntil(T0 + 55_000);
    // Every 5 s; the deadline at 50 s ends the poll, and the wait after it renews at 55 s.
    const times = lease.holds.map((hold) => hold.atMs - T0);
    expect(times).toEqual([
      0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 45_000, 55_000,
    ]);
    expect(lease.holds.every((hold) => hold.ttlMs === 15_000)).toBe(true);
    await follower.stop();
  });

  it('aborts the poll and stands by when a renewal finds the lease taken', async () => {
    const { clock, source, sink, lease, lines, follower, untilPolls } = setUp(
      [{ kind: 'hangs' }],
      10_000,
    );
    await untilPolls(1);
    lease.held = () => false;
    await clock.runUntil(T0 + 5_000);
    expect(source.polls[0]!.signal.aborted).toBe(true);
    expect(sink.stored).toEqual([]);
    expect(lines).toEqual([
      'follow openaq: another instance holds the lease and polls; this one stands by',
    ]);
    await follower.stop();
    expect(lease.releases).toEqual([]);
  });

  it('counts a lease that cannot be held (the database is down) as a failed poll', async () => {
    const { source, lease, lines, follower, clock } = setUp([{ kind: 'ok' }]);
    lease.held = () => Promise.reject(new Error('connection terminated'));
    await clock.runUntil(T0 + 1);
    expect(source.polls).toEqual([]);
    expect(lines).toEqual([
      `follow openaq: poll failed (the lease could not be held: connection terminated); next try at ${iso(T0 + MINUTE)} (in 60 s)`,
    ]);
    await follower.stop();
  });
});

describe('Follower.stop', () => {
  it('aborts the poll in flight, stores nothing, logs nothing, releases the lease, leaves no timer', async () => {
    const { clock, source, sink, lease, lines, follower, untilPolls } = setUp([{ kind: 'hangs' }]);
    await untilPolls(1);
    await clock.runUntil(T0 + 5_000);
    await follower.stop();
    expect(source.polls[0]!.signal.aborted).toBe(true);
    expect(sink.stored).toEqual([]);
    expect(lines).toEqual([]);
    expect(lease.releases).toEqual(['openaq']);
    expect(clock.pending).toBe(0);
    expect(follower.stop()).toBe(follower.stop());
  });

  it('waits for a batch being stored before it resolves and gives the lease up', async () => {
    const { sink, lease, follower, untilPolls, clock } = setUp([{ kind: 'ok' }]);
    let finishStore = () => {};
    sink.hold = new Promise<void>((resolve) => {
      finishStore = resolve;
    });
    await untilPolls(1);
    let stopped = false;
    const stopping = follower.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect([stopped, lease.releases]).toEqual([false, []]);
    finishStore();
    await stopping;
    expect(sink.stored).toHaveLength(1);
    expect(lease.releases).toEqual(['openaq']);
    expect(clock.pending).toBe(0);
  });

  it('closes each source once its poll ended, and logs a close that fails', async () => {
    const { source, lease, lines, follower, untilPolls } = setUp([{ kind: 'hangs' }]);
    source.closeFails = 'the thread would not end';
    await untilPolls(1);
    await follower.stop();
    expect(source.closes).toEqual([{ pollAborted: true }]);
    expect(lines).toEqual([
      'follow openaq: the source could not be closed (the thread would not end)',
    ]);
    expect(lease.releases).toEqual(['openaq']);
  });

  it('stops between polls at once', async () => {
    const { clock, follower, untilPolls, lease } = setUp([{ kind: 'ok' }, { kind: 'ok' }]);
    await untilPolls(1);
    await clock.runUntil(T0 + 45_000);
    await follower.stop();
    expect(clock.pending).toBe(0);
    expect(lease.releases).toEqual(['openaq']);
  });
});

describe('startFollower: misuse', () => {
  it('refuses an interval outside [1 ms, 1 day]', () => {
    const clock = new VirtualClock(T0);
    const source = new ScriptedSource('openaq', MINUTE, clock, []);
    const options = {
      sink: new FakeSink(() => source.current),
      lease: new FakeLease(clock),
      log: () => {},
      clock,
    };
    expect(() => startFollower([{ source, everyMs: 0 }], options)).toThrow(
      new RangeError(
        'startFollower: entries[0].everyMs must be a finite number in [1, 86400000], got 0',
      ),
    );
    expect(clock.pending).toBe(0);
  });
});

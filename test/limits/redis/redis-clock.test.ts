// The clock offset between the process and the Redis server, on scripted replies and clocks.
import { describe, expect, it } from 'vitest';
import { countMarginMs, measureClockOffset } from '../../../src/limits/redis/redis-clock.js';

/** A process clock that returns the given instants in turn. */
function clockOf(instantsMs: number[]): () => number {
  return () => instantsMs.shift()!;
}

describe('measureClockOffset', () => {
  it('keeps the reading with the shortest round trip and takes its middle', async () => {
    // Server time is 5,000 ms ahead. Round trips: 40 ms, 4 ms, 100 ms.
    const replies = [
      ['1005', '020000'], // 1,005,020 ms, read between 1,000,000 and 1,000,040
      ['1005', '102000'], // 1,005,102 ms, read between 1,000,100 and 1,000,104
      ['1005', '300000'],
    ];
    const send = async () => replies.shift();
    const now = clockOf([1_000_000, 1_000_040, 1_000_100, 1_000_104, 1_000_200, 1_000_300]);
    expect(await measureClockOffset(send, now)).toEqual({ offsetMs: 5000, uncertaintyMs: 2 });
  });

  it('reads microseconds down to whole milliseconds', async () => {
    const send = async () => ['0', '999999'];
    const now = clockOf([0, 0]);
    expect(await measureClockOffset(send, now, 1)).toEqual({ offsetMs: 999, uncertaintyMs: 0 });
  });

  it('refuses a reply that is not TIME’s', async () => {
    await expect(measureClockOffset(async () => 'OK', clockOf([0, 0]), 1)).rejects.toThrow(
      new TypeError('Redis TIME: unexpected reply "OK"'),
    );
  });

  it('passes the failure of the command on', async () => {
    const send = async () => {
      throw new Error('connection lost');
    };
    await expect(measureClockOffset(send, clockOf([0, 0]), 1)).rejects.toThrow('connection lost');
  });
});

describe('countMarginMs', () => {
  it('is a quarter of the deadline, at most 500 ms', () => {
    expect(countMarginMs(2000)).toBe(500);
    expect(countMarginMs(400)).toBe(100);
    expect(countMarginMs(60_000)).toBe(500);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorHourMs, formatTimestamp, MS_PER_HOUR } from '../../src/time/instant.js';
import { hourlyWindows, measurementWindows, type TimeWindow } from '../../src/time/windows.js';

const TIMESTAMP_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const at = (iso: string) => Date.parse(iso);
const show = (w: TimeWindow) => `${formatTimestamp(w.fromMs)}/${formatTimestamp(w.tillMs)}`;

// Every instant from 1990 to 2090, with millisecond resolution.
const instantArb = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) });

describe('measurementWindows: the spec examples', () => {
  it('a request at 09:27 UTC gives the windows of the spec', () => {
    const w = measurementWindows(new Date('2026-11-21T09:27:00.000Z'));
    expect(show(w.current)).toBe('2026-11-21T08:27:00.000Z/2026-11-21T09:27:00.000Z');
    expect(w.history).toHaveLength(24);
    expect(show(w.history[0]!)).toBe('2026-11-20T09:00:00.000Z/2026-11-20T10:00:00.000Z');
    expect(show(w.history[23]!)).toBe('2026-11-21T08:00:00.000Z/2026-11-21T09:00:00.000Z');
    expect(w.forecast).toHaveLength(24);
    expect(show(w.forecast[0]!)).toBe('2026-11-21T09:00:00.000Z/2026-11-21T10:00:00.000Z');
    expect(show(w.forecast[23]!)).toBe('2026-11-22T08:00:00.000Z/2026-11-22T09:00:00.000Z');
  });

  it('a request exactly on the hour: current is the previous hour, forecast starts now', () => {
    const w = measurementWindows(at('2026-11-21T09:00:00.000Z'));
    expect(show(w.current)).toBe('2026-11-21T08:00:00.000Z/2026-11-21T09:00:00.000Z');
    expect(show(w.history[23]!)).toBe('2026-11-21T08:00:00.000Z/2026-11-21T09:00:00.000Z');
    expect(show(w.forecast[0]!)).toBe('2026-11-21T09:00:00.000Z/2026-11-21T10:00:00.000Z');
  });

  it('one millisecond before the hour still belongs to the previous hour', () => {
    const w = measurementWindows(at('2026-11-21T08:59:59.999Z'));
    expect(show(w.forecast[0]!)).toBe('2026-11-21T08:00:00.000Z/2026-11-21T09:00:00.000Z');
    expect(formatTimestamp(w.current.fromMs)).toBe('2026-11-21T07:59:59.999Z');
  });

  it('crosses the Warsaw DST change (2026-10-25 01:00 UTC) without a gap or a doubled hour', () => {
    const w = measurementWindows(at('2026-10-25T12:30:00.000Z'));
    const starts = [...w.history, ...w.forecast].map((x) => formatTimestamp(x.fromMs));
    expect(starts).toContain('2026-10-25T00:00:00.000Z');
    expect(starts).toContain('2026-10-25T01:00:00.000Z');
    expect(starts).toContain('2026-10-25T02:00:00.000Z');
    expect(new Set(starts).size).toBe(48);
  });

  it('accepts a Date and epoch milliseconds alike', () => {
    const ms = at('2026-03-29T01:15:00.000Z');
    expect(measurementWindows(new Date(ms))).toEqual(measurementWindows(ms));
  });

  it('returns frozen windows', () => {
    const w = measurementWindows(0);
    expect(Object.isFrozen(w)).toBe(true);
    expect(Object.isFrozen(w.history)).toBe(true);
    expect(Object.isFrozen(w.forecast[0])).toBe(true);
  });
});

describe('measurementWindows: misuse', () => {
  it.each([
    [Number.NaN, RangeError, /measurementWindows: now must be a valid point in time, got NaN/],
    [Number.POSITIVE_INFINITY, RangeError, /got Infinity/],
    [new Date('nope'), RangeError, /Date\(Invalid\)/],
    [9e15, RangeError, /got 9000000000000000/],
    ['2026-11-21T09:00:00Z', TypeError, /now must be a Date or epoch milliseconds, got "2026/],
    [undefined, TypeError, /got undefined/],
  ])('rejects %s', (now, type, message) => {
    expect(() => measurementWindows(now as never)).toThrow(type);
    expect(() => measurementWindows(now as never)).toThrow(message);
  });

  it('hourlyWindows rejects a bad count', () => {
    expect(() => hourlyWindows(0, -1)).toThrow(
      /hourlyWindows: count must be a non-negative integer, got -1/,
    );
    expect(() => hourlyWindows(0, 1.5)).toThrow(RangeError);
  });

  it('hourlyWindows accepts a count of zero: no windows, not an error', () => {
    expect(hourlyWindows(Date.UTC(2026, 10, 21), 0)).toEqual([]);
  });
});

describe('measurementWindows: properties', () => {
  it('24 + 24 contiguous hourly windows meeting at floorHour(now)', () => {
    fc.assert(
      fc.property(instantArb, (nowMs) => {
        const w = measurementWindows(nowMs);
        const run = [...w.history, ...w.forecast];
        expect(w.history).toHaveLength(24);
        expect(w.forecast).toHaveLength(24);
        for (let i = 0; i < run.length; i++) {
          expect(run[i]!.tillMs - run[i]!.fromMs).toBe(MS_PER_HOUR);
          if (i > 0) expect(run[i]!.fromMs).toBe(run[i - 1]!.tillMs);
        }
        expect(w.history[23]!.tillMs).toBe(floorHourMs(nowMs));
        expect(w.forecast[0]!.fromMs).toBe(floorHourMs(nowMs));
        expect(w.forecast[0]!.fromMs <= nowMs && nowMs < w.forecast[0]!.tillMs).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('current spans exactly 60 minutes ending at now', () => {
    fc.assert(
      fc.property(instantArb, (nowMs) => {
        const { current } = measurementWindows(nowMs);
        expect(current.tillMs).toBe(nowMs);
        expect(current.tillMs - current.fromMs).toBe(MS_PER_HOUR);
      }),
      { numRuns: 1000 },
    );
  });

  it('every window bound prints in the timestamp shape and on whole UTC hours', () => {
    fc.assert(
      fc.property(instantArb, (nowMs) => {
        const w = measurementWindows(nowMs);
        for (const x of [w.current, ...w.history, ...w.forecast]) {
          expect(formatTimestamp(x.fromMs)).toMatch(TIMESTAMP_SHAPE);
          expect(formatTimestamp(x.tillMs)).toMatch(TIMESTAMP_SHAPE);
        }
        for (const x of [...w.history, ...w.forecast]) {
          expect(formatTimestamp(x.fromMs)).toMatch(/:00:00\.000Z$/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('floorHourMs agrees with a string-based oracle that knows nothing of time zones', () => {
    fc.assert(
      fc.property(instantArb, (nowMs) => {
        const oracle = Date.parse(`${new Date(nowMs).toISOString().slice(0, 13)}:00:00.000Z`);
        expect(floorHourMs(nowMs)).toBe(oracle);
      }),
      { numRuns: 1000 },
    );
  });
});

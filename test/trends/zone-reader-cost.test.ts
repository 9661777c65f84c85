// What reading a time zone costs (src/trends/time-zone.ts): Intl is the slow part, so the
// reader keeps a span of seconds with one known offset, extended a day at a time, and the
// formatters are kept by zone name in a cache of at most 64. The cost model of its comments:
// "a series read in time order costs one Intl call per day of data plus a bisection (about 17
// calls) per transition"; a formatter is built once per zone. These tests count the calls and
// the formatters built, with bounds from that model, so a change that keeps the answers but
// loses the savings is seen. The answers themselves are tested in time-zone.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aggregatePeriods } from '../../src/trends/aggregate-periods.js';
import { zoneOffsetReader } from '../../src/trends/time-zone.js';
import { oracleWallMs } from '../helpers/trends-bootstrap-oracle.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const RealDateTimeFormat = Intl.DateTimeFormat;
const formatDescriptor = Object.getOwnPropertyDescriptor(RealDateTimeFormat.prototype, 'format')!;

let built = 0;
let formatted = 0;

/** Counts the formatters built and the formatting calls made while `run` runs. */
function counted(run: () => void): { built: number; formatted: number } {
  class CountingDateTimeFormat extends RealDateTimeFormat {
    constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(locales, options);
      built++;
    }
  }
  built = 0;
  formatted = 0;
  Object.defineProperty(Intl, 'DateTimeFormat', {
    value: CountingDateTimeFormat,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(RealDateTimeFormat.prototype, 'format', {
    ...formatDescriptor,
    get(this: Intl.DateTimeFormat) {
      formatted++;
      return formatDescriptor.get!.call(this);
    },
  });
  try {
    run();
  } finally {
    restore();
  }
  return { built, formatted };
}

function restore(): void {
  Object.defineProperty(Intl, 'DateTimeFormat', {
    value: RealDateTimeFormat,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(RealDateTimeFormat.prototype, 'format', formatDescriptor);
}

afterEach(restore);

/** Reads `zone` at every instant from `fromMs` (inclusive) to `tillMs` (exclusive) by `stepMs`. */
function readAll(zone: string, fromMs: number, tillMs: number, stepMs: number): void {
  const reader = zoneOffsetReader('f', zone);
  if (stepMs > 0) for (let t = fromMs; t < tillMs; t += stepMs) reader(t);
  else for (let t = tillMs + stepMs; t >= fromMs; t += stepMs) reader(t);
}

const YEAR_2024 = [Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)] as const;

describe('the formatters', () => {
  // The cache is module state: each test loads the module afresh, with an empty cache.
  async function freshReader(): Promise<typeof zoneOffsetReader> {
    vi.resetModules();
    return (await import('../../src/trends/time-zone.js')).zoneOffsetReader;
  }

  it('are built once per zone, however many readers use it', async () => {
    const reader = await freshReader();
    const { built } = counted(() => {
      for (let i = 0; i < 10; i++) {
        reader('f', 'America/Denver')(0);
        reader('f', 'Asia/Tokyo')(0);
      }
    });
    expect(built).toBe(2);
  });

  it('read the ends of the date range from two days inside them, in a module loaded afresh', async () => {
    // Loading the module inside a test makes its constants part of what the test covers: the
    // edge where the offset two days inside stands in (a wall clock ahead of UTC at the last
    // instant would lie past the range).
    const reader = (await freshReader())('f', 'Asia/Tokyo');
    // The offset by one Intl reading (era included), two days inside each end.
    const offsetAt = (atMs: number) => oracleWallMs(atMs, 'Asia/Tokyo') - atMs;
    expect(reader(8.64e15)).toBe(offsetAt(8.64e15 - 2 * DAY));
    expect(reader(8.64e15)).toBe(9 * HOUR);
    expect(reader(1e17)).toBe(9 * HOUR);
    // Local mean time, +9:18:59, before any standard time.
    expect(reader(-8.64e15)).toBe(offsetAt(-8.64e15 + 2 * DAY));
    expect(reader(-8.64e15)).toBe(33_539_000);
  });

  it('are kept for at most 64 zones: the 65th empties the cache', async () => {
    const reader = await freshReader();
    const names = Intl.supportedValuesOf('timeZone').slice(0, 65);
    expect(new Set(names).size).toBe(65);
    // 64 zones, then the first again: still kept.
    const kept = counted(() => {
      for (const name of names.slice(0, 64)) reader('f', name);
      reader('f', names[0]!);
    });
    expect(kept.built).toBe(64);
    // The 65th, then the first again: built anew.
    const evicted = counted(() => {
      reader('f', names[64]!);
      reader('f', names[0]!);
    });
    expect(evicted.built).toBe(2);
  });
});

describe('the Intl calls of a series read in time order', () => {
  // Europe/Warsaw, 2024: 366 days, two transitions.
  const bound = 366 + 2 * 20;

  it('hourly or daily, forwards: one a day plus a bisection per transition', () => {
    expect(
      counted(() => readAll('Europe/Warsaw', ...YEAR_2024, HOUR)).formatted,
    ).toBeLessThanOrEqual(bound);
    expect(
      counted(() => readAll('Europe/Warsaw', ...YEAR_2024, DAY)).formatted,
    ).toBeLessThanOrEqual(bound);
  });

  it('every second, or ten times a second: about one a day', () => {
    const start = Date.UTC(2024, 5, 1);
    const perSecond = counted(() => readAll('Europe/Warsaw', start, start + HOUR, 1000));
    expect(perSecond.formatted).toBeLessThanOrEqual(3);
    const tenPerSecond = counted(() => readAll('Europe/Warsaw', start, start + 600_000, 100));
    expect(tenPerSecond.formatted).toBeLessThanOrEqual(3);
  });

  it('back over a day hour by hour, then forwards again: one a read back, none again', () => {
    const start = Date.UTC(2024, 5, 1);
    const { formatted } = counted(() => {
      const reader = zoneOffsetReader('f', 'Europe/Warsaw');
      for (let h = 0; h <= 24; h++) reader(start - h * HOUR);
      for (let h = 24; h >= 0; h--) reader(start - h * HOUR);
    });
    expect(formatted).toBeLessThanOrEqual(25);
  });

  it('daily, backwards: one a day', () => {
    expect(
      counted(() => readAll('Europe/Warsaw', ...YEAR_2024, -DAY)).formatted,
    ).toBeLessThanOrEqual(bound);
  });

  it('the day and month starts of aggregatePeriods', () => {
    const days = counted(() =>
      aggregatePeriods(
        { atMs: [Date.UTC(2024, 0, 1, 12), Date.UTC(2024, 11, 31, 12)], values: [1, 2] },
        { period: 'day', timeZone: 'Europe/Warsaw' },
      ),
    );
    expect(days.formatted).toBeLessThanOrEqual(bound + 2 * 20);
    // A decade of month starts: about 120 months, 20 transitions.
    const months = counted(() =>
      aggregatePeriods(
        { atMs: [Date.UTC(2010, 0, 15), Date.UTC(2019, 11, 15)], values: [1, 2] },
        { period: 'month', timeZone: 'Europe/Warsaw' },
      ),
    );
    expect(months.formatted).toBeLessThanOrEqual(120 + 20 * 20);
  });
});

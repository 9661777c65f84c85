import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDayNumber, zoneOffsetReader } from '../../src/trends/time-zone.js';
import { RUNS } from '../helpers/property-runs.js';
import { naiveLocalDay, naiveOffsetMs } from '../helpers/trends-zone-oracle.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

// Zones with DST on either hemisphere, half and quarter hours, a 30-min DST (Lord Howe), a
// skipped day (Apia 2011) and midnight transitions (Sao Paulo until 2019).
const ZONES = [
  'UTC',
  'Europe/Warsaw',
  'Europe/London',
  'America/Sao_Paulo',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Pacific/Chatham',
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('zoneOffsetReader examples', () => {
  it('reads fixed offsets in minutes', () => {
    expect(zoneOffsetReader('f', 60)(0)).toBe(HOUR);
    expect(zoneOffsetReader('f', -300)(123)).toBe(-5 * HOUR);
    expect(zoneOffsetReader('f', 330)(0)).toBe(5.5 * HOUR);
    expect(zoneOffsetReader('f', 1080)(0)).toBe(18 * HOUR);
    expect(zoneOffsetReader('f', -1080)(0)).toBe(-18 * HOUR);
    expect(Object.is(zoneOffsetReader('f', -0)(0), 0)).toBe(true);
    expect(zoneOffsetReader('f', undefined)(1e12)).toBe(0);
  });

  it('reads IANA zones across their transitions', () => {
    const warsaw = zoneOffsetReader('f', 'Europe/Warsaw');
    expect(warsaw(Date.UTC(2024, 2, 31, 0, 59, 59, 999))).toBe(HOUR);
    expect(warsaw(Date.UTC(2024, 2, 31, 1))).toBe(2 * HOUR);
    expect(warsaw(Date.UTC(2024, 9, 27, 0, 59, 59, 999))).toBe(2 * HOUR);
    expect(warsaw(Date.UTC(2024, 9, 27, 1))).toBe(HOUR);
    const saoPaulo = zoneOffsetReader('f', 'America/Sao_Paulo');
    expect(saoPaulo(Date.UTC(2018, 10, 4, 2, 59, 59))).toBe(-3 * HOUR);
    expect(saoPaulo(Date.UTC(2018, 10, 4, 3))).toBe(-2 * HOUR);
    expect(zoneOffsetReader('f', 'Asia/Kolkata')(Date.UTC(2024, 4, 1))).toBe(5.5 * HOUR);
    expect(zoneOffsetReader('f', 'utc')(Date.UTC(2024, 4, 1))).toBe(0);
    // Apia skipped 2011-12-30: −10 h until 10:00Z on the 30th, +14 h after.
    const apia = zoneOffsetReader('f', 'Pacific/Apia');
    expect(apia(Date.UTC(2011, 11, 30, 9, 59, 59))).toBe(-10 * HOUR);
    expect(apia(Date.UTC(2011, 11, 30, 10))).toBe(14 * HOUR);
  });

  it('reads instants far from the epoch, before year 1 and at the edge of the date range', () => {
    const london = zoneOffsetReader('f', 'Europe/London');
    expect(london(-7e15)).toBe(london(-8.64e15)); // local mean time
    expect(Number.isFinite(london(1e16))).toBe(true);
    expect(Math.abs(london(-6e13))).toBeLessThan(HOUR);
  });

  it('gives the local date', () => {
    const plusOne = zoneOffsetReader('f', 60);
    expect(localDayNumber(Date.UTC(2024, 0, 1, 23), plusOne)).toBe(19724);
    expect(localDayNumber(Date.UTC(2024, 0, 1, 22, 59), plusOne)).toBe(19723);
    expect(localDayNumber(-1, zoneOffsetReader('f', 0))).toBe(-1);
  });
});

describe('zoneOffsetReader misuse', () => {
  it.each([1081, -1081, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s minutes', (v) => {
    expect(() => zoneOffsetReader('aggregatePeriods', v)).toThrow(RangeError);
    expect(() => zoneOffsetReader('aggregatePeriods', v)).toThrow(
      /^aggregatePeriods: options\.timeZone must be .*, got /,
    );
  });

  it.each(['', 'Mars/Olympus', '+01:00', '-05:00', ' UTC', 'GMT+1'])('refuses %j', (v) => {
    expect(() => zoneOffsetReader('theilSen', v)).toThrow(RangeError);
    expect(() => zoneOffsetReader('theilSen', v)).toThrow(
      `theilSen: options.timeZone must be an integer number of minutes in [-1080, 1080] or an IANA time-zone name, got ${JSON.stringify(v)}`,
    );
  });

  it('refuses other types with a TypeError', () => {
    expect(() => zoneOffsetReader('f', true as unknown as string)).toThrow(TypeError);
    expect(() => zoneOffsetReader('f', null as unknown as string)).toThrow(TypeError);
  });
});

describe('zoneOffsetReader properties', () => {
  // Instants from 1900 to 2100, read in time order, in reverse or shuffled, in small or large
  // steps: the cached reader must agree with one naive Intl call per instant.
  const readsArb = fc.record({
    zone: fc.constantFrom(...ZONES),
    startMs: fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
    steps: fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 2 * HOUR }),
        fc.integer({ min: 0, max: 3 * DAY }),
        fc.integer({ min: 0, max: 400 * DAY }),
      ),
      { minLength: 1, maxLength: 40 },
    ),
    order: fc.constantFrom('forward', 'backward', 'shuffled'),
    seed: fc.integer(),
  });

  it('agrees with a naive per-instant reading in any order', () => {
    fc.assert(
      fc.property(readsArb, ({ zone, startMs, steps, order, seed }) => {
        const instants: number[] = [];
        let t = startMs;
        for (const step of steps) {
          t += step;
          instants.push(t);
        }
        if (order === 'backward') instants.reverse();
        if (order === 'shuffled') {
          let s = seed >>> 0;
          for (let i = instants.length - 1; i > 0; i--) {
            s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
            const j = s % (i + 1);
            [instants[i], instants[j]] = [instants[j] as number, instants[i] as number];
          }
        }
        const reader = zoneOffsetReader('f', zone);
        for (const atMs of instants) {
          expect(reader(atMs)).toBe(naiveOffsetMs(atMs, zone));
          expect(localDayNumber(atMs, reader)).toBe(naiveLocalDay(atMs, zone));
        }
      }),
      RUNS,
    );
  }, 300_000);

  it('costs at most a few Intl calls per day of a long series read forwards', () => {
    // Every formatting goes through the `format` getter of the formatter.
    const spy = vi.spyOn(
      Intl.DateTimeFormat.prototype as unknown as { format: unknown },
      'format',
      'get',
    );
    const reader = zoneOffsetReader('f', 'Europe/Warsaw');
    const startMs = Date.UTC(2010, 0, 1);
    const days = 3653;
    let sum = 0;
    for (let i = 0; i < days * 24; i++) sum += reader(startMs + i * HOUR);
    expect(sum).toBeGreaterThan(0);
    expect(spy.mock.calls.length).toBeLessThan(days * 1.2);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WindowAverages } from '../../src/model/window-averages.js';
import { currentWindow, THIRD_PARTY_MAX_AGE_HOURS } from '../../src/payload/current-window.js';
import { formatTimestamp } from '../../src/time/instant.js';
import { measurementWindows } from '../../src/time/windows.js';

const windows = measurementWindows(Date.parse('2026-11-21T09:27:00.000Z'));
const empty24 = (): WindowAverages[] => Array.from({ length: 24 }, () => ({}));
const shown = (c: ReturnType<typeof currentWindow>) =>
  `${formatTimestamp(c.window.fromMs)}/${formatTimestamp(c.window.tillMs)}`;

describe('currentWindow: worked examples (request at 09:27 UTC)', () => {
  it('the service’s own installation: the moving hour 08:27–09:27', () => {
    const history = empty24();
    history[23] = { PM10: 99 };
    const c = currentWindow(true, windows, { PM10: 20 }, history);
    expect(shown(c)).toBe('2026-11-21T08:27:00.000Z/2026-11-21T09:27:00.000Z');
    expect(c.averages).toEqual({ PM10: 20 });
  });

  it('a third-party station with data for 08:00–09:00: that hour', () => {
    const history = empty24();
    history[23] = { PM10: 40 };
    history[22] = { PM10: 50 };
    const c = currentWindow(false, windows, { PM10: 20 }, history);
    expect(shown(c)).toBe('2026-11-21T08:00:00.000Z/2026-11-21T09:00:00.000Z');
    expect(c.averages).toEqual({ PM10: 40 });
  });

  it('a third-party station 3 hours late: 06:00–07:00', () => {
    const history = empty24();
    history[21] = { PM25: 12 };
    history[10] = { PM25: 30 };
    const c = currentWindow(false, windows, {}, history);
    expect(shown(c)).toBe('2026-11-21T06:00:00.000Z/2026-11-21T07:00:00.000Z');
    expect(c.averages).toEqual({ PM25: 12 });
  });

  it('a third-party station more than 3 hours late: the moving hour without values', () => {
    const history = empty24();
    history[20] = { PM25: 12 };
    const c = currentWindow(false, windows, {}, history);
    expect(shown(c)).toBe('2026-11-21T08:27:00.000Z/2026-11-21T09:27:00.000Z');
    expect(c.averages).toEqual({});
  });

  it('a third-party station: the hour in progress does not count, even with data', () => {
    // The moving hour has data (from 09:00–09:27), but no full hour does.
    const c = currentWindow(false, windows, { PM10: 33 }, empty24());
    expect(c.averages).toEqual({});
    expect(shown(c)).toBe('2026-11-21T08:27:00.000Z/2026-11-21T09:27:00.000Z');
  });

  it('any measurement counts as data, weather included', () => {
    const history = empty24();
    history[23] = { TEMPERATURE: -1 };
    expect(currentWindow(false, windows, {}, history).averages).toEqual({ TEMPERATURE: -1 });
  });
});

describe('currentWindow: properties', () => {
  it('third party: the newest of the last 3 full hours with data, else the moving hour (oracle: scan)', () => {
    const slot = fc.oneof(
      fc.constant({}),
      fc.record({ PM10: fc.double({ min: 0, max: 500, noNaN: true }) }),
    );
    fc.assert(
      fc.property(
        fc.array(slot, { minLength: 24, maxLength: 24 }),
        fc.boolean(),
        (history, vendor) => {
          const c = currentWindow(vendor, windows, { PM25: 1 }, history);
          if (vendor) {
            expect(c.window).toBe(windows.current);
            return;
          }
          let expected = -1;
          for (let i = 23; i >= 24 - THIRD_PARTY_MAX_AGE_HOURS; i--) {
            if (Object.keys(history[i]!).length > 0) {
              expected = i;
              break;
            }
          }
          if (expected < 0) {
            expect(c).toEqual({ window: windows.current, averages: {} });
          } else {
            expect(c.window).toBe(windows.history[expected]);
            expect(c.averages).toBe(history[expected]);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

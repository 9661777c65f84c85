import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  persistenceForecast,
  persistenceForecaster,
  sameHourYesterdayForecast,
  sameHourYesterdayForecaster,
} from '../../src/forecast/reference-forecasters.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import { hourlyWindows } from '../../src/time/windows.js';

const hourArb = fc.record(
  {
    PM10: fc.double({ min: -5, max: 400, noNaN: true }),
    PM25: fc.double({ min: 0, max: 300, noNaN: true }),
  },
  { requiredKeys: [] },
);

describe('persistenceForecast', () => {
  it('repeats the newest value of each pollutant (the JSDoc example)', () => {
    expect(
      persistenceForecast({ history: [{ PM10: 30 }, { PM10: 35 }], windows: hourlyWindows(0, 2) }),
    ).toEqual([{ PM10: 35 }, { PM10: 35 }]);
    expect(
      persistenceForecast({
        history: [{ PM10: 30, PM25: 9 }, { PM10: 35 }, {}],
        windows: hourlyWindows(0, 1),
      }),
    ).toEqual([{ PM25: 9, PM10: 35 }]);
  });

  it('has no forecast without a value in the last 24 hours', () => {
    const history = [{ PM10: 30 }, ...Array.from({ length: 24 }, () => ({}))];
    expect(persistenceForecaster.forecast({ history, windows: hourlyWindows(0, 3) })).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('equals the newest present value among the last 24 hours (oracle: scan backwards)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hourArb, fc.constant<WindowAverages>({})), { maxLength: 40 }),
        (history) => {
          const [hour] = persistenceForecast({ history, windows: hourlyWindows(0, 1) });
          for (const p of ['PM10', 'PM25'] as const) {
            const recent = history.slice(-24).filter((h) => h[p] !== undefined);
            expect(hour?.[p]).toBe(recent[recent.length - 1]?.[p]);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('sameHourYesterdayForecast', () => {
  it('takes the hour one day earlier (the JSDoc example)', () => {
    const history = Array.from({ length: 24 }, (_, i) => ({ PM25: i }));
    expect(sameHourYesterdayForecast({ history, windows: hourlyWindows(0, 2) })).toEqual([
      { PM25: 0 },
      { PM25: 1 },
    ]);
    expect(sameHourYesterdayForecaster.historyHours).toBe(24);
  });

  it('for a second forecast day looks two days back', () => {
    const history = Array.from({ length: 48 }, (_, i) => ({ PM10: i }));
    const result = sameHourYesterdayForecast({ history, windows: hourlyWindows(0, 48) });
    expect(result[0]).toEqual({ PM10: 24 });
    expect(result[24]).toEqual({ PM10: 24 });
    expect(result[47]).toEqual({ PM10: 47 });
  });

  it('forecast hour j equals history hour length + j − 24 (oracle: direct index)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hourArb, fc.constant<WindowAverages>({})), { maxLength: 30 }),
        (history) => {
          const result = sameHourYesterdayForecast({ history, windows: hourlyWindows(0, 24) });
          result.forEach((hour, j) => {
            const source = history[history.length + j - 24];
            const expected =
              source !== undefined && Object.keys(source).length > 0 ? source : undefined;
            expect(hour).toEqual(expected);
          });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

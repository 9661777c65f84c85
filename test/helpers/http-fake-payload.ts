import type { AveragedValues, IndexValue, Measurements } from '../../src/model/api-types.js';
import type { MeasurementsRequestOptions } from '../../src/payload/measurements-service.js';
import { formatTimestamp } from '../../src/time/instant.js';
import { measurementWindows, type TimeWindow } from '../../src/time/windows.js';

// The payloads of the fake measurements service of the HTTP tests (http-fake-service.ts): the
// windows of the real clock arithmetic, one PM2.5 value and one index per window, in the
// requested index type and language.

function window(
  window: TimeWindow,
  pm25: number,
  options: MeasurementsRequestOptions,
): AveragedValues {
  const indexType = options.indexType ?? 'VENDOR_CAQI';
  const description = options.language === 'pl' ? 'Dobre powietrze' : 'Good air';
  return {
    fromDateTime: formatTimestamp(window.fromMs),
    tillDateTime: formatTimestamp(window.tillMs),
    values: [{ name: 'PM25', value: pm25 }],
    indexes: [
      {
        name: indexType,
        value: pm25,
        level: 'LOW',
        description,
        advice: null,
        color: '#6BC926',
        dominantPollutant: 'PM25',
        subIndexes: { PM25: pm25 },
        // A fake: the same level name for every index type, which no real index guarantees.
      } as IndexValue,
    ],
    standards: [],
  };
}

/** A deterministic payload whose windows follow `now` and whose PM2.5 depends on `seed`. */
export function fakePayload(seed: number, options: MeasurementsRequestOptions): Measurements {
  const windows = measurementWindows(options.now);
  return {
    current: window(windows.current, seed, options),
    history: windows.history.map((w, hour) => window(w, seed + hour, options)),
    forecast: windows.forecast.map((w, hour) => window(w, seed + 24 + hour, options)),
  };
}

import { floorHourMs } from '../time/instant.js';
import {
  CURRENT_WINDOW_MS,
  type MeasurementWindows,
  measurementWindows,
  type TimeWindow,
} from '../time/windows.js';

/**
 * `measurementWindows` for one measurements service, reusing the 24 history and 24 forecast
 * windows of the latest request hour: every request of an hour has the same ones, and only
 * the moving hour is new. Gives the same (frozen) windows as `measurementWindows(nowMs)`.
 *
 * @example
 * const windows = new RequestWindows();
 * windows.at(Date.parse('2026-11-21T09:27:00Z')).history ===
 *   windows.at(Date.parse('2026-11-21T09:41:00Z')).history; // true
 */
export class RequestWindows {
  #seamMs = Number.NaN;
  #history: readonly TimeWindow[] = [];
  #forecast: readonly TimeWindow[] = [];

  /**
   * The windows of a request at `nowMs` (epoch ms, already checked).
   *
   * @throws what `measurementWindows` throws for an invalid instant
   */
  at(nowMs: number): MeasurementWindows {
    const seamMs = floorHourMs(nowMs);
    if (seamMs !== this.#seamMs) {
      const windows = measurementWindows(nowMs);
      this.#seamMs = seamMs;
      this.#history = windows.history;
      this.#forecast = windows.forecast;
      return windows;
    }
    return Object.freeze({
      current: Object.freeze({ fromMs: nowMs - CURRENT_WINDOW_MS, tillMs: nowMs }),
      history: this.#history,
      forecast: this.#forecast,
    });
  }
}

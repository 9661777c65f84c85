import { checkInstant } from '../arguments/time-checks.js';
import { floorHourMs, type Instant, MS_PER_HOUR } from './instant.js';

/** A left-closed, right-open interval `[fromMs, tillMs)` in epoch milliseconds. */
export interface TimeWindow {
  readonly fromMs: number;
  readonly tillMs: number;
}

/** The three window sets of a Measurements payload. */
export interface MeasurementWindows {
  /** `[now − 60 min, now)`: the moving hour up to the request. */
  readonly current: TimeWindow;
  /** The 24 full UTC hours before the hour that contains `now`, oldest first. */
  readonly history: readonly TimeWindow[];
  /** 24 full UTC hours starting with the hour that contains `now`, oldest first. */
  readonly forecast: readonly TimeWindow[];
}

/** Number of hourly elements in `history` and in `forecast`. */
export const HOURS_PER_SERIES = 24;
/** Length of the `current` moving average, in milliseconds. */
export const CURRENT_WINDOW_MS = MS_PER_HOUR;

/**
 * Computes the windows of a Measurements payload for a request made at `now`.
 * Pure: the clock is a parameter, and the result is the same in every process time zone.
 * History followed by forecast is one unbroken run of 48 hours whose seam is the start of the
 * hour that contains `now`.
 *
 * @param now - the request time, a `Date` or epoch milliseconds
 * @returns frozen windows; `history` and `forecast` have 24 elements each
 * @throws TypeError / RangeError when `now` is not a valid point in time
 * @example
 * const w = measurementWindows(Date.parse('2026-11-21T09:27:00.000Z'));
 * formatTimestamp(w.current.fromMs);      // '2026-11-21T08:27:00.000Z'
 * formatTimestamp(w.history[0].fromMs);   // '2026-11-20T09:00:00.000Z'
 * formatTimestamp(w.history[23].fromMs);  // '2026-11-21T08:00:00.000Z'
 * formatTimestamp(w.forecast[0].fromMs);  // '2026-11-21T09:00:00.000Z'
 * formatTimestamp(w.forecast[23].tillMs); // '2026-11-22T09:00:00.000Z'
 */
export function measurementWindows(now: Instant): MeasurementWindows {
  const nowMs = checkInstant('measurementWindows', 'now', now);
  const seamMs = floorHourMs(nowMs);
  return Object.freeze({
    current: Object.freeze({ fromMs: nowMs - CURRENT_WINDOW_MS, tillMs: nowMs }),
    history: hourlyWindows(seamMs - HOURS_PER_SERIES * MS_PER_HOUR, HOURS_PER_SERIES),
    forecast: hourlyWindows(seamMs, HOURS_PER_SERIES),
  });
}

/**
 * `count` consecutive one-hour windows, the first starting at `firstFromMs`.
 *
 * @param firstFromMs - epoch milliseconds of the first window's start
 * @param count - number of windows (a non-negative integer)
 * @example
 * hourlyWindows(Date.UTC(2026, 10, 21), 2); // [{00:00–01:00}, {01:00–02:00}]
 */
export function hourlyWindows(firstFromMs: number, count: number): readonly TimeWindow[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`hourlyWindows: count must be a non-negative integer, got ${count}`);
  }
  const windows: TimeWindow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const fromMs = firstFromMs + i * MS_PER_HOUR;
    windows[i] = Object.freeze({ fromMs, tillMs: fromMs + MS_PER_HOUR });
  }
  return Object.freeze(windows);
}

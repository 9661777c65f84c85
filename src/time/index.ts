export {
  floorHourMs,
  formatTimestamp,
  type Instant,
  MS_PER_DAY,
  MS_PER_HOUR,
  MS_PER_MINUTE,
  parseTimestamp,
} from './instant.js';
export {
  CURRENT_WINDOW_MS,
  HOURS_PER_SERIES,
  hourlyWindows,
  type MeasurementWindows,
  measurementWindows,
  type TimeWindow,
} from './windows.js';

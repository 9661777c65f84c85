// One installation's hour of samples and a LINEAR correction whose every term is exact in
// binary, shared by the store tests of corrections (both stores, and PostgreSQL's refresh).
import { hourOf21November } from './store-fixtures.js';

/** 09:00–10:00 UTC on 21 November 2026, the hour of {@link CORRECTION_SAMPLES}. */
export const CORRECTION_HOUR = hourOf21November(9);

const at = (minute: number) => CORRECTION_HOUR.fromMs + minute * 60_000;

/** PM25 = 1.5 + 0.75 · PM25 − 0.0625 · RH, every coefficient exact in binary. */
export const LINEAR_CORRECTION = Object.freeze({
  method: 'LINEAR',
  coefficients: Object.freeze({ intercept: 1.5, pm25: 0.75, rh: -0.0625 }),
} as const);

/** Two samples of each type of installation 21 in {@link CORRECTION_HOUR}: means PM25 21, PM10 31, HUMIDITY 48. */
export const CORRECTION_SAMPLES = Object.freeze([
  { installationId: 21, name: 'PM25', atMs: at(5), value: 20 },
  { installationId: 21, name: 'PM25', atMs: at(35), value: 22 },
  { installationId: 21, name: 'PM10', atMs: at(5), value: 30 },
  { installationId: 21, name: 'PM10', atMs: at(35), value: 32 },
  { installationId: 21, name: 'HUMIDITY', atMs: at(5), value: 40 },
  { installationId: 21, name: 'HUMIDITY', atMs: at(35), value: 56 },
]);

/** The hour's raw means. */
export const RAW_MEANS = Object.freeze({ PM25: 21, PM10: 31, HUMIDITY: 48 });

/** The hour's means with PM25 corrected: 1.5 + 0.75 · 21 − 0.0625 · 48 = 14.25. */
export const CORRECTED_MEANS = Object.freeze({
  PM25: 1.5 + 0.75 * 21 - 0.0625 * 48,
  PM10: 31,
  HUMIDITY: 48,
});

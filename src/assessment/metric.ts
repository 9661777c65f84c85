// Internal: how every standard writes a Metric, so the shape (which fields, null on invalid,
// no reason when valid) lives in one place.
import type { Metric, WhoLevel } from './assessment-types.js';

/** What a metric states whatever its outcome. */
export interface MetricHead {
  readonly id: string;
  readonly unit: string;
  readonly rule: string;
  readonly capture: number;
  readonly limit: number;
  readonly allowedExceedances?: number;
}

/** What only some metrics carry. */
export interface MetricExtras {
  readonly exceedances?: number;
  readonly level?: WhoLevel | null;
}

/** A valid metric: its value and whether the standard is met. */
export function validMetric(
  head: MetricHead,
  value: number,
  met: boolean,
  extras: MetricExtras = {},
): Metric {
  return Object.freeze({ ...head, ...extras, value, met, valid: true });
}

/**
 * An invalid metric: value and met are null, the reason names the failed rule. A WHO metric
 * passes `{ level: null }` in `extras`.
 */
export function invalidMetric(head: MetricHead, reason: string, extras: MetricExtras = {}): Metric {
  return Object.freeze({
    ...head,
    ...extras,
    value: null,
    met: null,
    valid: false,
    reason,
  });
}

/** `a ≥ percent % of b` in integers: percent is 75, 85 or 90. */
export function atLeastPercent(part: number, whole: number, percent: 75 | 85 | 90): boolean {
  return 100 * part >= percent * whole;
}

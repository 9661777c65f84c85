import { utc } from '@date-fns/utc';
import { parseISO } from 'date-fns';

/** One minute in milliseconds. */
export const MS_PER_MINUTE = 60_000;
/** One hour in milliseconds. POSIX time has no leap seconds, so every UTC hour is this long. */
export const MS_PER_HOUR = 3_600_000;
/** One day in milliseconds. */
export const MS_PER_DAY = 86_400_000;

/** A point in time: a `Date` or milliseconds since the Unix epoch. */
export type Instant = Date | number;

/**
 * Start of the UTC hour that contains `atMs`. Pure arithmetic on epoch milliseconds, so the
 * process time zone (even one with a :30 or :45 offset) cannot shift it.
 *
 * @param atMs - epoch milliseconds
 * @returns epoch milliseconds of the hour start (`atMs` itself when it is on the hour)
 * @example
 * formatTimestamp(floorHourMs(Date.parse('2026-11-21T09:27:13.500Z'))); // '2026-11-21T09:00:00.000Z'
 */
export function floorHourMs(atMs: number): number {
  const intoHourMs = ((atMs % MS_PER_HOUR) + MS_PER_HOUR) % MS_PER_HOUR;
  return atMs - intoHourMs;
}

/**
 * Formats epoch milliseconds as the spec's timestamp: ISO 8601, UTC, with milliseconds.
 *
 * @param atMs - epoch milliseconds
 * @example
 * formatTimestamp(Date.UTC(2026, 10, 21, 9)); // '2026-11-21T09:00:00.000Z'
 */
export function formatTimestamp(atMs: number): string {
  return new Date(atMs).toISOString();
}

/**
 * Parses an ISO 8601 date-time into epoch milliseconds. A value without a zone designator is
 * read as UTC (never as the process's local time). Returns `undefined` for anything that is
 * not a valid ISO 8601 date-time, so callers can report the offending input themselves.
 *
 * @param text - for example `2026-11-21T09:00:00.000Z` or `2026-11-21T10:00:00+01:00`
 * @returns epoch milliseconds, or `undefined` when `text` is not a valid timestamp
 * @example
 * parseTimestamp('2026-11-21T10:00:00+01:00'); // 1795251600000 (09:00 UTC)
 * parseTimestamp('yesterday'); // undefined
 */
export function parseTimestamp(text: string): number | undefined {
  if (typeof text !== 'string') return undefined;
  const ms = parseISO(text, { in: utc }).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

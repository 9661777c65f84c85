import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../time/instant.js';

// The one spelling of a duration on airq's command line: a whole number and one unit letter,
// `30d`, `12h`, `90m`, `20s`. Each flag says which units it takes and checks its own bounds,
// so `--retention` (hours and more) never learns seconds from a flag that needs them.

/** The unit letters of a duration and their length, in ms. */
export const DURATION_UNIT_MS = Object.freeze({
  d: MS_PER_DAY,
  h: MS_PER_HOUR,
  m: MS_PER_MINUTE,
  s: 1000,
});

/** A unit letter of {@link DURATION_UNIT_MS}. */
export type DurationUnit = keyof typeof DURATION_UNIT_MS;

const DURATION = /^(\d{1,9})([a-z])$/;

/**
 * The length of a duration text in ms: one to nine digits and a unit letter among `units`;
 * `undefined` for any other text (`1.5h`, `10`, ` 5m`, a unit not allowed).
 *
 * @param units - the unit letters the flag takes
 * @example
 * durationTextMs('90m', ['d', 'h', 'm']); // 5_400_000
 * durationTextMs('20s', ['d', 'h', 'm']); // undefined
 * durationTextMs('20s', ['h', 'm', 's']); // 20_000
 */
export function durationTextMs(text: string, units: readonly DurationUnit[]): number | undefined {
  const match = DURATION.exec(text);
  const unit = units.find((allowed) => allowed === match?.[2]);
  return match === null || unit === undefined
    ? undefined
    : Number(match[1]) * DURATION_UNIT_MS[unit];
}

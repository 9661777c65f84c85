import { checkArrayLike, checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkKnownKeys } from '../arguments/key-spelling.js';

// The A/B check of a PurpleAir sensor's two laser counters: a record whose channels disagree
// too much says that one counter is failing, and their mean would be neither reading.

/** Which averaging period the channel values are means over, and so which thresholds apply. */
export type ChannelPeriod = 'HOUR' | 'DAY';

/** Options of {@link combineChannels}. */
export interface CombineChannelsOptions {
  /** The period the inputs are means over: `'HOUR'` (default, also for sub-hourly) or `'DAY'`. */
  readonly period?: ChannelPeriod;
}

/** The result of {@link combineChannels}, one element per record. */
export interface CombinedChannels {
  /** The A/B mean in the inputs' unit where `valid` is 1, NaN elsewhere. */
  readonly values: Float64Array;
  /** 1 where the two channels agree, 0 where a channel is missing, negative or disagrees. */
  readonly valid: Uint8Array;
}

interface AgreementThresholds {
  /** µg/m³: a difference up to this always passes. */
  readonly maxAbs: number;
  /** The relative difference `|A − B| / ((A + B)/2)` up to which a pair passes. */
  readonly maxRel: number;
}

/**
 * Reject a pair only when **both** limits are exceeded, so that low concentrations are not
 * rejected for a large relative difference of a few µg/m³, nor high ones for a large absolute
 * difference of a few per cent. HOUR: the AirNow Fire and Smoke Map's hourly rule (5 µg/m³
 * and 70 %). DAY: Barkjohn et al. 2021's rule for 24-hour means (5 µg/m³ and 61 %).
 */
const AGREEMENT: Readonly<Record<ChannelPeriod, AgreementThresholds>> = Object.freeze({
  HOUR: Object.freeze({ maxAbs: 5, maxRel: 0.7 }),
  DAY: Object.freeze({ maxAbs: 5, maxRel: 0.61 }),
});

const PERIODS: readonly ChannelPeriod[] = Object.freeze(['HOUR', 'DAY']);
const OPTION_KEYS: readonly string[] = Object.freeze(['period']);

/**
 * Checks the agreement of a PurpleAir sensor's channels A and B record by record and averages
 * the pairs that agree. A pair is valid when both values are finite and ≥ 0 and it is not the
 * case that `|A − B| > 5 µg/m³` **and** `|A − B| / ((A + B)/2)` exceeds 0.70 (`'HOUR'`) or 0.61
 * (`'DAY'`); a difference equal to a limit passes. There is no averaging over time, no
 * completeness test and no fallback to a single channel: a record with one channel missing is
 * invalid. Apply it to means over the chosen period, after your own completeness rule.
 *
 * @param channels - `a` and `b` in µg/m³ (cf_1 or atm, either works for the check), aligned by
 *   index and of the same length
 * @param options - `period`, default `'HOUR'`
 * @returns the A/B means (NaN where invalid) and the validity flags, new arrays
 * @throws TypeError when `channels` or its arrays are of the wrong type or an option key is
 *   unknown; RangeError when the lengths differ or `period` is not `'HOUR'` or `'DAY'`
 * @example
 * const { values, valid } = combineChannels({ a: [10, 13.75, 1], b: [14.9, 6.25, Number.NaN] });
 * values; // → Float64Array [12.45, NaN, NaN]
 * valid; // → Uint8Array [1, 0, 0] (7.5 µg/m³ and 75 % apart; B missing)
 */
export function combineChannels(
  channels: { readonly a: ArrayLike<number>; readonly b: ArrayLike<number> },
  options: CombineChannelsOptions = {},
): CombinedChannels {
  const { maxAbs, maxRel } = AGREEMENT[checkPeriod(options)];
  checkObject('combineChannels', 'channels', channels);
  const { a, b } = channels;
  checkArrayLike('combineChannels', 'channels.a', a);
  checkArrayLike('combineChannels', 'channels.b', b);
  if (b.length !== a.length) {
    const expectation = `must have the length of channels.a (${a.length})`;
    throw argumentError(RangeError, 'combineChannels', 'channels.b.length', expectation, b.length);
  }
  const values = new Float64Array(a.length);
  const valid = new Uint8Array(a.length);
  for (let i = 0; i < values.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const d = Math.abs(x - y);
    // NaN fails `>= 0` and `< Infinity`, so missing values are caught with negative ones.
    const agree =
      x >= 0 &&
      y >= 0 &&
      x < Number.POSITIVE_INFINITY &&
      y < Number.POSITIVE_INFINITY &&
      !(d > maxAbs && d / ((x + y) / 2) > maxRel);
    values[i] = agree ? (x + y) / 2 : Number.NaN;
    valid[i] = agree ? 1 : 0;
  }
  return { values, valid };
}

function checkPeriod(options: unknown): ChannelPeriod {
  checkObject('combineChannels', 'options', options);
  checkKnownKeys('combineChannels', 'options', options, OPTION_KEYS);
  const { period = 'HOUR' } = options as { period?: unknown };
  checkOneOf('combineChannels', 'options.period', period, PERIODS);
  return period;
}

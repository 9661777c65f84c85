import { localDayNumber } from './time-zone.js';

// The periods of airq/trends as real instants: each calendar period begins at the earliest
// instant whose wall time is at or after the local midnight of its first date, and ends where
// the next begins (so DST days last 23 or 25 h, a day whose midnight does not exist begins at
// the jump, and a skipped day has no length and is left out). Hour periods are consecutive
// real hours aligned on the zone's wall clock. Boundaries are computed once per period from
// the civil calendar (a few Intl calls each), never once per stamp.

/** The length of the periods `aggregatePeriods` and `aggregateWind` summarise. */
export type Period = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'season' | 'year';

/** Every {@link Period}, in the order of their length. */
export const PERIODS: readonly Period[] = Object.freeze([
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'season',
  'year',
] as const);

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
// How many months each month-based period spans.
const MONTHS: Readonly<Record<Period, number>> = Object.freeze({
  hour: 0,
  day: 0,
  week: 0,
  month: 1,
  quarter: 3,
  season: 3,
  year: 12,
});

/**
 * The boundaries of every period that holds an instant of the range: starts in order, then the
 * end of the last period (`boundaries[k]` to `boundaries[k + 1]` is period k, half-open).
 *
 * @param period - the period length
 * @param fromMs - the first instant of the range (epoch ms)
 * @param tillMs - the range ends before this instant, or at it when `closed`
 * @param offsetMs - the zone's offset reader (see `zoneOffsetReader`)
 * @param closed - whether `tillMs` itself belongs to the range; default false
 * @returns ascending boundaries in epoch ms, at least two
 * @example
 * periodBoundaries('day', Date.UTC(2024, 2, 31, 12), Date.UTC(2024, 2, 31, 13), warsawOffset);
 * // Float64Array [2024-03-30T23:00Z, 2024-03-31T22:00Z] (a 23-hour day)
 */
export function periodBoundaries(
  period: Period,
  fromMs: number,
  tillMs: number,
  offsetMs: (atMs: number) => number,
  closed = false,
): Float64Array {
  const boundaries: number[] = [];
  const inRange = (startMs: number) => startMs < tillMs || (closed && startMs === tillMs);
  if (period === 'hour') {
    const wallMs = fromMs + offsetMs(fromMs);
    let startMs = fromMs - (((wallMs % HOUR_MS) + HOUR_MS) % HOUR_MS);
    do {
      boundaries.push(startMs);
      startMs += HOUR_MS;
    } while (inRange(startMs));
    boundaries.push(startMs);
    return Float64Array.from(boundaries);
  }
  // Consecutive midnights usually share one offset: try the last one (two reads, and for days
  // one, since the day before is already known), then the offset found at the guess (a month
  // that holds a transition), and search in full only when both fail.
  let guessMs = offsetMs(fromMs);
  const startOf = (key: number): number => {
    const midnightWallMs = firstDayOfKey(period, key) * DAY_MS;
    let instant = midnightWithOffset(midnightWallMs, guessMs, offsetMs);
    if (Number.isNaN(instant)) {
      const foundMs = offsetMs(midnightWallMs - guessMs);
      if (foundMs !== guessMs) instant = midnightWithOffset(midnightWallMs, foundMs, offsetMs);
      if (Number.isNaN(instant)) instant = localMidnightInstant(midnightWallMs / DAY_MS, offsetMs);
      guessMs = offsetMs(instant);
    }
    return instant;
  };
  let key = periodKey(period, localDayNumber(fromMs, offsetMs));
  let startMs = startOf(key);
  key = nextKey(period, key);
  let nextStartMs = startOf(key);
  // A zone that turns its clocks back just after midnight repeats wall times of the previous
  // date inside the new period: an instant belongs to the period by its instant, not its date.
  while (nextStartMs <= fromMs) {
    startMs = nextStartMs;
    key = nextKey(period, key);
    nextStartMs = startOf(key);
  }
  boundaries.push(startMs);
  while (inRange(nextStartMs)) {
    // A period of no length (a skipped date) shares its start with the next one: left out.
    if (nextStartMs > startMs) boundaries.push(nextStartMs);
    startMs = nextStartMs;
    key = nextKey(period, key);
    nextStartMs = startOf(key);
  }
  if (nextStartMs > startMs) boundaries.push(nextStartMs);
  return Float64Array.from(boundaries);
}

/**
 * The earliest instant whose wall time is at or after the local midnight that begins a date:
 * the instant of midnight, or the instant of the jump where midnight does not exist, or the
 * first of two midnights where the clock turns back over it.
 *
 * @param dayNumber - the local date, whole days since 1970-01-01
 * @param offsetMs - the zone's offset reader
 * @returns epoch ms
 * @example
 * localMidnightInstant(17_839, saoPauloOffset); // 2018-11-04T03:00Z (01:00 local, the jump)
 */
export function localMidnightInstant(
  dayNumber: number,
  offsetMs: (atMs: number) => number,
): number {
  const midnightWallMs = dayNumber * DAY_MS;
  // The offsets a day before and after: any transition that decides this midnight lies between
  // them (offsets stay within ±18 h), and no zone changes twice within a day.
  const offsetBefore = offsetMs(midnightWallMs - DAY_MS);
  const offsetAfter = offsetMs(midnightWallMs + DAY_MS);
  const early = midnightWallMs - offsetBefore;
  const late = midnightWallMs - offsetAfter;
  const earlyHolds = offsetMs(early) === offsetBefore;
  const lateHolds = offsetMs(late) === offsetAfter;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (earlyHolds) return early;
  if (lateHolds) return late;
  // Midnight falls in the gap of a jump forward: the day begins at the jump, the first whole
  // second (offsets change on whole seconds) that has the later offset.
  let lowS = Math.floor(late / 1000);
  let highS = Math.ceil(early / 1000);
  while (highS - lowS > 1) {
    const middleS = lowS + Math.floor((highS - lowS) / 2);
    if (offsetMs(middleS * 1000) === offsetAfter) highS = middleS;
    else lowS = middleS;
  }
  return highS * 1000;
}

// The instant of a local midnight when `candidateMs` is the offset in force over the whole day
// of real time before it (then no earlier instant reached midnight); NaN when it is not.
function midnightWithOffset(
  midnightWallMs: number,
  candidateMs: number,
  offsetMs: (atMs: number) => number,
): number {
  const instant = midnightWallMs - candidateMs;
  if (offsetMs(instant - DAY_MS) === candidateMs && offsetMs(instant) === candidateMs)
    return instant;
  return Number.NaN;
}

// A period is named by a key: the local day number of its first date for days and weeks, the
// month index (year · 12 + month − 1) of its first month for the month-based periods.
function periodKey(period: Period, dayNumber: number): number {
  if (period === 'day') return dayNumber;
  // 1970-01-01 was a Thursday: (day + 3) mod 7 counts the days since Monday (ISO weeks).
  if (period === 'week') return dayNumber - positiveModulo(dayNumber + 3, 7);
  const monthIndex = monthIndexOfDay(dayNumber);
  if (period === 'month') return monthIndex;
  if (period === 'quarter') return monthIndex - positiveModulo(monthIndex, 3);
  // Seasons begin in December, March, June and September: DJF carries its December's year.
  if (period === 'season') return monthIndex - positiveModulo(monthIndex + 1, 3);
  return monthIndex - positiveModulo(monthIndex, 12);
}

function nextKey(period: Period, key: number): number {
  if (period === 'day') return key + 1;
  if (period === 'week') return key + 7;
  return key + MONTHS[period];
}

function firstDayOfKey(period: Period, key: number): number {
  if (period === 'day' || period === 'week') return key;
  return daysFromCivil(Math.floor(key / 12), positiveModulo(key, 12) + 1, 1);
}

function positiveModulo(a: number, b: number): number {
  return ((a % b) + b) % b;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil: years
// counted from March, so the leap day ends each 400-year era's year).
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * year · 12 + month − 1 of a local date (days since 1970-01-01): H. Hinnant's civil-from-days
 * arithmetic, months only, for every date of the ECMAScript range.
 *
 * @example
 * monthIndexOfDay(19_782); // 24_290 (2024-02-29: 2024 · 12 + 2 − 1)
 */
export function monthIndexOfDay(dayNumber: number): number {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + month - 1;
}

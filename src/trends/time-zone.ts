import { argumentError } from '../arguments/describe-value.js';

// The time zone of every calendar rule in airq/trends: a fixed offset in minutes, or an IANA
// name read through the engine's Intl (no tz database of our own, so results follow the
// engine's version of it). The wall time of an instant is `atMs + offsetMs(atMs)`.

/**
 * A time zone: minutes east of UTC (an integer in [−1080, 1080]: `60` = UTC+1, `-300` =
 * UTC−5, `330` = India), or an IANA name such as `'Europe/Warsaw'` (`'UTC'` is a name too).
 */
export type TimeZone = number | string;

const MINUTE_MS = 60_000;
const SECOND_MS = 1000;
const DAY_MS = 86_400_000;
const DAY_S = 86_400;
const MAX_OFFSET_MINUTES = 1080;
// Intl formats instants only inside the ECMAScript date range (±8.64e15 ms), and the wall clock
// must fit in it too: beyond two days inside the edge, the offset there stands in.
const EDGE_S = 8.64e12 - 2 * DAY_S;

/**
 * Reads the offset of a time zone at any instant: `wall = atMs + offsetMs(atMs)`, in ms.
 *
 * A fixed offset gives a constant function. An IANA name gives a reader that keeps one span of
 * whole seconds over which the offset is known to be constant, and extends it a day at a time:
 * a series read in time order costs one `Intl` call per day of data plus a bisection (about 17
 * calls) per transition, instead of one call per stamp. It assumes no zone changes its offset twice within one
 * day, which no tz database rule does.
 *
 * @param functionName - the public function, for the error message
 * @param timeZone - minutes east of UTC, an IANA name, or `undefined` for UTC (the default)
 * @returns `offsetMs(atMs)`: the offset in force at the instant, in ms (whole seconds)
 * @throws TypeError when `timeZone` is neither a number nor a string; RangeError when it is a
 *   number that is not an integer in [−1080, 1080] or a string the engine does not know as an
 *   IANA zone (offset strings such as `'+01:00'` included: pass minutes instead)
 * @example
 * zoneOffsetReader('f', 60)(0); // 3_600_000
 * zoneOffsetReader('f', 'Europe/Warsaw')(Date.UTC(2024, 6, 1)); // 7_200_000 (summer time)
 * zoneOffsetReader('f', 'Mars/Olympus'); // RangeError: f: options.timeZone must be …
 */
export function zoneOffsetReader(
  functionName: string,
  timeZone: TimeZone | undefined,
): (atMs: number) => number {
  if (timeZone === undefined) return () => 0;
  if (typeof timeZone === 'number') {
    if (Number.isInteger(timeZone) && Math.abs(timeZone) <= MAX_OFFSET_MINUTES) {
      const offsetMs = timeZone * MINUTE_MS + 0; // + 0 turns −0 into 0
      return () => offsetMs;
    }
    throw zoneError(RangeError, functionName, timeZone);
  }
  if (typeof timeZone !== 'string') throw zoneError(TypeError, functionName, timeZone);
  return ianaOffsetReader(functionName, timeZone);
}

/**
 * The local date of an instant as whole days since 1970-01-01:
 * `Math.floor((atMs + offsetMs(atMs)) / 86_400_000)`.
 *
 * @param atMs - epoch milliseconds
 * @param offsetMs - a reader from {@link zoneOffsetReader}
 * @example
 * localDayNumber(Date.UTC(2024, 0, 1, 23), zoneOffsetReader('f', 60)); // 19724 (2024-01-02)
 */
export function localDayNumber(atMs: number, offsetMs: (atMs: number) => number): number {
  return Math.floor((atMs + offsetMs(atMs)) / DAY_MS);
}

function zoneError(
  ErrorType: typeof TypeError | typeof RangeError,
  functionName: string,
  value: unknown,
): TypeError | RangeError {
  const expectation = `must be an integer number of minutes in [-${MAX_OFFSET_MINUTES}, ${MAX_OFFSET_MINUTES}] or an IANA time-zone name`;
  return argumentError(ErrorType, functionName, 'options.timeZone', expectation, value);
}

function ianaOffsetReader(functionName: string, name: string): (atMs: number) => number {
  // Newer engines accept offset strings as zones; older ones do not. Refusing them everywhere
  // keeps the accepted set the same in every process.
  if (name === '' || name[0] === '+' || name[0] === '-') {
    throw zoneError(RangeError, functionName, name);
  }
  const format = formatFor(functionName, name);
  const scratch = new Date(0);
  // The offset at the start of whole second `s`, from the formatted wall clock. `format` with
  // the digits read back costs a third of `formatToParts` (2–3 µs against 8–10 µs a call on
  // Node 20), which is most of aggregatePeriods' time over a decade of IANA months.
  const fields = new Float64Array(6);
  const offsetAtSecond = (s: number): number => {
    const clamped = Math.min(Math.max(s, -EDGE_S), EDGE_S);
    const text = format.format(clamped * SECOND_MS);
    // en-US with Latin digits: month/day/year era, hour:minute:second.
    let field = 0;
    let value = -1;
    let beforeChrist = false;
    for (let c = 0; c < text.length; c++) {
      const code = text.charCodeAt(c);
      if (code >= 48 && code <= 57) {
        value = (value < 0 ? 0 : value * 10) + (code - 48);
        continue;
      }
      if (code === 66) beforeChrist = true; // the B of "BC"
      if (value >= 0 && field < 6) fields[field++] = value;
      value = -1;
    }
    if (value >= 0 && field < 6) fields[field++] = value;
    const [month, day, year, hour, minute, second] = fields as unknown as number[];
    // setUTCFullYear, unlike Date.UTC, takes years 0–99 and astronomical years as they are.
    scratch.setUTCFullYear(
      beforeChrist ? 1 - (year as number) : (year as number),
      (month as number) - 1,
      day,
    );
    scratch.setUTCHours(hour as number, minute, second, 0);
    return scratch.getTime() - clamped * SECOND_MS;
  };

  // The offset is `offset` on the whole seconds [fromS, toS).
  let fromS = 0;
  let toS = 0;
  let offset = 0;
  // The first whole second in (knownS, probeS] whose offset differs from that of knownS;
  // offsetAtSecond(probeS) is known to differ.
  const firstChange = (knownS: number, probeS: number, knownOffset: number): number => {
    let low = knownS;
    let high = probeS;
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2);
      if (offsetAtSecond(middle) === knownOffset) low = middle;
      else high = middle;
    }
    return high;
  };
  const refresh = (s: number): number => {
    if (s >= toS && s < toS + DAY_S && toS > fromS) {
      // Just past the span (a series read forwards): look a day ahead of its last second.
      const lastS = toS - 1;
      const probeS = lastS + DAY_S;
      const probeOffset = offsetAtSecond(probeS);
      if (probeOffset === offset) {
        toS = probeS + 1;
        return offset;
      }
      if (s === probeS) {
        // A day exactly past the span (a period start looked at a day before): the probe is
        // the answer, and where the change lies in between does not matter here.
        fromS = s;
        toS = s + 1;
        offset = probeOffset;
        return offset;
      }
      const changeS = firstChange(lastS, probeS, offset);
      if (s < changeS) {
        toS = changeS;
        return offset;
      }
      return settle(s, changeS, probeS);
    }
    if (s < fromS && s >= fromS - DAY_S && toS > fromS) {
      // Just before the span (read backwards, or a look back a day from a period start): the
      // same offset at `s` held all the way to the span, as no zone changes twice in a day.
      const atS = offsetAtSecond(s);
      if (atS === offset) {
        fromS = s;
        return offset;
      }
      fromS = s;
      toS = s + 1;
      offset = atS;
      return offset;
    }
    fromS = s;
    toS = s + 1;
    offset = offsetAtSecond(s);
    return offset;
  };
  // Narrows a stretch [startS, endS] known to begin with one offset and end with another
  // (a second transition inside a day is handled too) to the run holding `s`.
  const settle = (s: number, startS: number, endS: number): number => {
    let runStartS = startS;
    let runOffset = offsetAtSecond(startS);
    const endOffset = offsetAtSecond(endS);
    let runEndS = endS + 1;
    while (runOffset !== endOffset) {
      const changeS = firstChange(runStartS, endS, runOffset);
      if (s < changeS) {
        runEndS = changeS;
        break;
      }
      runStartS = changeS;
      runOffset = offsetAtSecond(changeS);
    }
    fromS = runStartS;
    toS = runEndS;
    offset = runOffset;
    return offset;
  };
  return (atMs: number): number => {
    const s = Math.floor(atMs / SECOND_MS);
    if (s >= fromS && s < toS) return offset;
    return refresh(s);
  };
}

// Formatters by zone name. Building one costs 0.2–0.4 ms, more than reading a decade of months,
// and a formatter never changes, so this cache cannot change any result; it is bounded so that a
// caller cycling through names cannot grow it without end.
const FORMATS = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 64;

function formatFor(functionName: string, name: string): Intl.DateTimeFormat {
  const cached = FORMATS.get(name);
  if (cached !== undefined) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      numberingSystem: 'latn',
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw zoneError(RangeError, functionName, name);
  }
  if (FORMATS.size >= MAX_FORMATS) FORMATS.clear();
  FORMATS.set(name, format);
  return format;
}

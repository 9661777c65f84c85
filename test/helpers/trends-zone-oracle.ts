// A naive reading of time zones for the trends tests, written from the reference (§3) without
// src/trends: one Intl call per instant, no cache, and the wall clock rebuilt field by field.
// Slow on purpose and obviously right for the years the tests use (1900–2100).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall clock of an instant (whole seconds) in a zone: minutes east of UTC or an IANA name. */
export function naiveWallMs(atMs: number, zone: number | string): number {
  if (typeof zone === 'number') return atMs + zone * 60_000;
  const secondMs = Math.floor(atMs / 1000) * 1000;
  const parts = formatFor(zone).formatToParts(secondMs);
  const field = (type: string): number => {
    const part = parts.find((p) => p.type === type);
    if (part === undefined) throw new Error(`no ${type} in the formatted date`);
    return Number(part.value);
  };
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall + (atMs - secondMs);
}

/** The offset in ms of a zone at an instant: wall − instant. */
export function naiveOffsetMs(atMs: number, zone: number | string): number {
  return naiveWallMs(atMs, zone) - atMs;
}

/** The local date of an instant, as whole days since 1970-01-01. */
export function naiveLocalDay(atMs: number, zone: number | string): number {
  return Math.floor(naiveWallMs(atMs, zone) / 86_400_000);
}

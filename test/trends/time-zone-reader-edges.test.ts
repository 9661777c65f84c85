// Two edges of zoneOffsetReader (src/trends/time-zone.ts):
// - offset strings ('+01:00', '-05:00') and the empty name are refused on every engine. Node
//   20's Intl refuses them itself; newer engines accept offset zones, and airq refuses them
//   before asking Intl so that the accepted set is the same in every process. An engine that
//   accepts them is stood in for by an Intl.DateTimeFormat that takes any zone (as UTC);
// - the reader keeps a span of seconds with one known offset and extends it a day at a time: a
//   read one day and one second past the span's last second, exactly at a transition, must
//   not be answered from the day-ahead probe. Checked against one naive Intl call per instant
//   (test/helpers/trends-zone-oracle.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { zoneOffsetReader } from '../../src/trends/time-zone.js';
import { naiveOffsetMs } from '../helpers/trends-zone-oracle.js';

const RealDateTimeFormat = Intl.DateTimeFormat;

/** An Intl.DateTimeFormat that accepts any time zone, reading it as UTC. */
class AcceptingDateTimeFormat extends RealDateTimeFormat {
  constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    super(locales, { ...options, timeZone: 'UTC' });
  }
}

function useDateTimeFormat(value: typeof Intl.DateTimeFormat): void {
  Object.defineProperty(Intl, 'DateTimeFormat', { value, writable: true, configurable: true });
}

afterEach(() => useDateTimeFormat(RealDateTimeFormat));

const SECOND = 1000;
const DAY = 86_400_000;
const message = (value: string) =>
  `theilSen: options.timeZone must be an integer number of minutes in [-1080, 1080] or an IANA time-zone name, got ${JSON.stringify(value)}`;

describe('offset strings and the empty name', () => {
  const refused = ['', '+01:00', '-05:00', '+0530', '-03', '+'];

  it('are refused even by an engine whose Intl accepts them', () => {
    useDateTimeFormat(AcceptingDateTimeFormat as typeof Intl.DateTimeFormat);
    // The stand-in does accept them.
    expect(new Intl.DateTimeFormat('en-US', { timeZone: '+01:00' }).format(0)).toBe('1/1/1970');
    for (const name of refused) {
      expect(() => zoneOffsetReader('theilSen', name)).toThrow(RangeError);
      expect(() => zoneOffsetReader('theilSen', name)).toThrow(message(name));
    }
  });

  it('are refused by this engine with the same message', () => {
    for (const name of refused)
      expect(() => zoneOffsetReader('theilSen', name)).toThrow(message(name));
  });
});

describe('reads just past the known span', () => {
  // Europe/Warsaw went from +1 h to +2 h at 2024-03-31T01:00:00Z.
  const change = Date.UTC(2024, 2, 31, 1);

  it('a read one day and one second after the last, at the transition itself', () => {
    const reader = zoneOffsetReader('f', 'Europe/Warsaw');
    const first = change - DAY - SECOND;
    expect(reader(first)).toBe(3_600_000);
    expect(reader(change)).toBe(7_200_000);
    expect(reader(change - SECOND)).toBe(3_600_000);
  });

  it('agrees with a naive reading for reads a day and a few seconds apart around changes', () => {
    const changes = [
      ['Europe/Warsaw', change],
      ['Europe/Warsaw', Date.UTC(2024, 9, 27, 1)],
      ['America/Sao_Paulo', Date.UTC(2018, 10, 4, 3)],
      ['Pacific/Apia', Date.UTC(2011, 11, 30, 10)],
    ] as const;
    for (const [zone, at] of changes) {
      for (const gap of [-2, -1, 0, 1, 2]) {
        for (const before of [-1, 0, 1]) {
          const reader = zoneOffsetReader('f', zone);
          const reads = [at - DAY + before * SECOND, at + gap * SECOND];
          for (const t of reads) expect(reader(t), `${zone} ${t}`).toBe(naiveOffsetMs(t, zone));
        }
      }
    }
  });
});

// The `--follow…` flags read together: worked examples of every refusal, the defaults written
// out by hand from the sources' published terms, and properties over valid boxes and durations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FOLLOWED_SOURCES,
  type FollowFlags,
  readFollowConfig,
} from '../../src/follow/follow-options.js';
import { RUNS } from '../helpers/property-runs.js';

const BOX = '49.97,19.79,50.13,20.22';
const KRAKOW = { minLat: 49.97, minLng: 19.79, maxLat: 50.13, maxLng: 20.22 };
const KEYS = { AIRQ_OPENAQ_KEY: 'oa-key-1', AIRQ_PURPLEAIR_KEY: 'pa-key-2' };

const flags = (given: Partial<FollowFlags>): FollowFlags => ({
  follow: [],
  box: undefined,
  every: [],
  url: [],
  indoor: false,
  ...given,
});

function refusal(given: Partial<FollowFlags>, env: Record<string, string> = KEYS): string {
  const read = readFollowConfig(flags(given), env);
  if (read.ok) throw new Error(`accepted: ${JSON.stringify(read.config)}`);
  return read.message;
}

function sources(given: Partial<FollowFlags>, env: Record<string, string> = KEYS) {
  const read = readFollowConfig(flags(given), env);
  if (!read.ok) throw new Error(read.message);
  return read.config?.sources;
}

describe('readFollowConfig: what is read', () => {
  it('gives nothing without --follow', () => {
    expect(readFollowConfig(flags({}), KEYS)).toEqual({ ok: true, config: undefined });
  });

  it("fills in each source's defaults: production URL, interval, key from its variable", () => {
    const all = ['sensor-community', 'openaq', 'purpleair'];
    expect(sources({ follow: all, box: BOX })).toEqual([
      {
        name: 'sensor-community',
        everyMs: 60_000,
        box: KRAKOW,
        indoor: false,
        baseUrl: 'https://data.sensor.community',
      },
      {
        name: 'openaq',
        everyMs: 600_000,
        box: KRAKOW,
        indoor: false,
        baseUrl: 'https://api.openaq.org',
        key: 'oa-key-1',
      },
      {
        name: 'purpleair',
        everyMs: 600_000,
        box: KRAKOW,
        indoor: false,
        baseUrl: 'https://api.purpleair.com',
        key: 'pa-key-2',
      },
    ]);
    expect(Object.isFrozen(FOLLOWED_SOURCES) && Object.isFrozen(FOLLOWED_SOURCES.openaq)).toBe(
      true,
    );
  });

  it('keeps --follow order, reads intervals for all or per source, URLs, indoor, trimmed keys', () => {
    const read = sources(
      {
        follow: ['purpleair', 'sensor-community'],
        box: ' -20 , 170 , -10 , -170 ',
        every: ['2m', 'sensor-community=1s'],
        url: ['sensor-community=http://127.0.0.1:9000/sc//', 'purpleair=https://mirror.example/pa'],
        indoor: true,
      },
      { AIRQ_PURPLEAIR_KEY: '  pa-key \n' },
    );
    const box = { minLat: -20, minLng: 170, maxLat: -10, maxLng: -170 };
    expect(read).toEqual([
      {
        name: 'purpleair',
        everyMs: 120_000,
        box,
        indoor: true,
        baseUrl: 'https://mirror.example/pa',
        key: 'pa-key',
      },
      {
        name: 'sensor-community',
        everyMs: 1000,
        box,
        indoor: true,
        baseUrl: 'http://127.0.0.1:9000/sc',
      },
    ]);
    expect(sources({ follow: ['openaq'], box: BOX, every: ['openaq=1d'] })?.[0]?.everyMs).toBe(
      86_400_000,
    );
  });
});

describe('readFollowConfig: every refusal, in the words of the CLI', () => {
  it('refuses the other flags without --follow', () => {
    expect(refusal({ box: BOX })).toBe('--follow-box needs --follow SOURCE (what to follow)');
    expect(refusal({ every: ['1m'] })).toBe(
      '--follow-every needs --follow SOURCE (what to follow)',
    );
    expect(refusal({ url: ['openaq=http://x'] })).toBe(
      '--follow-url needs --follow SOURCE (what to follow)',
    );
    expect(refusal({ indoor: true })).toBe(
      '--follow-indoor needs --follow SOURCE (what to follow)',
    );
  });

  it('refuses an unknown or repeated source, and a follow without a box', () => {
    expect(refusal({ follow: ['luftdaten'], box: BOX })).toBe(
      '--follow must be one of sensor-community, openaq, purpleair, got "luftdaten"',
    );
    expect(refusal({ follow: ['openaq', 'openaq'], box: BOX })).toBe('--follow names openaq twice');
    expect(refusal({ follow: ['openaq'] })).toBe(
      '--follow needs --follow-box minLat,minLng,maxLat,maxLng (the area to follow; minLng > maxLng crosses 180°)',
    );
  });

  it('refuses a box as the network route refuses one', () => {
    const box = (text: string) => refusal({ follow: ['sensor-community'], box: text });
    const shape = 'must be four decimal degrees minLat,minLng,maxLat,maxLng';
    expect(box('49,19,50')).toBe(`--follow-box ${shape}, got "49,19,50"`);
    expect(box('49,19,50,20,1')).toBe(`--follow-box ${shape}, got "49,19,50,20,1"`);
    expect(box('49,,50,20')).toBe(`--follow-box ${shape}, got "49,,50,20"`);
    expect(box('')).toBe(`--follow-box ${shape}, got ""`);
    expect(box('north,19,50,20')).toBe(
      '--follow-box minLat must be a decimal number in [-90, 90], got "north"',
    );
    expect(box('49,19,90.5,20')).toBe(
      '--follow-box maxLat must be a decimal number in [-90, 90], got "90.5"',
    );
    expect(box('49,-180.01,50,20')).toBe(
      '--follow-box minLng must be a decimal number in [-180, 180], got "-180.01"',
    );
    expect(box('49,19,50,1e1')).toBe(
      '--follow-box maxLng must be a decimal number in [-180, 180], got "1e1"',
    );
    expect(box('49,19,50,0x10')).toBe(
      '--follow-box maxLng must be a decimal number in [-180, 180], got "0x10"',
    );
    expect(box('50.2,19,50.1,20')).toBe(
      '--follow-box minLat must not exceed maxLat (50.1), got "50.2"',
    );
  });

  it('refuses a bad interval, a source not followed, and an interval given twice', () => {
    const every = (...texts: string[]) =>
      refusal({ follow: ['sensor-community', 'openaq'], box: BOX, every: texts });
    const expectation =
      'must be a duration from 1s to 1d such as 30s, 5m or 1h, or SOURCE=DURATION';
    for (const text of [
      'x',
      '0s',
      '999ms',
      '1.5m',
      '2d',
      '25h',
      '1441m',
      '86401s',
      '5',
      ' 5m',
      '5M',
    ]) {
      expect(every(text)).toBe(`--follow-every ${expectation}, got ${JSON.stringify(text)}`);
    }
    expect(every('openaq=0s')).toBe(`--follow-every ${expectation}, got "openaq=0s"`);
    expect(every('openaq=')).toBe(`--follow-every ${expectation}, got "openaq="`);
    expect(every('luftdaten=5m')).toBe(
      '--follow-every must start with a source (sensor-community, openaq, purpleair) before =, got "luftdaten=5m"',
    );
    expect(every('purpleair=5m')).toBe(
      '--follow-every names purpleair, which is not followed (add --follow purpleair)',
    );
    expect(every('openaq=5m', 'openaq=6m')).toBe('--follow-every gives openaq twice');
    expect(every('5m', '6m')).toBe('--follow-every gives the interval of every source twice');
  });

  it('refuses a bad base URL without ever echoing credentials', () => {
    const url = (...texts: string[]) => refusal({ follow: ['openaq'], box: BOX, url: texts });
    const expectation = 'must be an http(s) URL without credentials, query or fragment';
    expect(url('http://127.0.0.1:9000')).toBe(
      '--follow-url must be SOURCE=URL, got "http://127.0.0.1:9000"',
    );
    for (const text of [
      'ftp://mirror.example',
      'mirror.example',
      'http://',
      'http:///path',
      'https://mirror.example/v3?limit=5',
      'https://mirror.example/#top',
      'https://mirror example',
    ]) {
      expect(url(`openaq=${text}`)).toBe(
        `--follow-url openaq ${expectation}, got ${JSON.stringify(text)}`,
      );
    }
    const secret = url('openaq=https://me:hunter2@mirror.example');
    expect(secret).toBe(
      `--follow-url openaq ${expectation}, got a text with @ (not shown: it may hold a password)`,
    );
    expect(url('openaq:hunter2@mirror')).not.toContain('hunter2');
    expect(url('purpleair=http://x')).toBe(
      '--follow-url names purpleair, which is not followed (add --follow purpleair)',
    );
    expect(url('openaq=http://a', 'openaq=http://b')).toBe('--follow-url gives openaq twice');
  });

  it('names the variable of a missing or unusable key, never the key', () => {
    const follow = (name: string, env: Record<string, string>) =>
      refusal({ follow: [name], box: BOX }, env);
    expect(follow('openaq', {})).toBe(
      "--follow openaq needs OpenAQ's API key in AIRQ_OPENAQ_KEY, which is not set",
    );
    expect(follow('purpleair', { AIRQ_PURPLEAIR_KEY: '  ' })).toBe(
      "--follow purpleair needs PurpleAir's API key in AIRQ_PURPLEAIR_KEY, which is not set",
    );
    const spaced = follow('openaq', { AIRQ_OPENAQ_KEY: 'my secret key' });
    expect(spaced).toBe(
      'AIRQ_OPENAQ_KEY must be visible ASCII without spaces (the key is not shown)',
    );
    expect(follow('purpleair', { AIRQ_PURPLEAIR_KEY: 'clé' })).not.toContain('clé');
    // Sensor.Community needs none; an unused key is not read.
    expect(sources({ follow: ['sensor-community'], box: BOX }, {})?.[0]).not.toHaveProperty('key');
  });
});

// Oracles of the properties: a decimal text built by hand from an integer of millionths, and
// the length of a duration from a unit table written out here.
const decimalText = (millionths: number) => {
  const sign = millionths < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(millionths) / 1e6);
  const fraction = String(Math.abs(millionths) % 1e6).padStart(6, '0');
  return `${sign}${whole}.${fraction}`;
};
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

describe('readFollowConfig (properties)', () => {
  it('reads every valid box, across the antimeridian too, to the numbers written', () => {
    const latitude = fc.integer({ min: -90e6, max: 90e6 });
    const longitude = fc.integer({ min: -180e6, max: 180e6 });
    fc.assert(
      fc.property(latitude, latitude, longitude, longitude, (a, b, minLng, maxLng) => {
        const [minLat, maxLat] = a <= b ? [a, b] : [b, a];
        const texts = [minLat, minLng, maxLat, maxLng].map(decimalText);
        const read = sources({ follow: ['sensor-community'], box: texts.join(',') }, {});
        const [south, west, north, east] = texts.map(Number);
        expect(read?.[0]?.box).toEqual({
          minLat: south,
          minLng: west,
          maxLat: north,
          maxLng: east,
        });
        if (a !== b) {
          const swapped = [maxLat, minLng, minLat, maxLng].map(decimalText).join(',');
          const message = refusal({ follow: ['sensor-community'], box: swapped }, {});
          expect(message).toMatch(/^--follow-box minLat must not exceed maxLat/);
        }
      }),
      RUNS,
    );
  });

  it('takes a duration exactly when it is 1s to 1d, for all sources or one', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 999_999_999 })),
        fc.constantFrom('s', 'm', 'h', 'd'),
        fc.boolean(),
        (count, unit, perSource) => {
          const ms = count * UNIT_MS[unit]!;
          const text = `${perSource ? 'openaq=' : ''}${count}${unit}`;
          const read = readFollowConfig(
            flags({ follow: ['openaq', 'sensor-community'], box: BOX, every: [text] }),
            KEYS,
          );
          if (ms < 1000 || ms > 86_400_000) {
            expect(read.ok).toBe(false);
            return;
          }
          if (!read.ok) throw new Error(read.message);
          const everyMs = read.config?.sources.map((source) => source.everyMs);
          expect(everyMs).toEqual([ms, perSource ? 60_000 : ms]);
        },
      ),
      RUNS,
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FollowedSourceName } from '../../src/follow/followed-batch.js';
import { SOURCE_ATTRIBUTIONS, sourceAttributions } from '../../src/follow/source-attributions.js';
import { RUNS } from '../helpers/property-runs.js';

// The credit and licence of each followed source, as the sources' own pages state them:
// Sensor.Community's archive licence note (https://archive.sensor.community/00disclamer.md:
// ODbL 1.0 for the database), OpenAQ's terms (https://docs.openaq.org/about/terms), PurpleAir's
// data licence and attribution guide (https://www2.purpleair.com/pages/license,
// https://www2.purpleair.com/pages/attribution). Written out by hand here, not read from src.
const EXPECTED = {
  'sensor-community': {
    text: 'Sensor.Community',
    url: 'https://sensor.community',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
  },
  openaq: {
    text: 'OpenAQ',
    url: 'https://openaq.org',
    licence: 'Terms of Use',
    licenceUrl: 'https://docs.openaq.org/about/terms',
  },
  purpleair: {
    text: 'PurpleAir',
    url: 'https://www.purpleair.com',
    licence: 'Data License',
    licenceUrl: 'https://www2.purpleair.com/pages/license',
  },
};
const NAMES: FollowedSourceName[] = ['sensor-community', 'openaq', 'purpleair'];

describe('SOURCE_ATTRIBUTIONS', () => {
  it('credits every followed source with its link and licence, frozen', () => {
    expect(SOURCE_ATTRIBUTIONS).toEqual(EXPECTED);
    expect(Object.isFrozen(SOURCE_ATTRIBUTIONS)).toBe(true);
    for (const name of NAMES) {
      expect(Object.isFrozen(SOURCE_ATTRIBUTIONS[name])).toBe(true);
      // The page links only http(s); every link here is https.
      expect(SOURCE_ATTRIBUTIONS[name].url).toMatch(/^https:\/\/[^\s"<>]+$/);
      expect(SOURCE_ATTRIBUTIONS[name].licenceUrl).toMatch(/^https:\/\/[^\s"<>]+$/);
    }
  });
});

describe('sourceAttributions', () => {
  it('gives the credits in the order first named, each once', () => {
    expect(sourceAttributions([])).toEqual([]);
    expect(sourceAttributions(['purpleair'])).toEqual([EXPECTED.purpleair]);
    expect(sourceAttributions(['openaq', 'sensor-community', 'openaq'])).toEqual([
      EXPECTED.openaq,
      EXPECTED['sensor-community'],
    ]);
    expect(sourceAttributions(new Set(NAMES)).map((a) => a.text)).toEqual([
      'Sensor.Community',
      'OpenAQ',
      'PurpleAir',
    ]);
    expect(Object.isFrozen(sourceAttributions(['openaq']))).toBe(true);
  });

  it('is the first occurrences of any list of names, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...NAMES), { maxLength: 8 }), (names) => {
        const firsts = names.filter((name, index) => names.indexOf(name) === index);
        expect(sourceAttributions(names)).toEqual(firsts.map((name) => EXPECTED[name]));
      }),
      RUNS,
    );
  });

  it('refuses a name that is not a followed source, naming it', () => {
    expect(() => sourceAttributions(['openaq', 'airly' as FollowedSourceName])).toThrow(
      new RangeError(
        'sourceAttributions: names[] must be one of sensor-community, openaq, purpleair, got "airly"',
      ),
    );
  });
});

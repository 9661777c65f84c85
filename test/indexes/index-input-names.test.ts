import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAQI_TABLE } from '../../src/indexes/caqi.js';
import { computeIndex, computeIndexWithTable } from '../../src/indexes/compute-index.js';
import { EAQI_INDEX } from '../../src/indexes/eaqi.js';
import { computeIndexWith } from '../../src/indexes/evaluate-index.js';
import { gridIndex } from '../../src/indexes/grid-index.js';
import { INDEX_INPUT_NAMES } from '../../src/indexes/index-definition.js';
import { defineIndexTable } from '../../src/indexes/index-table.js';
import { REFERENCE_INPUT_NAMES as INPUT_NAMES } from '../helpers/index-reference-tables.js';
import { RUNS } from '../helpers/property-runs.js';

// The input names of an index: a key that differs from one only in case or punctuation is a
// TypeError naming the right spelling, in every function that computes an index, built-in or
// of one's own. Expected names and messages are written here and in test/helpers.

// The oracle of "differs only in case or punctuation": upper case, letters and digits only.
const loose = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

const spellingError = (fn: string, right: string, key: string) =>
  new TypeError(`${fn}: concentrations key must be spelt "${right}", got ${JSON.stringify(key)}`);

describe('misspelt input names', () => {
  it.each([
    ['PM2.5', 'PM25'],
    ['pm25', 'PM25'],
    ['Pm10', 'PM10'],
    ['pm_10', 'PM10'],
    ['o3', 'O3'],
    ['no2', 'NO2'],
    ['So2', 'SO2'],
    ['co', 'CO'],
    ['o3_1h', 'O3_1H'],
    ['O3-1H', 'O3_1H'],
    ['o3_4h', 'O3_4H'],
    ['O3 4H', 'O3_4H'],
    ['SO2 24h', 'SO2_24H'],
    ['PM 2,5', 'PM25'],
  ])('%s is a TypeError naming %s, in every function that computes an index', (key, right) => {
    const concentrations = { [key]: 30, PM10: 20 } as Record<string, number>;
    expect(() => computeIndex(concentrations)).toThrow(spellingError('computeIndex', right, key));
    expect(() => computeIndex(concentrations, { indexType: 'US_AQI' })).toThrow(
      spellingError('computeIndex', right, key),
    );
    expect(() => computeIndexWith(EAQI_INDEX, concentrations)).toThrow(
      spellingError('computeIndexWith', right, key),
    );
    expect(() => computeIndexWithTable(CAQI_TABLE, concentrations)).toThrow(
      spellingError('computeIndexWithTable', right, key),
    );
  });

  it('lets through the right names, other measurement names and names that only look alike', () => {
    const concentrations = {
      PM25: 10,
      PM10: 20,
      O3_1H: 1,
      O3_4H: 1,
      SO2_24H: 1,
      PM1: 5,
      NO: 3,
      TEMPERATURE: 4,
      HUMIDITY: 60,
      PM2: 1,
      O31: 1,
      PM250: 1,
      '': 1,
      '.': 1,
    };
    expect(computeIndex(concentrations, { indexType: 'CAQI' }).value).toBe(20);
    expect(computeIndex(concentrations, { indexType: 'US_AQI' }).dominantPollutant).toBe('PM25');
  });

  it('lists the input names of every built-in index', () => {
    expect([...INDEX_INPUT_NAMES]).toEqual(INPUT_NAMES);
    expect(Object.isFrozen(INDEX_INPUT_NAMES)).toBe(true);
  });

  it('checks the inputs of an index of your own too', () => {
    const text = { en: 'Text.', pl: 'Tekst.' };
    const nh3 = gridIndex(
      defineIndexTable({
        name: 'NH3_ONLY',
        indexBreakpoints: [0, 10],
        grids: { NH3: [0, 100] },
        countedPollutants: ['NH3'],
        levelBounds: 'lower-inclusive',
        levels: [
          {
            level: 'ANY',
            minValue: 0,
            maxValue: null,
            color: '#00AA00',
            description: text,
            advice: text,
          },
        ],
      }),
    );
    expect(computeIndexWith(nh3, { NH3: 50 }).value).toBe(5);
    expect(() => computeIndexWith(nh3, { nh_3: 50 } as never)).toThrow(
      spellingError('computeIndexWith', 'NH3', 'nh_3'),
    );
    expect(() => computeIndexWith(nh3, { pm25: 50 } as never)).toThrow(
      spellingError('computeIndexWith', 'PM25', 'pm25'),
    );
  });

  it('throws exactly when a key is not an input name but equals one loosely (property)', () => {
    const variantArb = fc
      .tuple(
        fc.constantFrom(...INPUT_NAMES),
        fc.array(fc.constantFrom('.', '_', '-', ' ', ',', '/', 'a', 'x', '5', ''), {
          maxLength: 3,
        }),
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        fc.nat({ max: 9 }),
      )
      .map(([name, extra, lower, at]) => {
        const cased = [...name].map((c, i) => (lower[i] ? c.toLowerCase() : c)).join('');
        return cased.slice(0, at) + extra.join('') + cased.slice(at);
      });
    fc.assert(
      fc.property(fc.oneof(variantArb, fc.string({ maxLength: 8 })), (key) => {
        const meant = INPUT_NAMES.find((name) => loose(name) === loose(key));
        const call = () => computeIndex({ [key]: 1 } as Record<string, number>);
        if (INPUT_NAMES.includes(key) || meant === undefined) expect(call).not.toThrow();
        else expect(call).toThrow(spellingError('computeIndex', meant, key));
      }),
      RUNS,
    );
  });
});

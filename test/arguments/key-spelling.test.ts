import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKeySpelling, checkKnownKeys } from '../../src/arguments/key-spelling.js';

describe('checkKeySpelling', () => {
  const names = ['PM25', 'O3_1H'];
  const check =
    (value: object, more: readonly string[] = []) =>
    () =>
      checkKeySpelling('f', 'concentrations', value, names, more);

  it('names the function, the key and the right spelling', () => {
    expect(check({ 'PM2.5': 1 })).toThrow(
      new TypeError('f: concentrations key must be spelt "PM25", got "PM2.5"'),
    );
    expect(check({ pm25: 1 })).toThrow(
      new TypeError('f: concentrations key must be spelt "PM25", got "pm25"'),
    );
    expect(check({ 'o3-1h': 1 })).toThrow(
      new TypeError('f: concentrations key must be spelt "O3_1H", got "o3-1h"'),
    );
    expect(check({ nh3: 1 }, ['NH3'])).toThrow(
      new TypeError('f: concentrations key must be spelt "NH3", got "nh3"'),
    );
  });

  it('lets exact names, other names and empty objects through', () => {
    expect(check({})).not.toThrow();
    expect(
      check({ PM25: 1, O3_1H: 2, TEMPERATURE: 3, PM2: 4, PM250: 5, O31: 6, '': 7, '-': 8 }),
    ).not.toThrow();
    expect(check({ nh3: 1 }, ['nh3'])).not.toThrow();
    expect(check({ NH3: 1 })).not.toThrow();
  });

  it('throws exactly for a key that is no name but equals one without case and punctuation (property)', () => {
    const loose = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const keyArb = fc.oneof(
      fc.string({ maxLength: 7 }),
      fc
        .tuple(
          fc.constantFrom(...names),
          fc.string({ unit: fc.constantFrom('.', ' ', '_', 'p', '2'), maxLength: 3 }),
          fc.nat({ max: 5 }),
        )
        .map(([name, extra, at]) => (name.slice(0, at) + extra + name.slice(at)).toLowerCase()),
    );
    fc.assert(
      fc.property(keyArb, (key) => {
        const meant = names.find((name) => loose(name) === loose(key));
        if (names.includes(key) || meant === undefined) expect(check({ [key]: 1 })).not.toThrow();
        else
          expect(check({ [key]: 1 })).toThrow(
            `must be spelt "${meant}", got ${JSON.stringify(key)}`,
          );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('checkKnownKeys', () => {
  const check = (value: object) => () => checkKnownKeys('f', 'options', value, ['method', 'kappa']);

  it('names the function, the first unknown key and the known ones', () => {
    expect(check({ method: 'KAPPA', kapa: 0.3 })).toThrow(
      new TypeError('f: options key must be one of method, kappa, got "kapa"'),
    );
    expect(check({ x: 1, y: 2 })).toThrow('got "x"');
  });

  it('lets known keys, empty objects and inherited keys through', () => {
    expect(check({})).not.toThrow();
    expect(check({ method: 'KAPPA', kappa: undefined })).not.toThrow();
    expect(check(Object.create({ inherited: 1 }))).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { parseInstallationsJson } from '../../src/store/installations-json.js';
import { installation } from '../helpers/store-fixtures.js';

describe('parseInstallationsJson', () => {
  it('parses a JSON array of installations with successorId and removed', () => {
    const list = [
      installation(1, { successorId: 2 }),
      installation(2),
      installation(3, { removed: true }),
    ];
    expect(parseInstallationsJson(JSON.stringify(list), 'i.json')).toEqual({
      installations: list,
      issues: [],
    });
  });

  it('tolerates a byte order mark', () => {
    expect(
      parseInstallationsJson(`\uFEFF${JSON.stringify([installation(1)])}`, 'i.json').issues,
    ).toEqual([]);
  });

  it('reports text that is not JSON', () => {
    const { installations, issues } = parseInstallationsJson('[{"id": 1,]', 'i.json');
    expect(installations).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.file).toBe('i.json');
    expect(issues[0]?.message).toMatch(/^not valid JSON: /);
  });

  it('requires an array at the top level', () => {
    expect(parseInstallationsJson('{"installations": []}', 'i.json').issues).toEqual([
      { file: 'i.json', message: 'must hold a JSON array of installations at the top level' },
    ]);
  });

  it('names the array index and the field of every bad value', () => {
    const bad = [
      installation(1),
      { ...installation(2), vendor: 'no', location: { latitude: 50, longitude: 200 } },
    ];
    expect(parseInstallationsJson(JSON.stringify(bad), 'i.json').issues).toEqual([
      {
        file: 'i.json',
        index: 1,
        field: 'location.longitude',
        message: 'must be a number in [-180, 180], got 200',
      },
      { file: 'i.json', index: 1, field: 'vendor', message: 'must be a boolean, got "no"' },
    ]);
  });

  it('reports cycles, unknown successors and duplicates naming the ids', () => {
    const list = [
      installation(1, { successorId: 2 }),
      installation(2, { successorId: 1 }),
      installation(3, { successorId: 30 }),
      installation(3),
    ];
    expect(parseInstallationsJson(JSON.stringify(list), 'i.json').issues).toEqual([
      {
        file: 'i.json',
        index: 3,
        message: 'installation id 3 appears more than once (positions 2 and 3)',
      },
      {
        file: 'i.json',
        index: 2,
        message: 'installation 3 names successor 30, which does not exist',
      },
      { file: 'i.json', index: 0, message: 'replacement cycle 1 → 2 → 1' },
    ]);
  });
});

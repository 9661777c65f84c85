import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  installationIssues,
  isStoredInstallation,
} from '../../src/store/installation-validation.js';
import { storedInstallationArb } from '../helpers/store-arbitraries.js';
import { installation } from '../helpers/store-fixtures.js';

function fieldsOf(value: unknown): string[] {
  return installationIssues(value).map((issue) => issue.field);
}

describe('installationIssues', () => {
  it('accepts a complete installation, with or without successorId and removed', () => {
    expect(installationIssues(installation(1001))).toEqual([]);
    expect(installationIssues(installation(1001, { successorId: 1002, removed: true }))).toEqual(
      [],
    );
  });

  it('accepts empty and null address fields and an address without fields', () => {
    expect(installationIssues(installation(1, { address: { street: '', number: null } }))).toEqual(
      [],
    );
    expect(installationIssues(installation(1, { address: {} }))).toEqual([]);
  });

  it('names the field, the rule and the received value', () => {
    const bad = { ...installation(1), location: { latitude: 91, longitude: 19.9 } };
    expect(installationIssues(bad)).toEqual([
      { field: 'location.latitude', message: 'must be a number in [-90, 90], got 91' },
    ]);
  });

  it.each([
    ['id', { id: 0 }],
    ['id', { id: 1.5 }],
    ['id', { id: '1001' }],
    ['location', { location: null }],
    ['location.longitude', { location: { latitude: 50, longitude: 181 } }],
    ['location.latitude', { location: { latitude: Number.NaN, longitude: 19 } }],
    ['address', { address: 'Floriańska 1' }],
    ['address.street', { address: { street: 12 } }],
    ['elevation', { elevation: '219' }],
    ['elevation', { elevation: Infinity }],
    ['vendor', { vendor: 'yes' }],
    ['sponsor', { sponsor: [] }],
    ['sponsor.id', { sponsor: { id: 1.5, name: 'x' } }],
    ['sponsor.name', { sponsor: { id: 1 } }],
    ['sponsor.logo', { sponsor: { id: 1, name: 'x', logo: null } }],
    ['successorId', { successorId: -4 }],
    ['removed', { removed: 'true' }],
  ])('flags %s in %j', (field, change) => {
    expect(fieldsOf({ ...installation(1), ...change })).toEqual([field]);
  });

  it('collects every problem of a record', () => {
    expect(fieldsOf({ id: -1, vendor: 1 })).toEqual([
      'id',
      'location',
      'address',
      'elevation',
      'vendor',
      'sponsor',
    ]);
  });

  it('rejects a value that is not an object', () => {
    expect(installationIssues(null)).toEqual([
      { field: '', message: 'must be an installation object, got null' },
    ]);
    expect(fieldsOf([installation(1)])).toEqual(['']);
    expect(isStoredInstallation('x')).toBe(false);
  });

  it('accepts every installation the spec allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }).chain(storedInstallationArb), (value) => {
        expect(installationIssues(value)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('names exactly the field that was broken', () => {
    const breakages = [
      ['id', (x: Record<string, unknown>) => ({ ...x, id: -Math.abs(Number(x.id)) })],
      ['elevation', (x: Record<string, unknown>) => ({ ...x, elevation: Number.NaN })],
      ['vendor', (x: Record<string, unknown>) => ({ ...x, vendor: null })],
      [
        'location.longitude',
        (x: Record<string, unknown>) => ({ ...x, location: { latitude: 0, longitude: -200 } }),
      ],
      ['sponsor.name', (x: Record<string, unknown>) => ({ ...x, sponsor: { id: 1, name: false } })],
      ['address.city', (x: Record<string, unknown>) => ({ ...x, address: { city: 3 } })],
    ] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }).chain(storedInstallationArb),
        fc.constantFrom(...breakages),
        (value, [field, breakIt]) => {
          const issues = installationIssues(breakIt(value as unknown as Record<string, unknown>));
          expect(issues.map((issue) => issue.field)).toEqual([field]);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

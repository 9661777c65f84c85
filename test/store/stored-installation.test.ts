import { describe, expect, it } from 'vitest';
import { publicInstallation } from '../../src/store/stored-installation.js';
import { installation } from '../helpers/store-fixtures.js';

describe('publicInstallation', () => {
  it('keeps the spec fields and drops successorId, removed and unknown fields', () => {
    const stored = { ...installation(7, { successorId: 8, removed: true }), secret: 'x' };
    const copy = publicInstallation(stored);
    expect(copy).toEqual(installation(7));
    expect(Object.keys(copy)).toEqual([
      'id',
      'location',
      'address',
      'elevation',
      'vendor',
      'sponsor',
    ]);
  });

  it('keeps optional sponsor fields that are present and no undefined keys', () => {
    const copy = publicInstallation(
      installation(1, {
        sponsor: { id: 2, name: 'S', link: 'https://example.org' },
        address: { city: 'Kraków' },
      }),
    );
    expect(copy.sponsor).toEqual({ id: 2, name: 'S', link: 'https://example.org' });
    expect(Object.keys(copy.address)).toEqual(['city']);
  });

  it('returns a deeply frozen copy that later changes to the input do not reach', () => {
    const stored = installation(3);
    const copy = publicInstallation(stored);
    (stored.location as { latitude: number }).latitude = 0;
    expect(copy.location.latitude).not.toBe(0);
    for (const part of [copy, copy.location, copy.address, copy.sponsor])
      expect(Object.isFrozen(part)).toBe(true);
  });
});

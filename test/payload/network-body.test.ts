import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NetworkInstallation } from '../../src/payload/measurements-service.js';
import { networkBodyParts } from '../../src/payload/network-body.js';
import { RUNS } from '../helpers/property-runs.js';

// A network payload with its elements' JSON: what JSON.stringify, Object.keys and equality
// see of it is the plain payload, and its parts put together are JSON.stringify's bytes.

const element: fc.Arbitrary<NetworkInstallation> = fc.record({
  id: fc.nat(),
  location: fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  }),
  index: fc.record({
    name: fc.constant('CAQI' as const),
    value: fc.option(fc.double({ min: 0, max: 500, noNaN: true })),
    level: fc.constantFrom('VERY_LOW', 'LOW', 'UNKNOWN' as const),
    description: fc.string({ unit: 'grapheme' }),
    color: fc.constantFrom('#6BC926', '#999999'),
  }),
}) as fc.Arbitrary<NetworkInstallation>;

describe('networkBodyParts', () => {
  it('put together, the parts are JSON.stringify of the payload', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (installations) => {
        const json = installations.map((installation) => JSON.stringify(installation));
        const payload = { indexType: 'CAQI' as const, installations };
        const parts = networkBodyParts(payload, json);
        expect(`${parts.opening}${parts.elements.join(',')}${parts.closing}`).toBe(
          JSON.stringify(payload),
        );
        expect(parts.elements).toBe(json);
      }),
      RUNS,
    );
  });

  it('opens with the index type and closes the list, the elements as given between', () => {
    const installation = {
      id: 7,
      location: { latitude: 50, longitude: 19.9 },
      index: { name: 'CAQI', value: 12, level: 'LOW', description: 'Good.', color: '#6BC926' },
    } as NetworkInstallation;
    const text = JSON.stringify(installation);
    expect(networkBodyParts({ indexType: 'CAQI', installations: [installation] }, [text])).toEqual({
      opening: '{"indexType":"CAQI","installations":[',
      elements: [text],
      closing: ']}',
    });
    expect(networkBodyParts({ indexType: 'US_AQI', installations: [] }, [])).toEqual({
      opening: '{"indexType":"US_AQI","installations":[',
      elements: [],
      closing: ']}',
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NetworkInstallation } from '../../src/payload/measurements-service.js';
import {
  ELEMENT_JSON,
  networkBodyParts,
  networkPayloadWithJson,
} from '../../src/payload/network-body.js';
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

describe('networkPayloadWithJson and networkBodyParts', () => {
  it('put together, the parts are JSON.stringify of the payload', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 8 }), (installations) => {
        const json = installations.map((installation) => JSON.stringify(installation));
        const payload = networkPayloadWithJson('CAQI', installations, json);
        const parts = networkBodyParts(payload)!;
        expect(`${parts.opening}${parts.elements.join(',')}${parts.closing}`).toBe(
          JSON.stringify(payload),
        );
        expect(parts.elements).toBe(payload[ELEMENT_JSON]);
      }),
      RUNS,
    );
  });

  it('looks like the plain payload to every reader, and is frozen', () => {
    const installation = {
      id: 7,
      location: { latitude: 50, longitude: 19.9 },
      index: { name: 'CAQI', value: 12, level: 'LOW', description: 'Good.', color: '#6BC926' },
    } as NetworkInstallation;
    const payload = networkPayloadWithJson('CAQI', [installation], [JSON.stringify(installation)]);
    expect(Object.keys(payload)).toEqual(['indexType', 'installations']);
    expect(payload).toEqual({ indexType: 'CAQI', installations: [installation] });
    expect(JSON.stringify(payload)).toBe(
      `{"indexType":"CAQI","installations":[${JSON.stringify(installation)}]}`,
    );
    expect(Object.isFrozen(payload)).toBe(true);
    expect(Object.isFrozen(payload.installations)).toBe(true);
  });

  it('has no parts for a payload without the JSON of its elements', () => {
    expect(networkBodyParts({ indexType: 'CAQI', installations: [] })).toBeUndefined();
    expect(networkBodyParts(null)).toBeUndefined();
    expect(networkBodyParts('{"indexType":"CAQI"}')).toBeUndefined();
  });
});

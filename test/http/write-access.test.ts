import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeKeyOf } from '../../src/http/write-access.js';
import { coreRequest } from '../helpers/http-client.js';
import { RUNS } from '../helpers/property-runs.js';

// HTTP Basic as RFC 7617 defines it: base64 of `user:password` in UTF-8. The oracle encodes
// with Buffer, independently of the adapter's decoding.
const basicOf = (credentials: string | Uint8Array) =>
  `Basic ${Buffer.from(credentials).toString('base64')}`;
const keyOf = (authorization: string) =>
  writeKeyOf(coreRequest('/v2/airq/airrohr', { headers: { authorization } }), 'basic', []);

describe('writeKeyOf: the password of HTTP Basic authentication', () => {
  it('reads ASCII and UTF-8 passwords, with any user name', () => {
    expect(keyOf(basicOf('airrohr:s3cret'))).toBe('s3cret');
    expect(keyOf(basicOf(':s3cret'))).toBe('s3cret');
    expect(keyOf(basicOf('Zoë:pässwörd:with:colons'))).toBe('pässwörd:with:colons');
    expect(keyOf(`basic   ${Buffer.from('u:k').toString('base64')}  `)).toBe('k');
  });

  it('finds no password in an empty one, a missing colon, bad base64 or bytes that are not UTF-8', () => {
    expect(keyOf(basicOf('airrohr:'))).toBeUndefined();
    expect(keyOf(basicOf('airrohr'))).toBeUndefined();
    expect(keyOf('Basic not*base64')).toBeUndefined();
    expect(keyOf('Bearer abc')).toBeUndefined();
    expect(keyOf(basicOf(Uint8Array.of(0x75, 0x3a, 0xff, 0xfe)))).toBeUndefined();
    expect(keyOf(basicOf(Uint8Array.of(0x75, 0x3a, 0xc3)))).toBeUndefined(); // a cut sequence
  });

  it('gives back every password a client encodes (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((user) => !user.includes(':')),
        fc.string({ unit: 'grapheme', minLength: 1 }),
        (user, password) => keyOf(basicOf(`${user}:${password}`)) === password,
      ),
      RUNS,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { chooseKey, keyFromFragment } from '../../../src/page/client/key-source.js';

describe('keyFromFragment', () => {
  it('reads #key=… (decoded), beside other parameters', () => {
    expect(keyFromFragment('#key=abc')).toBe('abc');
    expect(keyFromFragment('#key=abc%2B1&x=1')).toBe('abc+1');
    expect(keyFromFragment('#x=1&key=k')).toBe('k');
  });

  it('has no key for an empty fragment, another parameter or an empty value', () => {
    expect(keyFromFragment('')).toBeUndefined();
    expect(keyFromFragment('#other=1')).toBeUndefined();
    expect(keyFromFragment('#key=')).toBeUndefined();
    expect(keyFromFragment('#key=%20')).toBeUndefined();
  });
});

describe('chooseKey', () => {
  it('prefers the address, then a key typed earlier, then the demo key', () => {
    expect(chooseKey({ fragment: 'a', entered: 'b', demo: 'c' })).toEqual({
      key: 'a',
      source: 'address',
    });
    expect(chooseKey({ fragment: undefined, entered: 'b', demo: 'c' })).toEqual({
      key: 'b',
      source: 'entered',
    });
    expect(chooseKey({ fragment: undefined, entered: '', demo: 'c' })).toEqual({
      key: 'c',
      source: 'demo',
    });
  });

  it('asks when there is none', () => {
    expect(chooseKey({ fragment: undefined, entered: undefined, demo: undefined })).toBeUndefined();
    expect(chooseKey({ fragment: undefined, entered: undefined, demo: '' })).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyRing } from '../../src/http/api-keys.js';
import { nodeSha256Hex, webSha256Hex } from '../../src/http/key-digest.js';

const DEMO_DIGEST = '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea';
const DEFAULTS = { dayLimit: 100, minuteLimit: 50 };

describe('key digests', () => {
  it('node:crypto and Web Crypto give the same SHA-256 (the examples)', async () => {
    const node = nodeSha256Hex();
    expect(node).toBeDefined();
    expect(node?.('demo')).toBe(DEMO_DIGEST);
    expect(await webSha256Hex('demo')).toBe(DEMO_DIGEST);
  });

  it('agree for any text, non-ASCII and lone surrogates included', async () => {
    const node = nodeSha256Hex()!; // Node ≥ 20.16 runs the tests
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => {
        expect(node(text)).toBe(await webSha256Hex(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('a key ring finds the same clients with either digest', async () => {
    const keys = ['demo', { key: 'partner', dayLimit: 5000 }];
    const syncRing = createKeyRing(keys, DEFAULTS);
    const webRing = createKeyRing(keys, DEFAULTS, { sha256Hex: null });
    for (const key of ['demo', 'partner', 'guess', '']) {
      expect(await syncRing.identify(key)).toEqual(await webRing.identify(key));
    }
    expect((await syncRing.identify('demo'))?.clientId).toBe(DEMO_DIGEST);
    let calls = 0;
    const counted = createKeyRing(keys, DEFAULTS, {
      sha256Hex: (text) => {
        calls++;
        return nodeSha256Hex()!(text);
      },
    });
    expect(await counted.identify('partner')).toMatchObject({ dayLimit: 5000 });
    expect(calls).toBe(3); // two configured keys once, then the presented one
  });
});

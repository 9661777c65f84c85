import { deflateRawSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weakEntityTag } from '../../src/http/entity-tag.js';
import { NetworkRuns } from '../../src/http/network-runs.js';
import { joinChunks } from '../../src/payload/json-parts.js';
import type { NetworkBodyParts } from '../../src/payload/network-body.js';
import { RUNS } from '../helpers/property-runs.js';

// A network body kept in runs, after any sequence of changes to its elements (one replaced,
// inserted or removed, the index type changed), must be byte for byte the body serialised
// whole, gzip to exactly those bytes, carry the tag weakEntityTag gives them, and have
// compressed again only the runs whose elements changed.

const decoder = new TextDecoder();

// What NetworkIndexes hands out: one string per element, the same string while it is kept.
const element = fc
  .record({ id: fc.nat(99_999), value: fc.option(fc.double({ noNaN: true })), text: fc.string() })
  .map((value) => JSON.stringify(value));

type Change =
  | { kind: 'replace' | 'insert'; at: number; json: string }
  | { kind: 'remove'; at: number }
  | { kind: 'indexType'; name: string };

const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace'), at: fc.nat(), json: element }),
  },
  fc.record({ kind: fc.constant('insert'), at: fc.nat(), json: element }),
  fc.record({ kind: fc.constant('remove'), at: fc.nat() }),
  fc.record({ kind: fc.constant('indexType'), name: fc.constantFrom('CAQI', 'US_AQI', 'PIJP') }),
);

function applied(elements: readonly string[], step: Change): string[] {
  const next = [...elements];
  if (step.kind === 'indexType') return next;
  const at = step.at % (elements.length + (step.kind === 'insert' ? 1 : 0) || 1);
  if (step.kind === 'insert') next.splice(at, 0, step.json);
  else if (elements.length > 0 && step.kind === 'replace') next[at] = step.json;
  else if (elements.length > 0) next.splice(at, 1);
  return next;
}

function partsOf(indexType: string, elements: readonly string[]): NetworkBodyParts {
  return { opening: `{"indexType":"${indexType}","installations":[`, elements, closing: ']}' };
}

// A node:zlib deflater that counts the bytes it is asked to compress.
function countingDeflater() {
  const asked: string[] = [];
  const deflateRaw = async (bytes: Uint8Array) => {
    asked.push(decoder.decode(bytes));
    return deflateRawSync(bytes, { level: 6 });
  };
  return { asked, deflateRaw };
}

describe('NetworkRuns', () => {
  it('is the whole serialisation after any changes, gzipped to it, each changed run compressed once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(element, { maxLength: 12 }),
        fc.array(change, { maxLength: 6 }),
        fc.integer({ min: 1, max: 5 }),
        async (start, changes, runElements) => {
          const { asked, deflateRaw } = countingDeflater();
          let elements = start;
          let indexType = 'CAQI';
          let runs: NetworkRuns | undefined;
          let before: { text: string; etag: string } | undefined;
          for (const step of [undefined, ...changes]) {
            if (step !== undefined) elements = applied(elements, step);
            if (step?.kind === 'indexType') indexType = step.name;
            const previous = runs;
            runs = NetworkRuns.of(partsOf(indexType, elements), previous, runElements);
            const text = `{"indexType":"${indexType}","installations":[${elements.join(',')}]}`;
            const bytes = joinChunks(runs.chunks);
            expect(decoder.decode(bytes)).toBe(text);
            expect(runs.length).toBe(bytes.byteLength);
            expect(runs.etag).toBe(weakEntityTag(bytes));
            // A run the previous body had is taken as it is, and never compressed again.
            const kept = new Set(previous?.chunks);
            const fresh = runs.chunks.filter((chunk) => !kept.has(chunk));
            asked.length = 0;
            const member = await runs.gzip(deflateRaw, { effort: 'best' });
            expect(gunzipSync(member).toString('utf8')).toBe(text);
            if (previous !== undefined) {
              expect(asked).toEqual(fresh.map((chunk) => decoder.decode(chunk)));
            }
            // The tag changes exactly when the bytes do.
            if (before !== undefined) expect(runs.etag === before.etag).toBe(text === before.text);
            before = { text, etag: runs.etag };
          }
        },
      ),
      RUNS,
    );
  });

  it('takes every run back after one element changed but the one that holds it', async () => {
    const elements = Array.from({ length: 10 }, (_, id) => JSON.stringify({ id, value: id }));
    const first = NetworkRuns.of(partsOf('CAQI', elements), undefined, 4);
    expect(first.chunks.map((chunk) => decoder.decode(chunk))).toEqual([
      `{"indexType":"CAQI","installations":[${elements.slice(0, 4).join(',')}`,
      `,${elements.slice(4, 8).join(',')}`,
      `,${elements.slice(8).join(',')}]}`,
    ]);
    const changed = [...elements];
    changed[5] = JSON.stringify({ id: 5, value: 50 });
    const second = NetworkRuns.of(partsOf('CAQI', changed), first, 4);
    expect(second.chunks[0]).toBe(first.chunks[0]);
    expect(second.chunks[1]).not.toBe(first.chunks[1]);
    expect(second.chunks[2]).toBe(first.chunks[2]);
    // An element serialised again to the same text keeps its run.
    const same = [...changed];
    same[5] = JSON.stringify({ id: 5, value: 50 });
    expect(NetworkRuns.of(partsOf('CAQI', same), second, 4).chunks).toEqual(second.chunks);
  });

  it('answers an empty network as one run, and keeps the gzip member it joined', async () => {
    const { asked, deflateRaw } = countingDeflater();
    const runs = NetworkRuns.of(partsOf('CAQI', []), undefined);
    expect(runs.chunks.map((chunk) => decoder.decode(chunk))).toEqual([
      '{"indexType":"CAQI","installations":[]}',
    ]);
    const member = await runs.gzip(deflateRaw, { effort: 'best' });
    expect(await runs.gzip(deflateRaw, { effort: 'best' })).toBe(member);
    expect(asked).toHaveLength(1);
  });

  it('forgets a failed compression, so the next gzip answer tries again', async () => {
    const runs = NetworkRuns.of(partsOf('CAQI', ['1', '2']), undefined, 1);
    let calls = 0;
    const failingOnce = async (bytes: Uint8Array) => {
      calls++;
      if (calls === 1) throw new Error('deflate failed');
      return deflateRawSync(bytes);
    };
    await expect(runs.gzip(failingOnce, { effort: 'best' })).rejects.toThrow('deflate failed');
    const member = await runs.gzip(failingOnce, { effort: 'best' });
    expect(gunzipSync(member).toString()).toBe('{"indexType":"CAQI","installations":[1,2]}');
  });
});

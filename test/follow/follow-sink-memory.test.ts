// The follow sink's memory of a source's previous batch, alone: what counts as a repeat, two
// generations and no more, at most 64 samples of a place, and the samples it never takes for
// repeats (a time that is no whole millisecond or too far out, a name that is no measurement
// type). The property compares it with a naive oracle that keys by text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceMemory } from '../../src/follow/follow-sink-memory.js';
import { RUNS } from '../helpers/property-runs.js';

const ID = 1_000_000_000_001_071;
const T = Date.UTC(2026, 11, 4, 9);

describe('SourceMemory', () => {
  it('knows a value remembered in this batch or the previous one, and no older', () => {
    const memory = new SourceMemory();
    memory.remember(ID, 'PM10', T, 12.5);
    expect(memory.isRepeat(ID, 'PM10', T, 12.5)).toBe(true);
    expect(memory.isRepeat(ID, 'PM10', T, 12.6)).toBe(false);
    expect(memory.isRepeat(ID, 'PM25', T, 12.5)).toBe(false);
    expect(memory.isRepeat(ID, 'PM10', T + 1, 12.5)).toBe(false);
    expect(memory.isRepeat(ID + 1, 'PM10', T, 12.5)).toBe(false);
    memory.endBatch();
    expect(memory.isRepeat(ID, 'PM10', T, 12.5)).toBe(true);
    memory.endBatch(); // a batch without it
    expect(memory.isRepeat(ID, 'PM10', T, 12.5)).toBe(false);
  });

  it('takes the newer generation first, tells -0 from 0, and forgets on drop and forget', () => {
    const memory = new SourceMemory();
    memory.remember(ID, 'PM10', T, 7);
    memory.remember(ID, 'HUMIDITY', T, 0);
    memory.endBatch();
    memory.remember(ID, 'PM10', T, 5);
    expect(memory.isRepeat(ID, 'PM10', T, 7)).toBe(false);
    expect(memory.isRepeat(ID, 'PM10', T, 5)).toBe(true);
    expect(memory.isRepeat(ID, 'HUMIDITY', T, -0)).toBe(false);
    memory.drop(ID, 'PM10', T);
    expect(memory.isRepeat(ID, 'PM10', T, 5)).toBe(false);
    expect(memory.isRepeat(ID, 'PM10', T, 7)).toBe(false);
    expect(memory.isRepeat(ID, 'HUMIDITY', T, 0)).toBe(true);
    memory.forget();
    expect(memory.isRepeat(ID, 'HUMIDITY', T, 0)).toBe(false);
  });

  it('never takes for a repeat a time that is no whole millisecond or too far out, or an unknown name', () => {
    const memory = new SourceMemory();
    // 2⁵³ / 16 ms: beyond it, time × 16 would no longer be exact.
    const far = 2 ** 53 / 16;
    for (const [name, atMs] of [
      ['PM10', T + 0.5],
      ['PM10', far],
      ['PM10', -far],
      ['SOOT', T],
    ] as const) {
      memory.remember(ID, name, atMs, 1);
      expect(memory.isRepeat(ID, name, atMs, 1)).toBe(false);
    }
    // Times that would meet in one key if fractions were kept: PM10 at T + 1/16 and PM1 at T.
    memory.remember(ID, 'PM1', T, 3);
    expect(memory.isRepeat(ID, 'PM10', T + 1 / 16, 3)).toBe(false);
  });

  it('remembers at most 64 samples of a place a batch, and then none of the older value either', () => {
    const memory = new SourceMemory();
    const minute = (m: number) => T + m * 60_000;
    memory.remember(ID, 'PM10', minute(100), 7);
    memory.endBatch();
    for (let m = 0; m < 64; m++) memory.remember(ID, 'PM10', minute(m), m);
    memory.remember(ID, 'PM10', minute(100), 5); // the 65th: not remembered
    expect(memory.isRepeat(ID, 'PM10', minute(100), 5)).toBe(false);
    // Were 7 still known, a later 7 at that time would pass for a repeat and 5 would stay.
    expect(memory.isRepeat(ID, 'PM10', minute(100), 7)).toBe(false);
    expect(memory.isRepeat(ID, 'PM10', minute(63), 63)).toBe(true);
    expect(memory.isRepeat(ID + 1, 'PM10', minute(100), 7)).toBe(false);
  });

  it('agrees with a naive oracle over any remembers, drops and batch ends (1,000 runs)', () => {
    const names = ['PM1', 'PM25', 'PM10', 'NO', 'TEMPERATURE'] as const;
    const step = fc.oneof(
      fc.record({
        kind: fc.constantFrom('remember' as const, 'drop' as const, 'ask' as const),
        id: fc.constantFrom(ID, ID + 1, 3_000_000_000_000_042),
        name: fc.constantFrom(...names),
        atMs: fc.constantFrom(T, T + 1, T - 60_000, 0, -1),
        value: fc.constantFrom(0, -0, 1, 2.5),
      }),
      fc.constant({ kind: 'end' as const }),
      fc.constant({ kind: 'forget' as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const memory = new SourceMemory();
        let previous = new Map<string, number>();
        let current = new Map<string, number>();
        for (const s of steps) {
          if (s.kind === 'end') {
            memory.endBatch();
            [previous, current] = [current, new Map()];
            continue;
          }
          if (s.kind === 'forget') {
            memory.forget();
            [previous, current] = [new Map(), new Map()];
            continue;
          }
          const key = `${s.id} ${s.name} ${s.atMs}`;
          if (s.kind === 'remember') {
            memory.remember(s.id, s.name, s.atMs, s.value);
            current.set(key, s.value);
          } else if (s.kind === 'drop') {
            memory.drop(s.id, s.name, s.atMs);
            current.delete(key);
            previous.delete(key);
          } else {
            const known = current.has(key) ? current.get(key) : previous.get(key);
            const expected = known !== undefined && Object.is(known, s.value);
            expect(memory.isRepeat(s.id, s.name, s.atMs, s.value)).toBe(expected);
          }
        }
      }),
      RUNS,
    );
  });
});

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
  it('knows a value noted in this batch or the previous one, and no older', () => {
    const memory = new SourceMemory();
    expect(memory.note(ID, 'PM10', T, 12.5)).toBe(false);
    expect(memory.note(ID, 'PM10', T, 12.5)).toBe(true); // earlier in this batch
    expect(memory.note(ID, 'PM25', T, 12.5)).toBe(false);
    expect(memory.note(ID, 'PM10', T + 1, 12.5)).toBe(false);
    expect(memory.note(ID + 1, 'PM10', T, 12.5)).toBe(false);
    memory.endBatch();
    expect(memory.note(ID, 'PM10', T, 12.5)).toBe(true);
    memory.endBatch();
    memory.endBatch(); // a batch without it
    expect(memory.note(ID, 'PM10', T, 12.5)).toBe(false);
  });

  it("takes the batch's last word first, tells -0 from 0, and forgets on drop and forget", () => {
    const memory = new SourceMemory();
    memory.note(ID, 'PM10', T, 7);
    memory.note(ID, 'HUMIDITY', T, 0);
    memory.note(ID, 'NO', T, 1);
    memory.endBatch();
    expect(memory.note(ID, 'PM10', T, 5)).toBe(false);
    expect(memory.note(ID, 'PM10', T, 7)).toBe(false); // 5 is this batch's word for that time
    expect(memory.note(ID, 'PM10', T, 7)).toBe(true);
    expect(memory.note(ID, 'HUMIDITY', T, -0)).toBe(false);
    memory.drop(ID, 'NO', T); // from the previous batch
    expect(memory.note(ID, 'NO', T, 1)).toBe(false);
    memory.note(ID, 'O3', T, 2);
    memory.drop(ID, 'O3', T); // from this one
    expect(memory.note(ID, 'O3', T, 2)).toBe(false);
    memory.endBatch();
    expect(memory.note(ID, 'PM10', T, 7)).toBe(true);
    memory.forget();
    expect(memory.note(ID, 'HUMIDITY', T, -0)).toBe(false);
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
      memory.note(ID, name, atMs, 1);
      expect(memory.note(ID, name, atMs, 1)).toBe(false);
    }
    // Times that would meet in one key if fractions were kept: PM10 at T + 1/16 and PM1 at T.
    memory.note(ID, 'PM1', T, 3);
    expect(memory.note(ID, 'PM10', T + 1 / 16, 3)).toBe(false);
  });

  it('notes at most 64 samples of a place a batch, and then none of the older value either', () => {
    const memory = new SourceMemory();
    const minute = (m: number) => T + m * 60_000;
    memory.note(ID, 'PM10', minute(100), 7);
    memory.note(ID, 'PM10', minute(101), 8);
    memory.endBatch();
    for (let m = 0; m < 64; m++) memory.note(ID, 'PM10', minute(m), m);
    // The 65th is not noted, and 7 is forgotten: were it still known, a later 7 at that time
    // would pass for a repeat and 5 would stay.
    expect(memory.note(ID, 'PM10', minute(100), 5)).toBe(false);
    expect(memory.note(ID, 'PM10', minute(100), 7)).toBe(false);
    // A repeat of the batch before is one still (the store has it), but known no longer.
    expect(memory.note(ID, 'PM10', minute(101), 8)).toBe(true);
    expect(memory.note(ID, 'PM10', minute(101), 8)).toBe(false);
    expect(memory.note(ID, 'PM10', minute(63), 63)).toBe(true);
    expect(memory.note(ID + 1, 'PM10', minute(100), 7)).toBe(false);
  });

  it('agrees with a naive oracle over any notes, drops and batch ends (1,000 runs)', () => {
    const names = ['PM1', 'PM25', 'PM10', 'NO', 'TEMPERATURE'] as const;
    const step = fc.oneof(
      fc.record({
        kind: fc.constantFrom('note' as const, 'drop' as const),
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
          if (s.kind === 'drop') {
            memory.drop(s.id, s.name, s.atMs);
            current.delete(key);
            previous.delete(key);
            continue;
          }
          const known = current.has(key) ? current.get(key) : previous.get(key);
          const expected = known !== undefined && Object.is(known, s.value);
          expect(memory.note(s.id, s.name, s.atMs, s.value)).toBe(expected);
          current.set(key, s.value);
        }
      }),
      RUNS,
    );
  });
});

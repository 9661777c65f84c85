import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestWindows } from '../../src/payload/request-windows.js';
import { MS_PER_HOUR } from '../../src/time/instant.js';
import { measurementWindows } from '../../src/time/windows.js';

describe('RequestWindows', () => {
  it('shares the hourly windows within an hour (the example)', () => {
    const windows = new RequestWindows();
    const a = windows.at(Date.parse('2026-11-21T09:27:00Z'));
    const b = windows.at(Date.parse('2026-11-21T09:41:00Z'));
    expect(b.history).toBe(a.history);
    expect(b.current).toEqual({
      fromMs: Date.parse('2026-11-21T08:41:00Z'),
      tillMs: Date.parse('2026-11-21T09:41:00Z'),
    });
    expect(Object.isFrozen(b) && Object.isFrozen(b.current)).toBe(true);
  });

  it('always equals measurementWindows', () => {
    const base = Date.UTC(2026, 10, 21);
    const instant = fc.oneof(
      fc.integer({ min: base - 3 * MS_PER_HOUR, max: base + 3 * MS_PER_HOUR }),
      fc.integer({ min: -8.6e15, max: 8.6e15 }),
    );
    const windows = new RequestWindows();
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 10 }), (instants) => {
        for (const nowMs of instants) expect(windows.at(nowMs)).toEqual(measurementWindows(nowMs));
      }),
      { numRuns: 1000 },
    );
  });
});

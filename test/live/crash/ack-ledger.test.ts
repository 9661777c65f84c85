// The crash tests' oracle on worked cases: what may be served after acknowledged and
// unanswered writes, and what a read settles.
import { describe, expect, it } from 'vitest';
import { AckLedger, sampleKey } from '../../helpers/live-ledger.js';

const A = sampleKey(101, 'PM10', Date.UTC(2026, 10, 21, 8, 30));
const B = sampleKey(101, 'NO2', Date.UTC(2026, 10, 21, 8, 30));
const KEYS = new Set([A, B]);

describe('AckLedger', () => {
  it('wants the last acknowledged value, and nothing where nothing was sent', () => {
    const ledger = new AckLedger({ settledOnRead: true });
    ledger.acknowledged(A, 1);
    ledger.acknowledged(A, 2);
    expect(ledger.check(new Map([[A, 2]]), KEYS)).toEqual([]);
    expect(ledger.check(new Map([[A, 1]]), KEYS)).toEqual([
      '101|PM10|2026-11-21T08:30:00.000Z: served 1, acknowledged 2, unanswered []',
    ]);
    expect(ledger.check(new Map(), KEYS)).toHaveLength(1);
    expect(
      ledger.check(
        new Map([
          [A, 2],
          [B, 5],
        ]),
        KEYS,
      ),
    ).toEqual(['101|NO2|2026-11-21T08:30:00.000Z: served 5, acknowledged nothing, unanswered []']);
    expect(
      ledger.check(
        new Map([
          [A, 2],
          ['7|PM10|x', 5],
        ]),
        KEYS,
      ),
    ).toEqual(['7|PM10|x: served 5 but never sent']);
  });

  it('allows an unanswered value or the acknowledged one; a served one must stay', () => {
    const ledger = new AckLedger({ settledOnRead: false });
    ledger.acknowledged(A, 1);
    ledger.unanswered(A, 2);
    ledger.unanswered(A, 3);
    ledger.unanswered(B, 9);
    expect(ledger.check(new Map([[A, 1]]), KEYS)).toEqual([]);
    expect(
      ledger.check(
        new Map([
          [A, 2],
          [B, 9],
        ]),
        KEYS,
      ),
    ).toEqual([]);
    // 2 was served: from now on 2 or the later 3, never 1 again; 9 may not go away.
    expect(
      ledger.check(
        new Map([
          [A, 1],
          [B, 9],
        ]),
        KEYS,
      ),
    ).toHaveLength(1);
    expect(ledger.check(new Map([[A, 3]]), KEYS)).toEqual([
      '101|NO2|2026-11-21T08:30:00.000Z: served nothing, acknowledged 9, unanswered []',
    ]);
    expect(ledger.counts).toEqual({ acknowledged: 1, unanswered: 3, unansweredServed: 3 });
  });

  it('settled: what a read shows after a restart is final for the unanswered values', () => {
    const ledger = new AckLedger({ settledOnRead: true });
    ledger.acknowledged(A, 1);
    ledger.unanswered(A, 2);
    ledger.unanswered(B, 9);
    expect(ledger.check(new Map([[A, 1]]), KEYS)).toEqual([]);
    expect(ledger.check(new Map([[A, 2]]), KEYS)).toHaveLength(1);
    expect(
      ledger.check(
        new Map([
          [A, 1],
          [B, 9],
        ]),
        KEYS,
      ),
    ).toHaveLength(1);
  });
});

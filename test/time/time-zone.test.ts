import { describe, expect, it } from 'vitest';
import { outputsUnderZones } from '../helpers/process-time-zones.js';

// The windows must not depend on the process time zone. Besides CI running the whole folder
// under each zone, this test computes the same windows in child processes with different TZ
// values and demands byte-identical output, so a local run catches a regression too.
const ZONES = ['UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Warsaw'];
const INSTANTS = [
  '2026-11-21T09:27:00.000Z',
  '2026-11-21T09:00:00.000Z',
  '2026-03-29T00:45:00.000Z', // Warsaw spring forward at 01:00 UTC
  '2026-03-29T01:30:00.000Z',
  '2026-10-25T00:59:59.999Z', // Warsaw fall back at 01:00 UTC
  '2026-10-25T01:15:00.000Z',
  '2026-11-01T03:31:00.000Z', // St John's fall back
];

const script = `
  import { measurementWindows, formatTimestamp, parseTimestamp } from './src/time/index.js';
  const out = ${JSON.stringify(INSTANTS)}.map((iso) => {
    const w = measurementWindows(Date.parse(iso));
    const all = [w.current, ...w.history, ...w.forecast];
    return all.map((x) => formatTimestamp(x.fromMs) + '/' + formatTimestamp(x.tillMs)).join(',')
      + '|' + parseTimestamp('2026-11-21T09:00:00') + '|' + parseTimestamp('2026-11-21');
  });
  console.log(JSON.stringify(out));
`;

describe('time windows in every process time zone', () => {
  it('are identical under UTC, +05:30, +05:45, -03:30 and Europe/Warsaw', () => {
    const outputs = outputsUnderZones(script, ZONES);
    for (const output of outputs) expect(output).toBe(outputs[0]);
    expect(JSON.parse(outputs[0]!)[0]).toContain(
      '2026-11-21T08:27:00.000Z/2026-11-21T09:27:00.000Z,2026-11-20T09:00:00.000Z/',
    );
  }, 60_000);
});

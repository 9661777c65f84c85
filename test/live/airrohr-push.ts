// Builders shared by the airRohr example tests.
import { readAirRohrPush } from '../../src/live/airrohr-body.js';

// A push of these values; the chip id is 9372054 unless one is passed (even `undefined`).
export const push = (values: readonly (readonly [string, unknown])[], ...id: [unknown?]) => ({
  esp8266id: id.length === 0 ? '9372054' : id[0],
  software_version: 'NRZ-2024-135',
  sensordatavalues: values.map(([value_type, value]) => ({ value_type, value })),
});

export function accepted(body: unknown, header?: string) {
  const result = readAirRohrPush(body, header);
  if (!result.ok) throw new Error(`expected ok, got ${result.message}`);
  return result;
}

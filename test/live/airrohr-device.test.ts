// readAirRohrPush: worked examples of every refusal of a body and of how the device is named.
import { describe, expect, it } from 'vitest';
import { readAirRohrPush } from '../../src/live/airrohr-body.js';
import { accepted, push } from './airrohr-push.js';

describe('readAirRohrPush refusals', () => {
  it('refuses a body that is not an object, with what it was', () => {
    expect(readAirRohrPush([1, 2], undefined)).toEqual({
      ok: false,
      message: 'the body must be a JSON object, got an array',
    });
    expect(readAirRohrPush(null, undefined)).toEqual({
      ok: false,
      message: 'the body must be a JSON object, got null',
    });
    expect(readAirRohrPush('{"esp8266id":"1"}', undefined)).toEqual({
      ok: false,
      message: 'the body must be a JSON object, got a string',
    });
  });

  it('refuses a body without a sensordatavalues array', () => {
    expect(readAirRohrPush({ esp8266id: '1' }, undefined)).toEqual({
      ok: false,
      message: 'sensordatavalues must be an array, got undefined',
    });
    expect(readAirRohrPush({ esp8266id: '1', sensordatavalues: {} }, undefined)).toEqual({
      ok: false,
      message: 'sensordatavalues must be an array, got an object',
    });
  });

  it('refuses an element that is not an object with a string value_type', () => {
    const bad = [
      ['"SDS_P1"', 'SDS_P1'],
      ['{"value":"1.00"}', { value: '1.00' }],
      ['{"value_type":7,"value":"1.00"}', { value_type: 7, value: '1.00' }],
      ['null', null],
    ] as const;
    for (const [shown, element] of bad) {
      const body = {
        esp8266id: '1',
        sensordatavalues: [{ value_type: 'SDS_P1', value: '1' }, element],
      };
      expect(readAirRohrPush(body, undefined)).toEqual({
        ok: false,
        message: `sensordatavalues[1] must be an object with a string value_type, got ${shown}`,
      });
    }
  });

  it('refuses a push that names no device, in the header or the body', () => {
    for (const [header, id] of [
      [undefined, undefined],
      ['esp8266-', 'abc'],
      ['ESP8266-123', '12a'],
      ['esp8266-12 34', -1],
      ['esp32-123x', ''],
      ['esp8266-123456789012345678901', 1.5],
    ] as const) {
      const result = readAirRohrPush(push([['SDS_P1', '1']], id), header);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^no device: X-Sensor must be/);
    }
    expect(readAirRohrPush(push([], undefined), 'x')).toEqual({
      ok: false,
      message:
        'no device: X-Sensor must be esp8266-<decimal chip id> or esp32-<hex chip id>, or esp8266id a decimal chip id; got X-Sensor "x" and esp8266id undefined',
    });
  });
});

describe('readAirRohrPush device', () => {
  it('takes the X-Sensor header first, esp8266 or esp32', () => {
    expect(accepted(push([], '111'), 'esp8266-222').device).toBe('esp8266-222');
    expect(accepted(push([], '111'), 'esp32-3333').device).toBe('esp32-3333');
    expect(accepted(push([], undefined), ' esp32-3333 ').device).toBe('esp32-3333');
  });

  it('falls back on esp8266id, a string of digits or a whole number', () => {
    expect(accepted(push([], '9372054'), undefined).device).toBe('esp8266-9372054');
    expect(accepted(push([], '9372054'), 'esp8266-').device).toBe('esp8266-9372054');
    expect(accepted(push([], 15303512), undefined).device).toBe('esp8266-15303512');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessLog, LOG_FLUSH_INTERVAL_MS } from '../../src/cli/access-log.js';

afterEach(() => {
  vi.useRealTimers();
});

function capture() {
  const writes: string[] = [];
  return { writes, destination: { write: (text: string) => writes.push(text) } };
}

describe('createAccessLog', () => {
  it('writes a line within a second, without being flushed by hand', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T09:27:00Z') });
    const { writes, destination } = capture();
    const log = createAccessLog('info', destination);
    log.logger?.info('request', { method: 'GET', url: '/v2/meta/indexes', status: 200 });
    expect(LOG_FLUSH_INTERVAL_MS).toBeLessThanOrEqual(1000);
    vi.advanceTimersByTime(LOG_FLUSH_INTERVAL_MS);
    expect(writes).toEqual([
      '{"level":30,"time":1795253220000,"msg":"request","method":"GET","url":"/v2/meta/indexes","status":200}\n',
    ]);
  });

  it('gathers the lines of one moment into one write, and flush writes what waits', () => {
    vi.useFakeTimers({ now: 0 });
    const { writes, destination } = capture();
    const log = createAccessLog('info', destination);
    log.logger?.info('request', { status: 200 });
    log.logger?.info('request', { status: 404 });
    expect(writes).toEqual([]);
    log.flush();
    expect(writes).toEqual([
      '{"level":30,"time":0,"msg":"request","status":200}\n{"level":30,"time":0,"msg":"request","status":404}\n',
    ]);
    vi.advanceTimersByTime(LOG_FLUSH_INTERVAL_MS);
    expect(writes).toHaveLength(1);
  });

  it('writes errors with their type, message and stack; filters by level', () => {
    vi.useFakeTimers({ now: 0 });
    const { writes, destination } = capture();
    const log = createAccessLog('error', destination);
    log.logger?.info('request', { status: 200 });
    log.logger?.error('request failed', { url: '/v2/x', error: new RangeError('bad') });
    log.flush();
    const [line] = writes.join('').trim().split('\n');
    expect(JSON.parse(line ?? '')).toMatchObject({
      level: 50,
      msg: 'request failed',
      url: '/v2/x',
      error: { type: 'RangeError', message: 'bad', stack: expect.stringContaining('RangeError') },
    });
    expect(writes.join('').trim().split('\n')).toHaveLength(1);
  });

  it('writes nothing when silent, and survives a destination that throws', () => {
    expect(createAccessLog('silent').logger).toBeUndefined();
    const log = createAccessLog('info', {
      write: () => {
        throw new Error('closed');
      },
    });
    log.logger?.info('request', {});
    expect(() => log.flush()).not.toThrow();
  });
});

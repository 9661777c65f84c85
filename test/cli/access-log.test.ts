import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAccessLog,
  createFdDestination,
  type FdWrite,
  LOG_FLUSH_INTERVAL_MS,
} from '../../src/cli/access-log.js';

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

describe('the lines of createAccessLog', () => {
  // What the lines have always been: the record spread after level, time and msg, Errors as
  // plain fields.
  const plainErrors = (_: string, value: unknown) =>
    value instanceof Error
      ? { type: value.name, message: value.message, stack: value.stack }
      : value;
  const expectedLine = (level: number, msg: string, fields: object) =>
    `${JSON.stringify({ level, time: 1_795_253_220_000, msg, ...fields }, plainErrors)}\n`;

  it('are the JSON of the spread record, whatever the fields hold', () => {
    vi.useFakeTimers({ now: 1_795_253_220_000 });
    const value = fc.oneof(
      fc.string(),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(null, undefined, new RangeError('bad'), () => 1, Symbol('s')),
      fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.string(), { maxKeys: 3 }),
    );
    const name = fc.oneof(
      fc.constantFrom('method', 'url', 'status', 'error', 'level', 'time', 'msg', '0', '"q"'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(name, value, { maxKeys: 5 }),
        fc.string(),
        fc.boolean(),
        (fields, message, isError) => {
          const { writes, destination } = capture();
          const log = createAccessLog('info', destination);
          if (isError) log.logger?.error(message, fields);
          else log.logger?.info(message, fields);
          log.flush();
          expect(writes).toEqual([expectedLine(isError ? 50 : 30, message, fields)]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('are the access line of the adapter, byte for byte', () => {
    vi.useFakeTimers({ now: 1_795_253_220_000 });
    const { writes, destination } = capture();
    const log = createAccessLog('info', destination);
    const url = '/v2/measurements/point?lat=50.06&lng=19.93&apikey=[redacted]';
    log.logger?.info('request', { method: 'GET', url, status: 200 });
    log.flush();
    expect(writes).toEqual([
      `{"level":30,"time":1795253220000,"msg":"request","method":"GET","url":"${url}","status":200}\n`,
    ]);
  });
});

describe('createFdDestination', () => {
  // A write that only finishes when the test says so, as a busy terminal would.
  function slowWrite() {
    const calls: {
      bytes: Buffer;
      text: string;
      done: (error: NodeJS.ErrnoException | null, n: number) => void;
    }[] = [];
    const write: FdWrite = (_fd, bytes, done) =>
      calls.push({ bytes: Buffer.from(bytes), text: Buffer.from(bytes).toString('utf8'), done });
    return { calls, write };
  }

  it("never writes in the caller's turn, and sends what came meanwhile in one write, in order", () => {
    const { calls, write } = slowWrite();
    const destination = createFdDestination(1, { write });
    destination.write('a\n');
    destination.write('b\n');
    destination.write('c\n');
    expect(calls.map((call) => call.text)).toEqual(['a\n']);
    calls[0]?.done(null, 2);
    expect(calls.map((call) => call.text)).toEqual(['a\n', 'b\nc\n']);
    calls[1]?.done(null, 4);
    expect(calls).toHaveLength(2);
  });

  it('writes the rest of a partial write, retries a full pipe later, and goes on after an error', () => {
    vi.useFakeTimers();
    const { calls, write } = slowWrite();
    const destination = createFdDestination(1, { write });
    const line = Buffer.from('żółw\n');
    destination.write('żółw\n');
    // 3 of the 9 bytes: the rest starts inside the ó, and is sent as bytes.
    calls[0]?.done(null, 3);
    expect(calls[1]?.bytes).toEqual(line.subarray(3));
    calls[1]?.done(Object.assign(new Error('again'), { code: 'EAGAIN' }), 0);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(10);
    expect(calls[2]?.bytes).toEqual(line.subarray(3));
    calls[2]?.done(Object.assign(new Error('bad fd'), { code: 'EBADF' }), 0);
    destination.write('next\n');
    expect(calls.at(-1)?.text).toBe('next\n');
  });

  it('keeps at most the backlog waiting, and says how many lines it dropped once it caught up', () => {
    vi.useFakeTimers({ now: 0 });
    const { calls, write } = slowWrite();
    const destination = createFdDestination(1, { write, backlogChars: 10 });
    destination.write('first\n');
    destination.write('12345\n');
    destination.write('dropped\n');
    destination.write('two\nlines\n');
    calls[0]?.done(null, 6);
    expect(calls.map((call) => call.text)).toEqual([
      'first\n',
      '12345\n{"level":40,"time":0,"msg":"log lines dropped","dropped":3}\n',
    ]);
  });

  it('writes every line to a real file descriptor, off the main thread', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'airq-access-log-'));
    const path = join(folder, 'log');
    const fd = openSync(path, 'w');
    try {
      const log = createAccessLog('info', createFdDestination(fd));
      for (let i = 0; i < 2000; i++) log.logger?.info('request', { status: i });
      log.flush();
      await vi.waitFor(() => expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(2001));
      const lines = readFileSync(path, 'utf8').trim().split('\n');
      expect(lines.map((line) => JSON.parse(line).status)).toEqual([...Array(2000).keys()]);
    } finally {
      closeSync(fd);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

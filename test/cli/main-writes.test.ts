import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

// `airq --write-keys`: the banner says where writes go, the start says what the journal held,
// and what was written before a stop is served after the next start.

const FIXTURE = 'test/fixtures/store-installations.json';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'airq-main-writes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function serve(argv: string[], work: (url: string) => Promise<void>) {
  let stop: (signal: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const environment = cliEnvironment(argv, { stop: stopRequested });
  const exit = main(environment.env);
  while (!environment.out.some((line) => line.startsWith('Or open'))) {
    if (environment.err.length > 0) throw new Error(environment.err.join('\n'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const url = environment.out.find((line) => line.startsWith('Listening on '))!.slice(13);
  await work(url);
  stop('SIGTERM');
  expect(await exit).toBe(0);
  return environment;
}

describe('airq --write-keys', () => {
  it('announces the write routes, journals writes and replays them at the next start', async () => {
    const argv = ['--port', '0', '--quiet', '--installations', FIXTURE, '--keys', 'r'];
    argv.push('--write-keys', 'w', '--data-dir', dir, '--now', '2026-11-21T09:27:00Z');
    const body = JSON.stringify([
      { installationId: 1001, name: 'PM10', timestamp: '2026-11-21T09:05:00Z', value: 12.5 },
    ]);
    const first = await serve(argv, async (url) => {
      const answer = await fetch(`${url}/v2/airq/samples`, {
        method: 'POST',
        headers: { apikey: 'w', 'content-type': 'application/json' },
        body,
      });
      expect(await answer.json()).toEqual({ accepted: 1, rejected: [] });
    });
    expect(first.out[0]).toMatch(new RegExp(`live writes journaled in ${dir}$`));
    expect(first.out).toContainEqual(
      expect.stringMatching(
        /^Writes: POST http:\/\/127\.0\.0\.1:\d+\/v2\/airq\/samples or \/v2\/airq\/airrohr with a write key/,
      ),
    );
    expect(first.err).toEqual([`journal ${dir}: 0 samples in 0 writes replayed`]);

    // Without write keys, the directory that exists is still read: what was written is served.
    const again = await serve(
      argv.filter((arg) => arg !== '--write-keys' && arg !== 'w'),
      async (url) => {
        const answer = await fetch(`${url}/v2/measurements/installation?installationId=1001`, {
          headers: { apikey: 'r' },
        });
        const payload = (await answer.json()) as {
          current: { values: { name: string; value: number }[] };
        };
        expect(payload.current.values).toContainEqual({ name: 'PM10', value: 12.5 });
      },
    );
    expect(again.err).toEqual([`journal ${dir}: 1 samples in 1 writes replayed`]);
    expect(again.out.some((line) => line.startsWith('Writes:'))).toBe(false);
  });
});

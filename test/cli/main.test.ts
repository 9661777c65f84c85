import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_USAGE, main } from '../../src/cli/main.js';
import { cliEnvironment } from '../helpers/cli-environment.js';
import { freePort } from '../helpers/throwaway-server.js';

const FIXTURE = 'test/fixtures/store-installations.json';

describe('main', () => {
  it('prints help and exits 0', async () => {
    const { out, env } = cliEnvironment(['--help']);
    expect(await main(env)).toBe(0);
    expect(out.join('\n')).toContain('--minute-limit');
  });

  it('lists every command with its options under the name airq', async () => {
    const { out, env } = cliEnvironment(['-h']);
    expect(await main(env)).toBe(0);
    const help = out.join('\n');
    expect(help).toMatch(/^Usage: airq \[options\]/);
    for (const text of ['airq import', '--from SOURCE', '--out DIR', '--version', '--redis URL'])
      expect(help).toContain(text);
    expect(help).not.toContain('npm start --');
    expect(help).not.toContain('npm run');
  });

  it('prints the version of the package', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const { out, env } = cliEnvironment([flag]);
      expect(await main(env)).toBe(0);
      expect(out).toEqual([version]);
    }
  });

  it('exits 2 with a clear message for bad flags', async () => {
    const { err, env } = cliEnvironment(['--port', 'eighty']);
    expect(await main(env)).toBe(EXIT_USAGE);
    expect(err.join('\n')).toBe(
      'airq: --port must be an integer in [0, 65535], got "eighty"\nRun with --help for the options.',
    );
  });

  it('exits 1 when the data cannot be loaded', async () => {
    const { err, env } = cliEnvironment([
      '--port',
      '0',
      '--installations',
      '/nonexistent/airq.json',
    ]);
    expect(await main(env)).toBe(EXIT_FAILURE);
    expect(err.join('\n')).toMatch(/^airq: cannot start: [\s\S]*\/nonexistent\/airq\.json/);
  });

  it('exits 1 within the deadline when Redis cannot be reached, without printing its URL', async () => {
    const port = await freePort();
    const url = `redis://user:hunter2@127.0.0.1:${port}`;
    const { err, env } = cliEnvironment([
      '--port',
      '0',
      '--installations',
      FIXTURE,
      '--redis',
      url,
    ]);
    const startMs = performance.now();
    expect(await main(env)).toBe(EXIT_FAILURE);
    expect(performance.now() - startMs).toBeLessThan(5000);
    expect(err.join('\n')).toMatch(/^airq: cannot start: counters unavailable/);
    expect(err.join('\n')).not.toContain('hunter2');
  });

  it('prints the URL, the demo key and a curl line, logs requests without keys, and stops on a signal', async () => {
    let stop: (signal: string) => void = () => {};
    const { out, logLines, env } = cliEnvironment(
      ['--port', '0', '--now', '2026-11-21T09:27:00Z'],
      {
        stop: new Promise((resolve) => {
          stop = resolve;
        }),
      },
    );
    const exit = main(env);
    while (!out.some((line) => line.startsWith('Try: curl')))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const key =
      out.find((line) => line.startsWith('Demo API key: '))?.slice('Demo API key: '.length) ?? '';
    const url =
      out.find((line) => line.startsWith('Listening on '))?.slice('Listening on '.length) ?? '';
    expect(out.find((line) => line.startsWith('Try: curl'))).toBe(
      `Try: curl -H 'apikey: ${key}' '${url}/v2/measurements/point?lat=50.0614&lng=19.9366'`,
    );
    expect((await fetch(`${url}/v2/meta/indexes?apikey=${key}`)).status).toBe(200);
    stop('SIGTERM');
    expect(await exit).toBe(0);
    // One JSON line per request, the key redacted; the key appears only in the banner.
    const access = logLines.map((line) => JSON.parse(line));
    expect(access).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/v2/meta/indexes?apikey=[redacted]',
        status: 200,
      }),
    ]);
    expect(logLines.join('').includes(key)).toBe(false);
    expect(out.join('\n').split(key).length - 1).toBe(2); // the banner's key line and curl line
    await expect(fetch(`${url}/v2/meta/indexes`)).rejects.toThrow();
  });
});

describe('npm start (scripts/start.mjs) as a real process', () => {
  it('exits 2 on a bad flag', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--who', '1999'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('--who must be 2021 or 2005, got "1999"');
  });

  it("writes a request's log line while it keeps serving", async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', '--keys', 'k1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    try {
      while (!stdout.includes('Try: curl')) {
        if (child.exitCode !== null) throw new Error(`exited early: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const url = /Listening on (\S+)/.exec(stdout)?.[1] ?? '';
      expect((await fetch(`${url}/v2/meta/indexes`, { headers: { apikey: 'k1' } })).status).toBe(
        200,
      );
      // The process is not stopped: the line must come out on its own (the timed flush).
      while (!stdout.includes('"msg":"request"')) {
        if (child.exitCode !== null) throw new Error(`exited early: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const line = stdout.split('\n').find((text) => text.includes('"msg":"request"')) ?? '';
      expect(JSON.parse(line)).toMatchObject({ level: 30, url: '/v2/meta/indexes', status: 200 });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['scripts/start.mjs', '--port', '0', '--keys', 'proc-key', '--quiet'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    while (!stdout.includes('Try: curl')) {
      if (child.exitCode !== null) throw new Error(`exited early: ${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(stdout).toContain('API keys: as configured (not printed)');
    expect(stdout).not.toContain('proc-key');
    const url = /Listening on (\S+)/.exec(stdout)?.[1] ?? '';
    expect(
      (await fetch(`${url}/v2/meta/measurements`, { headers: { apikey: 'proc-key' } })).status,
    ).toBe(200);
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stdout).toContain('SIGTERM received, shutting down');
  });
});

import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, type ServeOptions } from '../../src/cli/parse-args.js';
import { SERVER_TIMEOUTS, startServer } from '../../src/cli/start-server.js';

const NOW = '2026-11-21T09:27:00.000Z';

function options(argv: string[]): ServeOptions {
  const command = parseCliArgs(['--port', '0', '--quiet', ...argv], {});
  if (command.kind !== 'serve') throw new Error(`bad test flags: ${JSON.stringify(command)}`);
  return command.options;
}

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'airq-cli-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('startServer', () => {
  it('serves the sample network with a generated demo key, a frozen clock and timeouts set', async () => {
    const running = await startServer(options(['--now', NOW]));
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(running.demoKey).toMatch(/^demo-[A-Za-z0-9_-]{16}$/);
      expect(running.server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeoutMs);
      expect(running.server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeoutMs);
      expect(running.server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeoutMs);
      const point = running.examplePoint;
      const response = await fetch(
        `${running.url}/v2/measurements/point?lat=${point?.latitude}&lng=${point?.longitude}`,
        {
          headers: { apikey: running.demoKey ?? '' },
        },
      );
      expect(response.status).toBe(200);
      const json = await response.json();
      expect(json.current.tillDateTime).toBe(NOW);
      expect(json.interpolation.contributors.length).toBeGreaterThan(0);
      expect(
        (await fetch(`${running.url}/v2/meta/indexes`, { headers: { apikey: 'wrong' } })).status,
      ).toBe(401);
    } finally {
      await running.close();
    }
    expect(running.server.listening).toBe(false);
  });

  it('serves installations and samples from files, with configured keys and limits', async () => {
    const installationsPath = join(directory, 'installations.json');
    const samplesPath = join(directory, 'samples.csv');
    const installation = {
      id: 11,
      location: { latitude: 50.06, longitude: 19.94 },
      address: { country: 'Poland', city: 'Kraków', street: 'Rynek', number: '1' },
      elevation: 219,
      vendor: true,
      sponsor: { id: 1, name: 'Test' },
    };
    await writeFile(
      installationsPath,
      JSON.stringify([installation, { ...installation, id: 12, successorId: 11 }]),
    );
    await writeFile(
      samplesPath,
      'installationId,name,timestamp,value\n11,PM25,2026-11-21T09:00:00.000Z,12.5\n',
    );
    const running = await startServer(
      options([
        '--installations',
        installationsPath,
        '--samples',
        samplesPath,
        '--keys',
        'file-key:2',
        '--now',
        NOW,
        '--who',
        '2005',
      ]),
    );
    try {
      expect(running.demoKey).toBeUndefined();
      expect(running.examplePoint).toEqual(installation.location);
      const headers = { apikey: 'file-key' };
      const response = await fetch(
        `${running.url}/v2/measurements/installation?installationId=12`,
        { headers },
      );
      expect(response.status).toBe(200);
      expect(response.redirected).toBe(true);
      const json = await response.json();
      expect(json.current.values).toEqual([{ name: 'PM25', value: 12.5 }]);
      expect(json.current.standards[0]).toMatchObject({ pollutant: 'PM25', limit: 25 });
      const limited = await fetch(`${running.url}/v2/installations/11`, { headers });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('x-ratelimit-limit-day')).toBe('2');
    } finally {
      await running.close();
    }
  });

  it('keeps the samples of the files inside --retention and says how many were older', async () => {
    const installationsPath = join(directory, 'retention-installations.json');
    const samplesPath = join(directory, 'retention-samples.csv');
    const installation = {
      id: 21,
      location: { latitude: 50.06, longitude: 19.94 },
      address: { country: 'Poland', city: 'Kraków' },
      elevation: 219,
      vendor: true,
      sponsor: { id: 1, name: 'Test' },
    };
    await writeFile(installationsPath, JSON.stringify([installation]));
    // 12 hours before 09:27 is 21:27 the day before: the second and third samples are older.
    const csv = [
      'installationId,name,timestamp,value',
      '21,PM10,2026-11-21T08:30:00Z,10',
      '21,PM10,2026-11-20T20:30:00Z,99',
      '21,PM10,2026-11-18T09:30:00Z,99',
    ];
    await writeFile(samplesPath, `${csv.join('\n')}\n`);
    const lines: string[] = [];
    const argv = ['--installations', installationsPath, '--samples', samplesPath, '--now', NOW];
    const running = await startServer(options([...argv, '--retention', '12h', '--keys', 'k']), {
      report: (line) => lines.push(line),
    });
    try {
      expect(lines).toEqual([
        '2 samples were older than the retention horizon 2026-11-20T21:27:00.000Z (--retention) and not kept',
      ]);
      const response = await fetch(
        `${running.url}/v2/measurements/installation?installationId=21`,
        {
          headers: { apikey: 'k' },
        },
      );
      const json = await response.json();
      expect(json.current.values).toEqual([{ name: 'PM10', value: 10 }]);
      // Only the hour of the kept sample has a value: 20:00–21:00 lost its only one.
      const withValues = json.history.filter(
        (hour: { values: unknown[] }) => hour.values.length > 0,
      );
      expect(withValues.map((hour: { fromDateTime: string }) => hour.fromDateTime)).toEqual([
        '2026-11-21T08:00:00.000Z',
      ]);
    } finally {
      await running.close();
    }
  });

  it('prunes the sample network in memory to --retention too', async () => {
    const running = await startServer(options(['--now', NOW, '--retention', '12h', '--keys', 'n']));
    try {
      const { latitude, longitude } = running.examplePoint!;
      const response = await fetch(
        `${running.url}/v2/measurements/point?lat=${latitude}&lng=${longitude}`,
        { headers: { apikey: 'n' } },
      );
      const { history } = await response.json();
      const horizonMs = Date.parse(NOW) - 12 * 3_600_000;
      // The hours wholly before the horizon have nothing left; the others keep their values.
      const empty = history.map((hour: { values: unknown[] }) => hour.values.length === 0);
      const expired = history.map((hour: { tillDateTime: string }) => {
        return Date.parse(hour.tillDateTime) <= horizonMs;
      });
      expect(empty).toEqual(expired);
      expect(expired).toContain(true);
    } finally {
      await running.close();
    }
  });

  it('imports a Sensor.Community directory, serves it, and removes the imported files', async () => {
    const lines: string[] = [];
    const running = await startServer(
      options([
        '--import-sensor-community',
        'test/fixtures/import/sensor-community',
        '--now',
        '2026-11-21T09:30:00Z',
        '--keys',
        'k1',
      ]),
      { report: (line) => lines.push(line) },
    );
    try {
      expect(running.description).toBe(
        '3 installations imported from the Sensor.Community files in test/fixtures/import/sensor-community',
      );
      expect(lines.filter((line) => line.startsWith('rejected: '))).toHaveLength(6);
      expect(lines).toContain('Read 3 files: 14 rows, 8 kept, 6 rejected.');
      const response = await fetch(
        `${running.url}/v2/measurements/installation?installationId=27101`,
        {
          headers: { apikey: 'k1' },
        },
      );
      const json = await response.json();
      // A third-party installation shows its latest full hour, 08:00–09:00 (DHT22: -0.9 and -0.95 °C).
      expect(json.current.values).toEqual([
        { name: 'HUMIDITY', value: 91.4 },
        { name: 'TEMPERATURE', value: -0.93 },
      ]);
      const written = lines.find((line) => line.startsWith('Wrote '))!;
      const outDir = /to (.*)\/samples\.csv$/.exec(written)![1]!;
      await expect(access(outDir)).rejects.toThrow(/ENOENT/);
    } finally {
      await running.close();
    }
  });

  it('rejects unreadable files and a port in use', async () => {
    await expect(
      startServer(options(['--installations', join(directory, 'missing.json')])),
    ).rejects.toThrow(/missing\.json/);
    const first = await startServer(options(['--now', NOW]));
    try {
      const port = Number(new URL(first.url).port);
      await expect(startServer({ ...options(['--now', NOW]), port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

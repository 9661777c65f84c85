import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCalibrateCommand } from '../../src/cli/calibrate-command.js';
import { seededRandom } from '../../src/sample/seeded-noise.js';
import { cliEnvironment } from '../helpers/cli-environment.js';

// `airq calibrate` on an irregular colocation, checked against oracles written here: hourly
// means by grouping the samples on their hour, least squares by the normal equations, and the
// openair statistics from their definitions.

const root = mkdtempSync(join(tmpdir(), 'airq-calibrate-hours-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const H = 3_600_000;
const START = Date.UTC(2024, 4, 1);
const HOURS = 200;

// The sample network's seeded generator: the same colocation on every run.
const random = seededRandom;

type Sample = { name: 'PM25' | 'HUMIDITY'; atMs: number; value: number };

// 0 to 3 samples of each kind an hour (some on the hour exactly), and a reference that is a
// noisy line of the hour's true level (always positive, so every ratio of fac2 is a number),
// missing now and then (an empty value or no row).
function colocation(seed: number) {
  const next = random(seed);
  const samples: Sample[] = [];
  const reference = new Map<number, number | undefined>();
  for (let h = 0; h < HOURS; h++) {
    const level = 5 + 40 * next();
    const humidity = 30 + 65 * next();
    for (const [name, centre] of [
      ['PM25', level],
      ['HUMIDITY', humidity],
    ] as const) {
      const count = Math.floor(next() * 4);
      // Sample k lies in minutes [20k, 20k + 20), so no two share an instant.
      for (let k = 0; k < count; k++) {
        const minute = 20 * k + (next() < 0.2 ? 0 : 1 + Math.floor(next() * 1140) / 60);
        samples.push({
          name,
          atMs: START + h * H + minute * 60_000,
          value: Math.round(centre + 4 * next() - 2),
        });
      }
    }
    const draw = next();
    if (draw < 0.05) continue;
    reference.set(
      START + h * H,
      draw < 0.1 ? undefined : Number((4 + 0.9 * level - 0.07 * humidity + 3 * next()).toFixed(1)),
    );
  }
  return { samples, reference };
}

function writeFiles(name: string, { samples, reference }: ReturnType<typeof colocation>) {
  const rows = samples.map(
    ({ name: kind, atMs, value }) => `42,${kind},${new Date(atMs).toISOString()},${value}`,
  );
  const hours = [...reference].map(
    ([atMs, value]) => `${new Date(atMs).toISOString()},${value ?? ''}`,
  );
  const samplesFile = join(root, `${name}-samples.csv`);
  const referenceFile = join(root, `${name}-reference.csv`);
  writeFileSync(samplesFile, `installationId,name,timestamp,value\n${rows.join('\n')}\n`);
  writeFileSync(referenceFile, `timestamp,value\n${hours.reverse().join('\n')}\n`);
  return { samplesFile, referenceFile };
}

type Pair = { atMs: number; pm: number; rh: number; ref: number };

// An hour is paired when it holds a PM25 sample and a HUMIDITY sample and the reference has a value.
function pairsOracle({ samples, reference }: ReturnType<typeof colocation>): Pair[] {
  const sums = new Map<string, [number, number]>();
  for (const { name, atMs, value } of samples) {
    const key = `${name}@${Math.floor(atMs / H) * H}`;
    const [sum, count] = sums.get(key) ?? [0, 0];
    sums.set(key, [sum + value, count + 1]);
  }
  const mean = (key: string) => {
    const entry = sums.get(key);
    return entry === undefined ? undefined : entry[0] / entry[1];
  };
  const pairs: Pair[] = [];
  for (let h = 0; h < HOURS; h++) {
    const atMs = START + h * H;
    const [pm, rh, ref] = [mean(`PM25@${atMs}`), mean(`HUMIDITY@${atMs}`), reference.get(atMs)];
    if (pm !== undefined && rh !== undefined && ref !== undefined)
      pairs.push({ atMs, pm, rh, ref });
  }
  return pairs;
}

// The normal equations of [1, pm, rh], solved by Gauss–Jordan elimination with partial pivoting.
function leastSquaresOracle(pairs: readonly Pair[]): [number, number, number] {
  const m = [0, 1, 2].map(() => [0, 0, 0, 0]);
  for (const { pm, rh, ref } of pairs) {
    const x = [1, pm, rh];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) m[i]![j]! += x[i]! * x[j]!;
      m[i]![3]! += x[i]! * ref;
    }
  }
  for (let c = 0; c < 3; c++) {
    const pivot = [0, 1, 2]
      .filter((r) => r >= c)
      .reduce((a, b) => (Math.abs(m[b]![c]!) > Math.abs(m[a]![c]!) ? b : a));
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return [m[0]![3]! / m[0]![0]!, m[1]![3]! / m[1]![1]!, m[2]![3]! / m[2]![2]!];
}

// openair's modStats, from the definitions (every pair here is complete and M/O a number).
function statisticsOracle(m: readonly number[], o: readonly number[]): Record<string, number> {
  const n = m.length;
  const sum = (f: (i: number) => number) => m.reduce((s, _, i) => s + f(i), 0);
  const [meanM, meanO, sumO] = [sum((i) => m[i]!) / n, sum((i) => o[i]!) / n, sum((i) => o[i]!)];
  const absError = sum((i) => Math.abs(m[i]! - o[i]!));
  const spread = sum((i) => Math.abs(o[i]! - meanO));
  const covariance = sum((i) => (m[i]! - meanM) * (o[i]! - meanO));
  const varM = sum((i) => (m[i]! - meanM) ** 2);
  const varO = sum((i) => (o[i]! - meanO) ** 2);
  return {
    n,
    mb: sum((i) => m[i]! - o[i]!) / n,
    mge: absError / n,
    nmb: sum((i) => m[i]! - o[i]!) / sumO,
    nmge: absError / sumO,
    rmse: Math.sqrt(sum((i) => (m[i]! - o[i]!) ** 2) / n),
    r: covariance / Math.sqrt(varM * varO),
    coe: 1 - absError / spread,
    ioa: absError <= 2 * spread ? 1 - absError / (2 * spread) : (2 * spread) / absError - 1,
    fac2: sum((i) => (m[i]! / o[i]! >= 0.5 && m[i]! / o[i]! <= 2 ? 1 : 0)) / n,
  };
}

// The printed table that starts with `title`, read back: statistic → [raw, corrected].
function printedTable(out: readonly string[], title: string): Map<string, [number, number]> {
  const start = out.findIndex((line) => new RegExp(`^${title} +raw +corrected$`).test(line));
  expect(start).toBeGreaterThan(0);
  const rows = out.slice(start + 1, start + 11).map((line) => line.split(/ +/));
  return new Map(rows.map(([name, raw, corrected]) => [name!, [Number(raw), Number(corrected)]]));
}

// Three decimals printed: within half a unit of the last place of the oracle's value.
function expectTable(
  table: Map<string, [number, number]>,
  pairs: readonly Pair[],
  b: readonly number[],
) {
  const reference = pairs.map((pair) => pair.ref);
  const raw = statisticsOracle(
    pairs.map((pair) => pair.pm),
    reference,
  );
  const corrected = statisticsOracle(
    pairs.map(({ pm, rh }) => Math.max(0, b[0]! + b[1]! * pm + b[2]! * rh)),
    reference,
  );
  expect([...table.keys()]).toEqual(Object.keys(raw));
  for (const [name, [printedRaw, printedCorrected]] of table) {
    expect(Math.abs(printedRaw - raw[name]!), `raw ${name}`).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(Math.abs(printedCorrected - corrected[name]!), `corrected ${name}`).toBeLessThanOrEqual(
      0.0005 + 1e-9,
    );
  }
}

async function calibrate(name: string, seed: number, extra: string[] = []) {
  const data = colocation(seed);
  const { samplesFile, referenceFile } = writeFiles(name, data);
  const outFile = join(root, `${name}.json`);
  const argv = ['--samples', samplesFile, '--reference', referenceFile, '--out', outFile, ...extra];
  const { out, err, env } = cliEnvironment(argv);
  expect(await runCalibrateCommand(env)).toBe(0);
  expect(err).toEqual([]);
  const { coefficients } = JSON.parse(readFileSync(outFile, 'utf8'));
  return {
    data,
    out,
    fitted: [coefficients.intercept, coefficients.pm25, coefficients.rh] as number[],
  };
}

function close(got: readonly number[], want: readonly number[]) {
  for (const [i, value] of want.entries())
    expect(Math.abs(got[i]! - value)).toBeLessThanOrEqual(1e-8 * Math.max(1, Math.abs(value)));
}

describe('airq calibrate on an irregular colocation', () => {
  it('pairs only the hours with a PM25 and a HUMIDITY sample and a reference value', async () => {
    const { data, out, fitted } = await calibrate('complete', 2024);
    const pairs = pairsOracle(data);
    // The colocation does exercise the rule: hours with a reference value but a sensor kind
    // without a sample, and the reverse.
    const referenced = [...data.reference.values()].filter((value) => value !== undefined).length;
    expect(pairs.length).toBeLessThan(referenced - 20);
    expect(pairs.length).toBeGreaterThan(50);
    const want = leastSquaresOracle(pairs);
    close(fitted, want);
    expect(out[2]).toBe(
      `LINEAR correction = intercept + pm25 × PM25 + rh × HUMIDITY, fitted on ${pairs.length} hours`,
    );
    const printed = out.slice(3, 6).map((line) => Number(line.trim().split(/ +/)[1]));
    for (const [i, value] of printed.entries())
      expect(Math.abs(value - want[i]!)).toBeLessThanOrEqual(5e-7 + 1e-12);
    expectTable(printedTable(out, 'fit'), pairs, want);
  });

  it('fits on the hours that end by --test-from and tests on those that start from it', async () => {
    const testFromMs = START + 150 * H + 30 * 60_000;
    const extra = ['--test-from', new Date(testFromMs).toISOString(), '--min-pairs', '10'];
    const { data, out, fitted } = await calibrate('split', 7, extra);
    const pairs = pairsOracle(data);
    const before = pairs.filter((pair) => pair.atMs + H <= testFromMs);
    const after = pairs.filter((pair) => pair.atMs >= testFromMs);
    // The hour that holds the instant belongs to neither.
    expect(before.length + after.length).toBe(
      pairs.filter((pair) => pair.atMs !== START + 150 * H).length,
    );
    expect(out[1]).toMatch(new RegExp(`^fit +${before.length} paired hours, `));
    expect(out[2]).toMatch(new RegExp(`^test +${after.length} paired hours, `));
    const want = leastSquaresOracle(before);
    close(fitted, want);
    expectTable(printedTable(out, 'fit'), before, want);
    expectTable(printedTable(out, 'test'), after, want);
  });
});
